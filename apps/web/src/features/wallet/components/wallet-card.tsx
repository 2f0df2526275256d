import type { WalletGroup, WalletVoucher } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, walletVoucherPath } from '../../../shared/paths.ts';
import { Artwork } from '../../../shared/ui/artwork.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { usageLine } from '../lib/usage-line.ts';
import { usageOf, walletStatus } from '../lib/wallet-state.ts';
import { StatusLabel } from '../../../shared/ui/status-label.tsx';
import styles from '../wallet.module.css';

/**
 * One entry of the wallet: picture, merchant, title, option and how long it can still be used. An
 * entry standing for several identical vouchers says "×3" and opens their list (the wallet's URL with
 * `group`, so Back returns to the list); one voucher opens its own screen. In a group's list
 * (`position`) each card also says what tells it from the others: which one of the group it is, its
 * uses left and its purchase.
 */
export function WalletCard({
  voucher,
  eager,
  position,
}: {
  voucher: WalletVoucher | WalletGroup;
  eager?: boolean;
  position?: { n: number; of: number } | undefined;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const [params] = useSearchParams();
  const status = walletStatus(voucher);
  const count = 'count' in voucher ? voucher.count : 1;
  const group = count > 1 && 'group' in voucher ? voucher.group : null;
  const groupSearch = () => {
    const next = new URLSearchParams(params);
    next.set('group', group ?? '');
    // "~" needs no escaping in a URL (URLSearchParams escapes it anyway): the group stays readable.
    return `?${next.toString().replaceAll('%7E', '~')}`;
  };
  const date = (instant: string) => formatProgrammeDate(instant, lang);
  const usage = usageOf(voucher);
  return (
    <Link
      to={group ? `${to(paths.wallet)}${groupSearch()}` : to(walletVoucherPath(voucher.id))}
      className={styles.card}
      data-testid={group ? 'wallet-group' : 'wallet-card'}
      data-id={voucher.id}
      data-count={count}
    >
      <Artwork className={styles.cardMedia} src={voucher.imageUrl} eager={eager} />
      <div className={styles.cardBody}>
        {position ? (
          <p className={styles.cardMerchant} data-testid="card-position">
            {t('wallet.group.position', { n: position.n, count: position.of })}
          </p>
        ) : (
          <p className={styles.cardMerchant}>{voucher.merchant.name}</p>
        )}
        <h2 className={styles.cardTitle}>
          <Phrases text={voucher.title} />
          {group && (
            <>
              {' '}
              <span className={styles.groupCount} aria-hidden="true" data-testid="group-count">
                {t('wallet.group.times', { count })}
              </span>
              <span className="visually-hidden">{t('wallet.group.countLabel', { count })}</span>
            </>
          )}
        </h2>
        {voucher.priceOptionLabel && <p className={styles.cardOption}>{voucher.priceOptionLabel}</p>}
        {position && (
          <p className={styles.cardFacts} data-testid="card-facts">
            <span>{usageLine(t, usage)}</span>
            <span>
              {voucher.orderNumber === null
                ? t('wallet.detail.redeemedOn', { date: date(voucher.purchasedAt) })
                : t('wallet.detail.orderNumber', { number: voucher.orderNumber })}
            </span>
          </p>
        )}
        <p className={styles.cardTags}>
          {status ? (
            <StatusLabel status={status} />
          ) : (
            <span className={styles.validUntil} data-testid="valid-until">
              {t('wallet.validUntil', { date: date(voucher.validUntil) })}
            </span>
          )}
        </p>
      </div>
    </Link>
  );
}
