import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

export function NotificationsScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.pages.notifications')} />;
}

export default NotificationsScreen;
