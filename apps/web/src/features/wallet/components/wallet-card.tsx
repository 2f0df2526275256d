import type { WalletVoucher } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { walletVoucherPath } from '../../../shared/paths.ts';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { walletStatus } from '../lib/wallet-state.ts';
import { StatusLabel } from './status-label.tsx';
import styles from '../wallet.module.css';

/** One voucher of the wallet: picture, merchant, title, option and how long it can still be used. */
export function WalletCard({ voucher, eager }: { voucher: WalletVoucher; eager?: boolean }) {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const status = walletStatus(voucher);
  return (
    <Link
      to={to(walletVoucherPath(voucher.id))}
      className={styles.card}
      data-testid="wallet-card"
      data-id={voucher.id}
    >
      <MediaBox
        className={styles.cardMedia}
        src={voucher.imageUrl}
        alt=""
        ratio="4 / 3"
        width={800}
        height={600}
        eager={eager}
      />
      <div className={styles.cardBody}>
        <p className={styles.cardMerchant}>{voucher.merchant.name}</p>
        <h2 className={styles.cardTitle}>
          <Phrases text={voucher.title} />
        </h2>
        {voucher.priceOptionLabel && <p className={styles.cardOption}>{voucher.priceOptionLabel}</p>}
        <p className={styles.cardTags}>
          {status ? (
            <StatusLabel status={status} />
          ) : (
            <span className={styles.validUntil} data-testid="valid-until">
              {t('wallet.validUntil', { date: formatProgrammeDate(voucher.validUntil, lang) })}
            </span>
          )}
        </p>
      </div>
    </Link>
  );
}
