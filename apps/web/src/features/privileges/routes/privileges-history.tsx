import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

export function PrivilegesHistoryScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.pages.privilegesHistory')} />;
}

export default PrivilegesHistoryScreen;
