import type { VoucherSummary } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { privilegePath, voucherPath } from '../../../shared/paths.ts';
import { Artwork } from '../../../shared/ui/artwork.tsx';
import { ItemTags } from './badges.tsx';
import styles from '../catalogue.module.css';
import { Phrases } from '../../../shared/ui/phrases.tsx';

/** What every catalogue item has, whatever its kind. */
export type ItemBasics = Pick<
  VoucherSummary,
  'id' | 'title' | 'imageUrl' | 'merchant' | 'tier' | 'unavailableReason'
>;

/** How a card is shown: the time its status is told at, and whether its picture is among the first. */
export type CardProps = { now: number; eager?: boolean };

/**
 * The frame of a voucher or privilege card: one link to the item's detail holding the picture,
 * merchant, title, the kind's own lines (`children`: price, points, likes…), then tier and the status
 * of its `dates` (on sale, or valid, from … until).
 */
export function ItemCard({
  kind,
  item,
  dates: [from, until],
  now,
  eager,
  children,
}: CardProps & {
  kind: 'voucher' | 'privilege';
  item: ItemBasics;
  dates: [string, string | null];
  children: ReactNode;
}) {
  const { to } = useLocalizedPath();
  const href = to(kind === 'voucher' ? voucherPath(item.id) : privilegePath(item.id));
  return (
    <Link to={href} className={styles.itemCard} data-testid={`${kind}-card`} data-id={item.id}>
      <Artwork src={item.imageUrl} eager={eager} />
      <div className={styles.itemCardBody}>
        <p className={styles.itemCardMerchant}>{item.merchant.name}</p>
        <h3 className={styles.itemCardTitle}>
          <Phrases text={item.title} />
        </h3>
        {children}
        <ItemTags
          tier={item.tier}
          soldOut={item.unavailableReason === 'sold_out'}
          status={voucherStatus(now, from, until)}
        />
      </div>
    </Link>
  );
}
