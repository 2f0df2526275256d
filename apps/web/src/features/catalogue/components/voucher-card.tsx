import type { VoucherSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { boughtLabel, pointsEarnedLabel, priceLabel } from '../../../shared/catalogue/price.ts';
import { ItemCard, type CardProps } from './item-card.tsx';
import styles from '../catalogue.module.css';

/** A voucher: price (Free / From), points earned and bought count; its status follows the sale. */
export function VoucherCard({ voucher, ...shown }: CardProps & { voucher: VoucherSummary }) {
  const { t } = useTranslation();
  return (
    <ItemCard kind="voucher" item={voucher} dates={[voucher.saleStartsAt, voucher.saleEndsAt]} {...shown}>
      <p className={styles.itemCardPrice} data-testid="voucher-price">
        {priceLabel(t, voucher.price, voucher.hasPriceOptions)}
      </p>
      <p className={styles.itemCardMeta}>
        {voucher.pointsEarned > 0 && <span>{pointsEarnedLabel(t, voucher.pointsEarned)}</span>}
        {voucher.boughtCount > 0 && <span>{boughtLabel(t, voucher.boughtCount)}</span>}
      </p>
    </ItemCard>
  );
}
