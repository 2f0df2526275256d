import { CrownOutlined } from '@ant-design/icons';
import type { Tier } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import {
  voucherStatusLabel,
  voucherStatusTone,
  type VoucherStatus,
} from '../../../shared/catalogue/voucher-status.ts';

/** The minimum tier an item needs ("Gold+"). */
export function TierBadge({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  return (
    <span
      className={`tier-badge tier-${tier}`}
      title={t('catalogue.terms.tierAndAbove', { tier: t(`catalogue.tiers.${tier}`) })}
    >
      <CrownOutlined aria-hidden /> {t('catalogue.tierBadge', { tier: t(`catalogue.tiers.${tier}`) })}
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
