import '../texts.ts';
import { ShopOutlined } from '@ant-design/icons';
import type { WalletVoucherDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, storePath } from '../../../shared/paths.ts';
import { BackButton } from '../../../shared/ui/back-button.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { EmptyState, ErrorState, StateActions } from '../../../shared/ui/list-states.tsx';
import { Artwork } from '../../../shared/ui/artwork.tsx';
import page from '../../../shared/ui/page.module.css';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { getWalletVoucherQueryOptions } from '../api/get-wallet-voucher.ts';
import { useWalletScope } from '../api/query-keys.ts';
import type { DeviceCopyMark } from '../api/device-copy.ts';
import { CodePanel } from '../components/code-panel.tsx';
import { OfflineNote } from '../components/offline-note.tsx';
import { StatusLabel } from '../../../shared/ui/status-label.tsx';
import { UsageBanner } from '../components/usage-banner.tsx';
import { WalletActions } from '../components/wallet-actions.tsx';
import { usageOf, walletActionOf, walletStatus } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';

/** One voucher of the member's wallet: its code to show at the counter, how often it can be used, until when. */
export function WalletVoucherScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const scope = useWalletScope();
  const voucher = useQuery(getWalletVoucherQueryOptions(scope, id));
  const notFound = voucher.isError && isApiError(voucher.error) && voucher.error.status === 404;
  useDocumentTitle(
    voucher.data?.title ?? (notFound ? t('errors.wallet_voucher_not_found') : t('wallet.detail.heading')),
  );

  if (notFound) return <WalletVoucherNotFound />;
  return (
    <div className="page">
      <div className={`${page.heading} ${styles.heading}`}>
        <BackButton fallback={paths.wallet} />
        <span className={styles.headingLabel}>{t('wallet.detail.heading')}</span>
      </div>
      {voucher.isPending ? (
        <DetailSkeleton />
      ) : voucher.isError ? (
        <ErrorState
          error={voucher.error}
          onRetry={() => void voucher.refetch()}
          retrying={voucher.isFetching}
        />
      ) : (
        <WalletVoucherView voucher={voucher.data} />
      )}
    </div>
  );
}

export default WalletVoucherScreen;

function WalletVoucherView({ voucher }: { voucher: WalletVoucherDetail & DeviceCopyMark }) {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const status = walletStatus(voucher);
  const action = walletActionOf(voucher);
  const date = (instant: string) => formatProgrammeDate(instant, lang);
  return (
    <article className={styles.detail} aria-labelledby="wallet-title" data-testid="wallet-voucher">
      <OfflineNote savedAt={voucher.offlineSavedAt} />
      {/* A small picture beside the title: the code, what the member opened this for, stays on the first screen. */}
      <div className={styles.detailHeader}>
        <Artwork className={styles.thumb} src={voucher.imageUrl} eager />
        <div className={styles.detailHeaderText}>
          <Link
            to={to(storePath(voucher.merchant.id))}
            className={styles.merchantLine}
            data-testid="wallet-merchant"
          >
            <img
              src={voucher.merchant.logoUrl}
              alt=""
              width={22}
              height={22}
              loading="lazy"
              decoding="async"
            />
            <span>{voucher.merchant.name}</span>
          </Link>
          <h1 id="wallet-title" className={styles.detailTitle}>
            <Phrases text={voucher.title} />
          </h1>
          {voucher.priceOptionLabel && (
            <p className={styles.detailOption}>
              {t('wallet.detail.option', { label: voucher.priceOptionLabel })}
            </p>
          )}
          {status && <StatusLabel status={status} />}
        </div>
      </div>

      <UsageBanner usage={usageOf(voucher)} />
      {action === 'redeem' ? (
        // The code waits behind Redeem Now: shown at the counter, with the way to mark it used.
        <p className={styles.redeemHint} data-testid="redeem-hint">
          <ShopOutlined aria-hidden className={styles.redeemHintIcon} />
          <span>{t('wallet.detail.redeemHint', { action: t('wallet.detail.redeemNow') })}</span>
        </p>
      ) : (
        <CodePanel code={voucher.code} />
      )}

      <Section id="wallet-validity" title={t('wallet.detail.validity')}>
        <p className={styles.sectionText} data-testid="validity">
          {t('wallet.detail.validRange', { from: date(voucher.validFrom), until: date(voucher.validUntil) })}
        </p>
      </Section>

      {voucher.description.trim() !== '' && (
        <Section id="wallet-description" title={t('wallet.detail.description')}>
          <p className={styles.sectionText}>
            <Phrases text={voucher.description} />
          </p>
        </Section>
      )}

      {voucher.terms.length > 0 && (
        <Section id="wallet-terms" title={t('wallet.detail.terms')}>
          <ul className={styles.factList} data-testid="terms">
            {voucher.terms.map((line, i) => (
              <li key={`${i}-${line}`}>
                <Phrases text={line} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {voucher.orderNumber === null ? (
        // A privilege redeemed with points: no order behind it.
        <Section id="wallet-purchase" title={t('wallet.detail.redemption')}>
          <ul className={styles.factList}>
            <li>{t('wallet.detail.redeemedOn', { date: date(voucher.purchasedAt) })}</li>
          </ul>
        </Section>
      ) : (
        <Section id="wallet-purchase" title={t('wallet.detail.purchase')}>
          <ul className={styles.factList}>
            <li>{t('wallet.detail.orderNumber', { number: voucher.orderNumber })}</li>
            <li>{t('wallet.detail.purchasedOn', { date: date(voucher.purchasedAt) })}</li>
          </ul>
        </Section>
      )}

      <WalletActions voucher={voucher} action={action} />
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={`${page.sectionTitle} ${styles.sectionTitle}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  const line = `${skeleton.skeleton} ${skeleton.line}`;
  return (
    <div role="status" aria-busy="true" data-testid="skeleton" className={styles.detailSkeleton}>
      <span className="visually-hidden">{t('app.loading')}</span>
      <div
        className={`${skeleton.skeleton} ${skeleton.media} ${styles.skeletonMedia}`}
        style={{ aspectRatio: '4 / 3' }}
        aria-hidden="true"
      />
      <span className={line} style={{ width: '40%' }} aria-hidden="true" />
      <span className={`${line} ${skeleton.title}`} aria-hidden="true" />
      <span className={`${skeleton.skeleton} ${skeleton.block}`} aria-hidden="true" />
      <span className={`${skeleton.skeleton} ${skeleton.block}`} aria-hidden="true" />
    </div>
  );
}

/** 'Voucher not found': not in this member's wallet (unknown, or someone else's), with the way back. */
function WalletVoucherNotFound() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  return (
    <div className="page page-not-found" data-testid="wallet-voucher-not-found">
      <h1 className="visually-hidden">{t('errors.wallet_voucher_not_found')}</h1>
      <EmptyState
        title={t('errors.wallet_voucher_not_found')}
        text={t('wallet.detail.notFoundText')}
        action={
          <StateActions>
            <LightButton
              variant="primary"
              block
              onClick={() => void navigate(to(paths.wallet))}
              data-testid="back-to-wallet"
            >
              {t('wallet.detail.backToWallet')}
            </LightButton>
          </StateActions>
        }
      />
    </div>
  );
}
