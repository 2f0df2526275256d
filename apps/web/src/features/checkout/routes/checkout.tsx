import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

export function CheckoutScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.pages.checkout')} />;
}

export default CheckoutScreen;
