import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { PrivilegeSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { pointsCostLabel } from '../../../shared/catalogue/price.ts';
import { formatNumber } from '../../../shared/format.ts';
import { ItemCard, type CardProps } from './item-card.tsx';

/** A privilege: points cost and likes; its status follows the validity. */
export function PrivilegeCard({ privilege, ...shown }: CardProps & { privilege: PrivilegeSummary }) {
  const { t } = useTranslation();
  return (
    <ItemCard
      kind="privilege"
      item={privilege}
      dates={[privilege.validFrom, privilege.validUntil]}
      {...shown}
    >
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
    </ItemCard>
  );
}
