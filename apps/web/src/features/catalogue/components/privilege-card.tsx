import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { PrivilegeSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { pointsCostLabel } from '../../../shared/catalogue/price.ts';
import { formatNumber } from '../../../shared/format.ts';
import { ItemCard, type CardProps } from './item-card.tsx';
import styles from '../catalogue.module.css';

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
      <p className={styles.itemCardPrice}>{pointsCostLabel(t, privilege.pointsCost)}</p>
      {(privilege.likeCount > 0 || privilege.liked) && (
        <p className={styles.itemCardMeta}>
          <span className={privilege.liked ? `${styles.likes} ${styles.liked}` : styles.likes}>
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
