import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A role with nothing on the side menu yet (marketing, store staff: their screens come next). */
export function Welcome() {
  const { t } = useTranslation();
  return <Result status="info" title={t('admin.welcome.title')} subTitle={t('admin.welcome.body')} />;
}

/** A screen the role may not use (an address typed by hand). */
export function NotAllowed() {
  const { t } = useTranslation();
  return <Result status="403" title={t('admin.forbidden.title')} subTitle={t('admin.forbidden.body')} />;
}
