import { ShoppingCartOutlined } from '@ant-design/icons';
import type { VoucherDetail } from '@app/contracts';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { boughtLabel, pointsEarnedLabel, priceLabel } from '../../../shared/catalogue/price.ts';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { formatMoney } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { BackButton } from '../../../shared/ui/back-button.tsx';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import { getRecommendedVouchersQueryOptions } from '../api/get-recommended-vouchers.ts';
import { getVoucherQueryOptions } from '../api/get-voucher.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { PrivilegeOnlyBadge, SoldOutLabel, StatusLabel, TierBadge } from '../components/badges.tsx';
import { ComingSoonModal } from '../components/coming-soon-modal.tsx';
import {
  ActionBar,
  DetailSection,
  ItemNotFound,
  MerchantLine,
  unavailableText,
} from '../components/detail-parts.tsx';
import { Gallery } from '../components/gallery.tsx';
import { ItemStrip } from '../components/item-strip.tsx';
import { DetailSkeleton } from '../components/skeletons.tsx';
import { VoucherCard } from '../components/voucher-card.tsx';
import { useSignInFirst } from '../hooks/use-sign-in-first.ts';
import '../catalogue.css';

export function VoucherDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const scope = useCatalogueScope();
  const now = useNow();
  const voucher = useQuery(getVoucherQueryOptions(scope, id));
  const alsoLike = useQuery(getRecommendedVouchersQueryOptions(scope, { limit: 10, exclude: [id] }));
  useDocumentTitle(
    voucher.data?.title ?? (voucher.isError ? t('errors.voucher_not_found') : t('catalogue.vouchers.title')),
  );

  if (voucher.isError && isApiError(voucher.error) && voucher.error.status === 404) {
    return <ItemNotFound kind="voucher" />;
  }
  return (
    <div className="page page-detail">
      <div className="page-heading detail-heading">
        <BackButton fallback={paths.vouchers} />
        <span className="detail-heading-label">{t('catalogue.detail.voucher')}</span>
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
        <VoucherView voucher={voucher.data} />
      )}
      <ItemStrip
        id="also-like"
        title={t('catalogue.detail.alsoLike')}
        query={alsoLike}
        render={(v) => <VoucherCard voucher={v} now={now} />}
      />
    </div>
  );
}

function VoucherView({ voucher }: { voucher: VoucherDetail }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const now = useNow();
  const signInFirst = useSignInFirst();
  const [comingSoon, setComingSoon] = useState(false);
  const status = voucherStatus(now, voucher.saleStartsAt, voucher.saleEndsAt);
  const reason = voucher.unavailableReason;
  // The tier, privilege-only and per-card facts are shown as tags and facts above; `terms` are the
  // merchant's conditions as the API words them (they may restate those facts in a sentence).
  const terms = voucher.terms;
  const buy = () => signInFirst(() => setComingSoon(true));

  return (
    <article className="detail" aria-labelledby="detail-title" data-testid="voucher-detail">
      <Gallery images={voucher.images} title={voucher.title} />
      <div className="detail-body">
        <MerchantLine merchant={voucher.merchant} />
        <h1 id="detail-title" className="detail-title">
          {voucher.title}
        </h1>
        <p className="detail-price" data-testid="detail-price">
          {priceLabel(t, voucher.price, voucher.hasPriceOptions)}
        </p>
        <p className="detail-facts">
          {voucher.pointsEarned > 0 && <span>{pointsEarnedLabel(t, voucher.pointsEarned)}</span>}
          {voucher.boughtCount > 0 && <span>{boughtLabel(t, voucher.boughtCount)}</span>}
          {voucher.pricePerCardMonth !== null && (
            <span>
              {t('catalogue.terms.pricePerCard', { price: formatMoney(voucher.pricePerCardMonth) })}
            </span>
          )}
          {voucher.remaining !== null && voucher.remaining > 0 && voucher.remaining <= 20 && (
            <span className="facts-urgent">
              {t('catalogue.detail.remaining', { count: voucher.remaining })}
            </span>
          )}
        </p>
        {(voucher.tier || voucher.privilegeOnly || status || reason === 'sold_out') && (
          <p className="item-card-tags" data-testid="detail-tags">
            {voucher.tier && voucher.tier !== 'member' && <TierBadge tier={voucher.tier} />}
            {voucher.privilegeOnly && <PrivilegeOnlyBadge />}
            {reason === 'sold_out' ? <SoldOutLabel /> : status && <StatusLabel status={status} />}
          </p>
        )}

        {voucher.priceOptions.length > 1 && (
          <DetailSection id="detail-options" title={t('catalogue.detail.options')}>
            <ul className="option-list">
              {voucher.priceOptions.map((o) => (
                <li key={o.id}>
                  <span>{o.label}</span>
                  <strong>{priceLabel(t, o.price)}</strong>
                </li>
              ))}
            </ul>
          </DetailSection>
        )}

        <DetailSection id="detail-description" title={t('catalogue.detail.description')}>
          <p className="detail-text">{voucher.description}</p>
        </DetailSection>

        <DetailSection id="detail-validity" title={t('catalogue.detail.validity')}>
          <ul className="fact-list">
            <li>{t('catalogue.detail.validDays', { count: voucher.validDays })}</li>
            <li>
              {voucher.usageLimit === null
                ? t('catalogue.detail.unlimitedUse')
                : t('catalogue.detail.usageLimit', { count: voucher.usageLimit })}
            </li>
            {voucher.saleEndsAt && (
              <li>
                {t('catalogue.detail.saleEnds', { date: formatProgrammeDate(voucher.saleEndsAt, lang) })}
              </li>
            )}
            {reason === 'not_started' && (
              <li>
                {t('catalogue.detail.saleStarts', { date: formatProgrammeDate(voucher.saleStartsAt, lang) })}
              </li>
            )}
          </ul>
        </DetailSection>

        {terms.length > 0 && (
          <DetailSection id="detail-terms" title={t('catalogue.detail.terms')}>
            <ul className="terms-list" data-testid="terms">
              {terms.map((line, i) => (
                <li key={`${i}-${line}`}>{line}</li>
              ))}
            </ul>
          </DetailSection>
        )}
      </div>

      <ActionBar unavailable={reason ? unavailableText(t, reason, voucher, 'voucher') : null}>
        <Button icon={<ShoppingCartOutlined aria-hidden />} onClick={buy} data-testid="add-to-cart">
          {t('catalogue.detail.addToCart')}
        </Button>
        <Button type="primary" onClick={buy} data-testid="buy-now">
          {t('catalogue.detail.buyNow')}
        </Button>
      </ActionBar>

      <ComingSoonModal
        open={comingSoon}
        title={t('catalogue.comingSoon.buyTitle')}
        onClose={() => setComingSoon(false)}
      >
        <p>{t('catalogue.comingSoon.buyText')}</p>
      </ComingSoonModal>
    </article>
  );
}

export default VoucherDetailScreen;
