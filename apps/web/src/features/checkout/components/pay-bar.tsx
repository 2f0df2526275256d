import type { ReactNode } from 'react';
import styles from '../checkout.module.css';

/**
 * The amount and the one action that moves the payment on (Confirm, Save QR, Pay by card), pinned to
 * the bottom of the phone's screen while the page scrolls under it. It is sticky, not fixed: at the end
 * of the page it sits after the content, so it never hides the last of it.
 */
export function PayBar({
  label,
  amount,
  amountTestId,
  notice,
  children,
}: {
  label: string;
  amount: string;
  amountTestId: string;
  /** Shown above the row (a refusal of Confirm), in the bar so it is seen where the member tapped. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.payBar} data-testid="pay-bar">
      {notice}
      <div className={styles.payBarRow}>
        <p className={styles.payBarAmount}>
          <span className={styles.payBarLabel}>{label}</span>
          <span className={styles.payBarValue} data-testid={amountTestId}>
            {amount}
          </span>
        </p>
        <div className={styles.payBarAction}>{children}</div>
      </div>
    </div>
  );
}
