import type { WalletVoucherDetail } from '@app/contracts';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../shared/countdown.ts';
import { usageOf } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';
import { CodePanel } from './code-panel.tsx';

/** How long Redeem Now shows the code (docs/decisions.md, "Showing a code"). */
export const CODE_SCREEN_SECONDS = 300;

/**
 * Redeem Now: the code for the counter, full screen — large, with copy, barcode and QR drawn on the
 * phone — the uses left, and how long it stays up. It closes by itself when the time is over, so a
 * code is not left open on a phone put back in a pocket.
 */
export function CodeScreen({ voucher, onClose }: { voucher: WalletVoucherDetail; onClose: () => void }) {
  const { t } = useTranslation();
  // Mounted on each Redeem Now: the time starts again with every opening.
  const [until] = useState(() => Date.now() + CODE_SCREEN_SECONDS * 1000);
  const [left, setLeft] = useState(CODE_SCREEN_SECONDS);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const s = Math.max(0, Math.round((until - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) onClose();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until, onClose]);

  const usage = usageOf(voucher);
  return (
    <Modal open onCancel={onClose} footer={null} centered width={420} title={t('wallet.codeScreen.title')}>
      <div className={styles.codeScreen} data-testid="code-screen">
        <p className={styles.codeScreenTitle}>{voucher.title}</p>
        <CodePanel code={voucher.code} usable />
        <p className={styles.codeScreenUses} data-testid="code-screen-uses">
          {usage.kind === 'unlimited'
            ? t('wallet.usage.unlimitedTitle')
            : usage.kind === 'limited'
              ? t('wallet.usage.left', { count: usage.left })
              : t('wallet.usage.exhaustedTitle')}
        </p>
        <p className={styles.codeScreenTimer} role="timer" aria-live="off" data-testid="code-screen-timer">
          {t('wallet.codeScreen.shownFor', { time: formatCountdown(left) })}
        </p>
        <Button block onClick={onClose} data-testid="code-screen-close">
          {t('wallet.codeScreen.close')}
        </Button>
      </div>
    </Modal>
  );
}
