import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { voucherStatusLabel, voucherStatusTone, type VoucherStatus } from '../catalogue/voucher-status.ts';
import styles from './status-label.module.css';

type Tone = ReturnType<typeof voucherStatusTone> | 'privilege';

// Spelled out rather than built from the value, so every class is one the stylesheet defines.
const TONE_CLASS: Record<Tone, string | undefined> = {
  muted: styles.muted,
  urgent: styles.urgent,
  soon: styles.soon,
  info: styles.info,
  privilege: styles.privilege,
};

/** A pill in one of the status colours. */
export function Pill({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={`${styles.pill} ${TONE_CLASS[tone]}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** Used, Expired, Expires today, Expires in N days: the same words and colours in the catalogue and the wallet. */
export function StatusLabel({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation();
  return (
    <Pill tone={voucherStatusTone(status)} testId="status-label">
      {voucherStatusLabel(t, status)}
    </Pill>
  );
}
