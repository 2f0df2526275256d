import { RightOutlined } from '@ant-design/icons';
import type { Merchant } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { storePath } from '../../../shared/paths.ts';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import styles from '../catalogue.module.css';

/** A store in the Store tab: logo, name, category and how many vouchers it has; opens its vouchers. */
export function MerchantCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  return (
    <Link to={to(storePath(merchant.id))} className={styles.merchantCard} data-testid="merchant-card">
      <MediaBox
        src={merchant.logoUrl}
        alt=""
        ratio="1 / 1"
        width={256}
        height={256}
        className={styles.merchantLogo}
      />
      <span className={styles.merchantCardText}>
        <span className={styles.merchantCardName}>{merchant.name}</span>
        <span className={styles.merchantCardMeta}>
          {merchant.category.name} · {t('catalogue.store.voucherCount', { count: merchant.voucherCount })}
        </span>
      </span>
      <RightOutlined aria-hidden className={styles.chevron} />
    </Link>
  );
}
