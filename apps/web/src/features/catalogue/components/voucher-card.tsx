import type { VoucherSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { boughtLabel, pointsEarnedLabel, priceLabel } from '../../../shared/catalogue/price.ts';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { voucherPath } from '../../../shared/paths.ts';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import { SoldOutLabel, StatusLabel, TierBadge } from './badges.tsx';

/**
 * The voucher card of spec section 3: picture, merchant, title, price (Free / From), points, bought
 * count, tier and status. The whole card is one link.
 */
export function VoucherCard({
  voucher,
  now,
  eager,
}: {
  voucher: VoucherSummary;
  now: number;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const status = voucherStatus(now, voucher.saleStartsAt, voucher.saleEndsAt);
  const soldOut = voucher.unavailableReason === 'sold_out';
  return (
    <Link
      to={to(voucherPath(voucher.id))}
      className="item-card"
      data-testid="voucher-card"
      data-id={voucher.id}
    >
      <MediaBox src={voucher.imageUrl} alt="" ratio="4 / 3" width={800} height={600} eager={eager} />
      <div className="item-card-body">
        <p className="item-card-merchant">{voucher.merchant.name}</p>
        <h3 className="item-card-title">{voucher.title}</h3>
        <p className="item-card-price" data-testid="voucher-price">
          {priceLabel(t, voucher.price, voucher.hasPriceOptions)}
        </p>
        <p className="item-card-meta">
          {voucher.pointsEarned > 0 && <span>{pointsEarnedLabel(t, voucher.pointsEarned)}</span>}
          {voucher.boughtCount > 0 && <span>{boughtLabel(t, voucher.boughtCount)}</span>}
        </p>
        {(voucher.tier || status || soldOut) && (
          <p className="item-card-tags">
            {voucher.tier && voucher.tier !== 'member' && <TierBadge tier={voucher.tier} />}
            {soldOut ? <SoldOutLabel /> : status && <StatusLabel status={status} />}
          </p>
        )}
      </div>
    </Link>
  );
}
