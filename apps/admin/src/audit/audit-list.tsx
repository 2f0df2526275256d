import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function AuditList() {
  const { t } = useTranslation();
  return <Typography.Title level={2}>{t('admin.nav.members')}</Typography.Title>;
}
