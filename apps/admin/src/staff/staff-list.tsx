import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function StaffList() {
  const { t } = useTranslation();
  return <Typography.Title level={2}>{t('admin.nav.members')}</Typography.Title>;
}
