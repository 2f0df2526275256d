import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { PrivilegeSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pointsCostLabel } from '../../../shared/catalogue/price.ts';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { privilegePath } from '../../../shared/paths.ts';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import { SoldOutLabel, StatusLabel, TierBadge } from './badges.tsx';

/** A privilege: picture, merchant, title, points cost, likes, tier and validity status. */
export function PrivilegeCard({ privilege, now }: { privilege: PrivilegeSummary; now: number }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const status = voucherStatus(now, privilege.validFrom, privilege.validUntil);
  const soldOut = privilege.unavailableReason === 'sold_out';
  return (
    <Link
      to={to(privilegePath(privilege.id))}
      className="item-card"
      data-testid="privilege-card"
      data-id={privilege.id}
    >
      <MediaBox src={privilege.imageUrl} alt="" ratio="4 / 3" width={800} height={600} />
      <div className="item-card-body">
        <p className="item-card-merchant">{privilege.merchant.name}</p>
        <h3 className="item-card-title">{privilege.title}</h3>
        <p className="item-card-price">{pointsCostLabel(t, privilege.pointsCost)}</p>
        {(privilege.likeCount > 0 || privilege.liked) && (
          <p className="item-card-meta">
            <span className={privilege.liked ? 'likes liked' : 'likes'}>
              {privilege.liked ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}{' '}
              {t('catalogue.likes', {
                count: privilege.likeCount,
                number: formatNumber(privilege.likeCount),
              })}
            </span>
          </p>
        )}
        {(privilege.tier || status || soldOut) && (
          <p className="item-card-tags">
            {privilege.tier && privilege.tier !== 'member' && <TierBadge tier={privilege.tier} />}
            {soldOut ? <SoldOutLabel /> : status && <StatusLabel status={status} />}
          </p>
        )}
      </div>
    </Link>
  );
}
