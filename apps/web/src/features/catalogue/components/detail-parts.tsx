import type { TFunction } from 'i18next';
import type { Availability, Tier, VoucherSummary } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, storePath } from '../../../shared/paths.ts';
import { Later } from '../../../shared/ui/later.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { EmptyState, StateActions } from '../../../shared/ui/list-states.tsx';
import page from '../../../shared/ui/page.module.css';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { tierTerm } from './badges.tsx';
import styles from '../catalogue.module.css';

/** The merchant above a detail's title, linking to the store's vouchers. */
export function MerchantLine({ merchant }: { merchant: VoucherSummary['merchant'] }) {
  const { to } = useLocalizedPath();
  return (
    <Link to={to(storePath(merchant.id))} className={styles.merchantLine} data-testid="detail-merchant">
      <img src={merchant.logoUrl} alt="" width={28} height={28} loading="lazy" decoding="async" />
      <span>{merchant.name}</span>
    </Link>
  );
}

/** A titled block of a detail page (Description, Terms, Validity). */
export function DetailSection({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className={styles.detailSection} aria-labelledby={id}>
      <h2 id={id} className={`${page.sectionTitle} ${styles.detailSectionTitle}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The merchant's conditions as the API words them, when there are any (they may restate in a sentence
 * a tier or other fact already shown as a tag); over server markup, taken over in a piece of its own.
 */
export function TermsSection({ terms }: { terms: string[] }) {
  const { t } = useTranslation();
  // Decided before the piece: a `Later` piece always draws an element.
  if (terms.length === 0) return null;
  return (
    <Later>
      <DetailSection id="detail-terms" title={t('catalogue.detail.terms')}>
        <ul className={styles.termsList} data-testid="terms">
          {terms.map((line, i) => (
            <li key={`${i}-${line}`}>
              <Phrases text={line} />
            </li>
          ))}
        </ul>
      </DetailSection>
    </Later>
  );
}

/** Why the item cannot be had, in words: 'Sold out', 'Not on sale yet', … */
export function unavailableText(
  t: TFunction,
  reason: Availability,
  item: { tier: Tier | null },
  kind: 'voucher' | 'privilege',
): string {
  if (reason === 'tier_locked' && item.tier) {
    return t('catalogue.unavailable.notForYourTier', { term: tierTerm(t, item.tier) });
  }
  if (reason === 'not_started' && kind === 'privilege') return t('catalogue.unavailable.notStartedPrivilege');
  if (reason === 'ended' && kind === 'privilege') return t('catalogue.unavailable.endedPrivilege');
  return t(`catalogue.unavailable.${reason}`);
}

/** The bar at the bottom of a detail: its buttons, or a disabled 'Not Available' with the reason. */
export function ActionBar({ unavailable, children }: { unavailable: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.actionBar} data-testid="action-bar">
      {unavailable ? (
        <>
          <p className={styles.actionBarReason} data-testid="unavailable-reason">
            {unavailable}
          </p>
          <LightButton block disabled data-testid="not-available">
            {t('catalogue.detail.notAvailable')}
          </LightButton>
        </>
      ) : (
        <div className={styles.actionBarButtons}>{children}</div>
      )}
    </div>
  );
}

/** 'Voucher not found' / 'Privilege not found' with the way back to the list and home. */
export function ItemNotFound({ kind }: { kind: 'voucher' | 'privilege' }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  return (
    <div className="page page-not-found" data-testid="item-not-found">
      <h1 className="visually-hidden">{t(`errors.${kind}_not_found`)}</h1>
      <EmptyState
        title={t(`errors.${kind}_not_found`)}
        text={t(`catalogue.detail.notFoundText.${kind}`)}
        action={
          <StateActions>
            <LightButton
              variant="primary"
              block
              onClick={() => void navigate(to(kind === 'voucher' ? paths.vouchers : paths.privileges))}
              data-testid="not-found-list"
            >
              {t(`catalogue.detail.seeAll.${kind}`)}
            </LightButton>
            <LightButton block onClick={() => void navigate(to(paths.home))}>
              {t('common.backToHome')}
            </LightButton>
          </StateActions>
        }
      />
    </div>
  );
}
