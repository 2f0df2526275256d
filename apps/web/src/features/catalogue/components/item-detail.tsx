import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { Later } from '../../../shared/ui/later.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { ItemTags } from './badges.tsx';
import { ActionBar, DetailSection, MerchantLine, TermsSection, unavailableText } from './detail-parts.tsx';
import { Gallery } from './gallery.tsx';
import type { ItemBasics } from './item-card.tsx';
import styles from '../catalogue.module.css';

/**
 * The layout of a voucher or privilege detail: pictures, merchant, title, price, tags, description,
 * validity and terms, then the action bar, or why the item cannot be had. The slots hold what only one
 * kind has (a voucher's facts and price options, a privilege's heart) and what each kind does.
 */
export function ItemDetail({
  kind,
  item,
  now,
  dates: [from, until],
  beside,
  price,
  facts,
  extraTags,
  options,
  validity,
  actions,
  children,
}: {
  kind: 'voucher' | 'privilege';
  item: ItemBasics & { images: string[]; description: string; terms: string[] };
  now: number;
  /** On sale, or valid, from … until: the status tag. */
  dates: [string, string | null];
  /** Next to the merchant. */
  beside?: ReactNode;
  price: string;
  /** Under the price. */
  facts?: ReactNode;
  extraTags?: ReactNode;
  /** Before the description. */
  options?: ReactNode;
  /** The lines of 'Validity and use'. */
  validity: ReactNode;
  /** The action bar's buttons while the item can be had. */
  actions: ReactNode;
  /** What the buttons open. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const reason = item.unavailableReason;
  const merchant = <MerchantLine merchant={item.merchant} />;
  return (
    <article className="detail" aria-labelledby="detail-title" data-testid={`${kind}-detail`}>
      <Gallery images={item.images} title={item.title} />
      <div className={styles.detailBody}>
        {beside ? (
          <div className={styles.detailTitleRow}>
            {merchant}
            {beside}
          </div>
        ) : (
          merchant
        )}
        <h1 id="detail-title" className={styles.detailTitle}>
          <Phrases text={item.title} />
        </h1>
        <p className={styles.detailPrice} data-testid="detail-price">
          {price}
        </p>
        {facts}
        <ItemTags
          tier={item.tier}
          extra={extraTags}
          soldOut={reason === 'sold_out'}
          status={voucherStatus(now, from, until)}
          testId="detail-tags"
        />

        {options}

        <Later>
          <DetailSection id="detail-description" title={t('catalogue.detail.description')}>
            <p className={styles.detailText}>
              <Phrases text={item.description} />
            </p>
          </DetailSection>
        </Later>

        <Later>
          <DetailSection id="detail-validity" title={t('catalogue.detail.validity')}>
            <ul className={styles.factList}>{validity}</ul>
          </DetailSection>
        </Later>

        <TermsSection terms={item.terms} />
      </div>

      <ActionBar unavailable={reason ? unavailableText(t, reason, item, kind) : null}>{actions}</ActionBar>

      {children}
    </article>
  );
}

/** 'Unlimited use' or 'Use N times', a line of 'Validity and use'. */
export function UsageLimit({ usageLimit }: { usageLimit: number | null }) {
  const { t } = useTranslation();
  return (
    <li>
      {usageLimit === null
        ? t('catalogue.detail.unlimitedUse')
        : t('catalogue.detail.usageLimit', { count: usageLimit })}
    </li>
  );
}
