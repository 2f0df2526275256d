import type { PrivilegeDetail } from '@app/contracts';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { pointsCostLabel } from '../../../shared/catalogue/price.ts';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { BackButton } from '../../../shared/ui/back-button.tsx';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import { getPrivilegeQueryOptions } from '../api/get-privilege.ts';
import { getRecommendedPrivilegesQueryOptions } from '../api/get-recommended-privileges.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { SoldOutLabel, StatusLabel, TierBadge } from '../components/badges.tsx';
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
import { LikeButton } from '../components/like-button.tsx';
import { PrivilegeCard } from '../components/privilege-card.tsx';
import { DetailSkeleton } from '../components/skeletons.tsx';
import { useSignInFirst } from '../hooks/use-sign-in-first.ts';
import '../catalogue.css';

export function PrivilegeDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const scope = useCatalogueScope();
  const now = useNow();
  const privilege = useQuery(getPrivilegeQueryOptions(scope, id));
  const alsoLike = useQuery(getRecommendedPrivilegesQueryOptions(scope, { limit: 10, exclude: [id] }));
  useDocumentTitle(
    privilege.data?.title ??
      (privilege.isError ? t('errors.privilege_not_found') : t('catalogue.privileges.title')),
  );

  if (privilege.isError && isApiError(privilege.error) && privilege.error.status === 404) {
    return <ItemNotFound kind="privilege" />;
  }
  return (
    <div className="page page-detail">
      <div className="page-heading detail-heading">
        <BackButton fallback={paths.privileges} />
        <span className="detail-heading-label">{t('catalogue.detail.privilege')}</span>
      </div>
      {privilege.isPending ? (
        <DetailSkeleton />
      ) : privilege.isError ? (
        <ErrorState
          error={privilege.error}
          onRetry={() => void privilege.refetch()}
          retrying={privilege.isFetching}
        />
      ) : (
        <PrivilegeView privilege={privilege.data} now={now} />
      )}
      <ItemStrip
        id="also-like"
        title={t('catalogue.detail.alsoLike')}
        query={alsoLike}
        render={(p) => <PrivilegeCard privilege={p} now={now} />}
      />
    </div>
  );
}

function PrivilegeView({ privilege, now }: { privilege: PrivilegeDetail; now: number }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const signInFirst = useSignInFirst();
  const [confirming, setConfirming] = useState(false);
  const status = voucherStatus(now, privilege.validFrom, privilege.validUntil);
  const reason = privilege.unavailableReason;
  const terms = privilege.terms;

  return (
    <article className="detail" aria-labelledby="detail-title" data-testid="privilege-detail">
      <Gallery images={privilege.images} title={privilege.title} />
      <div className="detail-body">
        <div className="detail-title-row">
          <MerchantLine merchant={privilege.merchant} />
          <LikeButton id={privilege.id} liked={privilege.liked} likeCount={privilege.likeCount} />
        </div>
        <h1 id="detail-title" className="detail-title">
          {privilege.title}
        </h1>
        <p className="detail-price" data-testid="detail-price">
          {pointsCostLabel(t, privilege.pointsCost)}
        </p>
        {(privilege.tier || status || reason === 'sold_out') && (
          <p className="item-card-tags" data-testid="detail-tags">
            {privilege.tier && privilege.tier !== 'member' && <TierBadge tier={privilege.tier} />}
            {reason === 'sold_out' ? <SoldOutLabel /> : status && <StatusLabel status={status} />}
          </p>
        )}

        <DetailSection id="detail-description" title={t('catalogue.detail.description')}>
          <p className="detail-text">{privilege.description}</p>
        </DetailSection>

        <DetailSection id="detail-validity" title={t('catalogue.detail.validity')}>
          <ul className="fact-list">
            {new Date(privilege.validFrom).getTime() > now && (
              <li>
                {t('catalogue.detail.validFrom', { date: formatProgrammeDate(privilege.validFrom, lang) })}
              </li>
            )}
            <li>
              {privilege.validUntil
                ? t('catalogue.detail.validUntil', { date: formatProgrammeDate(privilege.validUntil, lang) })
                : t('catalogue.detail.noExpiry')}
            </li>
            <li>
              {privilege.usageLimit === null
                ? t('catalogue.detail.unlimitedUse')
                : t('catalogue.detail.usageLimit', { count: privilege.usageLimit })}
            </li>
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

      <ActionBar unavailable={reason ? unavailableText(t, reason, privilege, 'privilege') : null}>
        <Button type="primary" onClick={() => signInFirst(() => setConfirming(true))} data-testid="use-now">
          {t('catalogue.detail.useNow')}
        </Button>
      </ActionBar>

      <ComingSoonModal
        open={confirming}
        title={t('catalogue.redeem.title')}
        onClose={() => setConfirming(false)}
      >
        <p className="redeem-summary">
          {t('catalogue.redeem.summary', {
            title: privilege.title,
            points: pointsCostLabel(t, privilege.pointsCost),
          })}
        </p>
        <p>{t('catalogue.redeem.comingSoon')}</p>
      </ComingSoonModal>
    </article>
  );
}

export default PrivilegeDetailScreen;
