import { useTranslation } from 'react-i18next';
import {
  voucherStatusLabel,
  voucherStatusTone,
  type VoucherStatus,
} from '../../../shared/catalogue/voucher-status.ts';
import styles from '../wallet.module.css';

const TONE_CLASS: Record<ReturnType<typeof voucherStatusTone>, string | undefined> = {
  muted: styles.statusMuted,
  urgent: styles.statusUrgent,
  soon: styles.statusSoon,
  info: styles.statusInfo,
};

/** Used, Expired, Expires today, Expires in N days: the catalogue's words and colours. */
export function StatusLabel({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${styles.statusLabel} ${TONE_CLASS[voucherStatusTone(status)]}`}
      data-testid="status-label"
    >
      {voucherStatusLabel(t, status)}
    </span>
  );
}
