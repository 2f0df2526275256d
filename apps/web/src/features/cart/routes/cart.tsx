import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

export function CartScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.pages.cart')} />;
}

export default CartScreen;
