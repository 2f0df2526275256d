import type { OrderLine } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format.ts';
import styles from '../checkout.module.css';

type StoreGroup = { merchant: OrderLine['merchant']; lines: OrderLine[] };

/** Lines grouped by store, stores in the order their first line comes. */
export function groupByStore(lines: OrderLine[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const line of lines) {
    const group = groups.get(line.merchant.id) ?? { merchant: line.merchant, lines: [] };
    group.lines.push(line);
    groups.set(line.merchant.id, group);
  }
  return [...groups.values()];
}

/** What is being bought: each store, then its vouchers with option, quantity and line total. */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  const { t } = useTranslation();
  return (
    <>
      {groupByStore(lines).map(({ merchant, lines: storeLines }) => (
        <section key={merchant.id} className={styles.storeGroup} aria-label={merchant.name}>
          <p className={styles.store}>
            {merchant.logoUrl && (
              <img
                className={styles.storeLogo}
                src={merchant.logoUrl}
                alt={t('checkout.items.storeLogo', { store: merchant.name })}
                width={28}
                height={28}
              />
            )}
            <span>{merchant.name}</span>
          </p>
          <ul className={styles.lines}>
            {storeLines.map((line) => (
              <li
                key={`${line.voucherId}:${line.priceOptionId ?? ''}:${line.cartItemId ?? ''}`}
                className={styles.line}
                data-testid="checkout-line"
              >
                <img className={styles.lineImage} src={line.imageUrl} alt="" width={64} height={64} />
                <div>
                  <p className={styles.lineTitle}>{line.title}</p>
                  {line.priceOptionLabel && <p className={styles.lineMeta}>{line.priceOptionLabel}</p>}
                  <p className={styles.lineMeta}>
                    {t('checkout.items.unitPrice', { price: formatMoney(line.unitPrice) })}
                  </p>
                </div>
                <p className={styles.lineTotal}>
                  {formatMoney(line.lineTotal)}
                  <span className={styles.lineQuantity}>
                    {t('checkout.items.quantity', { count: line.quantity })}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
