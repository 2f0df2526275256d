import { CrownOutlined } from '@ant-design/icons';
import type { Tier } from '@app/contracts';
import { TIERS } from '@app/contracts/constants';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  voucherStatusLabel,
  voucherStatusTone,
  type VoucherStatus,
} from '../../../shared/catalogue/voucher-status.ts';

const TOP_TIER = TIERS[TIERS.length - 1];

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
    <span className={`tier-badge tier-${tier}`} title={tierTerm(t, tier)}>
      <CrownOutlined aria-hidden /> {tier === TOP_TIER ? name : t('catalogue.tierBadge', { tier: name })}
    </span>
  );
}

export function StatusLabel({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-label status-${voucherStatusTone(status)}`} data-testid="status-label">
      {voucherStatusLabel(t, status)}
    </span>
  );
}

export function SoldOutLabel() {
  const { t } = useTranslation();
  return <span className="status-label status-muted">{t('catalogue.unavailable.sold_out')}</span>;
}

/** 'For Privilege customers only' as a tag. */
export function PrivilegeOnlyBadge() {
  const { t } = useTranslation();
  return <span className="status-label status-privilege">{t('catalogue.terms.privilegeOnly')}</span>;
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
    <p className="item-card-tags" data-testid={testId}>
      {tier && tier !== 'member' && <TierBadge tier={tier} />}
      {extra}
      {soldOut ? <SoldOutLabel /> : status && <StatusLabel status={status} />}
    </p>
  );
}
