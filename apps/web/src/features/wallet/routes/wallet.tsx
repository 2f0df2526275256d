import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

export function WalletScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.pages.wallet')} />;
}

export default WalletScreen;
