import { CrownOutlined } from '@ant-design/icons';
import type { Tier } from '@app/contracts';
import { TIERS } from '@app/contracts/constants';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { Pill, StatusLabel } from '../../../shared/ui/status-label.tsx';
import styles from '../catalogue.module.css';

const TOP_TIER = TIERS[TIERS.length - 1];

// Spelled out rather than built from the value, so every class is one the stylesheet defines
// (member and gold badges keep the default colours).
const TIER_CLASS: Partial<Record<Tier, string>> = {
  silver: styles.tierSilver,
  platinum: styles.tierPlatinum,
};

/** 'For Gold members and above' — or 'only' for the top tier, which has nothing above it. */
export const tierTerm = (t: TFunction, tier: Tier) =>
  tier === TOP_TIER
    ? t('catalogue.terms.tierOnly', { tier: t(`catalogue.tiers.${tier}`) })
    : t('catalogue.terms.tierAndAbove', { tier: t(`catalogue.tiers.${tier}`) });

/** The minimum tier an item needs ("Gold+"; the top tier is just its name). */
export function TierBadge({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  const name = t(`catalogue.tiers.${tier}`);
  return (
    <span
      className={[styles.tierBadge, TIER_CLASS[tier]].filter(Boolean).join(' ')}
      title={tierTerm(t, tier)}
    >
      <CrownOutlined aria-hidden /> {tier === TOP_TIER ? name : t('catalogue.tierBadge', { tier: name })}
    </span>
  );
}

export function SoldOutLabel() {
  const { t } = useTranslation();
  return <Pill tone="muted">{t('catalogue.unavailable.sold_out')}</Pill>;
}

/** 'For Privilege customers only' as a tag. */
export function PrivilegeOnlyBadge() {
  const { t } = useTranslation();
  return <Pill tone="privilege">{t('catalogue.terms.privilegeOnly')}</Pill>;
}

/**
 * A card's or detail's tag line: the tier (members' own tier needs no tag), any `extra` tags, and
 * 'Sold out' in place of the date status.
 */
export function ItemTags({
  tier,
  soldOut,
  status,
  extra,
  testId,
}: {
  tier: Tier | null;
  soldOut: boolean;
  status: VoucherStatus | null;
  extra?: ReactNode;
  testId?: string;
}) {
  if (!(tier || extra || status || soldOut)) return null;
  return (
    <p className={styles.itemCardTags} data-testid={testId}>
      {tier && tier !== 'member' && <TierBadge tier={tier} />}
      {extra}
      {soldOut ? <SoldOutLabel /> : status && <StatusLabel status={status} />}
    </p>
  );
}
