import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

export function HistoryScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.pages.history')} />;
}

export default HistoryScreen;
