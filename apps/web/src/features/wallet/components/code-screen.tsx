import type { WalletVoucherDetail } from '@app/contracts';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../shared/countdown.ts';
import { CounterModal } from '../../../shared/ui/counter-modal.tsx';
import { lazyScreen, useLazyOpen } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { useOnline } from '../../../pwa/use-online.ts';
import type { DeviceCopyMark } from '../api/device-copy.ts';
import { usageLine } from '../lib/usage-line.ts';
import { usageOf } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';
import { CodePanel } from './code-panel.tsx';
import { CodeScan } from './code-scan.tsx';
import { OfflineNote } from './offline-note.tsx';

// "Mark as used?" (antd's dialog) comes with the tap that asks for it: the code screen opens without antd.
const MarkUsed = lazyScreen(() => import('./mark-used.tsx'));

/** How long Redeem Now shows the code (docs/decisions.md, "Showing a code"). */
export const CODE_SCREEN_SECONDS = 300;

/**
 * Redeem Now: the code for the counter, full screen — large, with copy, barcode and QR drawn on the
 * phone — the uses left, and how long it stays up; and, once the shop has accepted the code, Mark as
 * used. It closes by itself when the time is over (not while the member is answering the
 * confirmation), so a code is not left open on a phone put back in a pocket.
 */
export default function CodeScreen({
  voucher,
  onClose,
}: {
  voucher: WalletVoucherDetail & DeviceCopyMark;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // With no network the code still shows (drawn on the phone) but a use cannot be recorded: it is not
  // queued either (docs/decisions.md, "Offline wallet: no use without the server").
  const online = useOnline();
  // Mounted on each Redeem Now: the time starts again with every opening.
  const [until] = useState(() => Date.now() + CODE_SCREEN_SECONDS * 1000);
  const [left, setLeft] = useState(CODE_SCREEN_SECONDS);
  const marking = useLazyOpen(MarkUsed);
  const confirming = marking.open;

  useEffect(() => {
    const timer = window.setInterval(() => {
      setLeft(Math.max(0, Math.round((until - Date.now()) / 1000)));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  // Time is up: closed, unless the member is answering "Mark as used?" (it closes after the answer).
  useEffect(() => {
    if (left === 0 && !confirming) onClose();
  }, [left, confirming, onClose]);

  const usage = usageOf(voucher);
  return (
    <CounterModal title={t('wallet.codeScreen.title')} onClose={onClose}>
      <div className={styles.codeScreen} data-testid="code-screen">
        <OfflineNote savedAt={voucher.offlineSavedAt} />
        <p className={styles.codeScreenTitle}>{voucher.title}</p>
        <CodePanel code={voucher.code} scan={<CodeScan code={voucher.code} />} />
        <p className={styles.codeScreenUses} data-testid="code-screen-uses">
          {usageLine(t, usage)}
        </p>
        <p className={styles.codeScreenTimer} role="timer" aria-live="off" data-testid="code-screen-timer">
          {t('wallet.codeScreen.shownFor', { time: formatCountdown(left) })}
        </p>
        <div className={styles.codeScreenActions}>
          <LightButton
            block
            disabled={!online}
            aria-haspopup="dialog"
            aria-describedby={online ? undefined : 'use-offline'}
            loading={marking.opening}
            onClick={marking.show}
            data-testid="use"
          >
            {t('wallet.detail.use')}
          </LightButton>
          {!online && (
            <p id="use-offline" className={styles.useOffline} data-testid="use-offline">
              {t('wallet.offline.useNeedsConnection')}
            </p>
          )}
          {marking.failed && (
            <p className={styles.codeLoadError} role="alert" data-testid="use-load-error">
              {t('wallet.use.loadError')}
            </p>
          )}
          <LightButton block variant="text" onClick={onClose} data-testid="code-screen-close">
            {t('wallet.codeScreen.close')}
          </LightButton>
        </div>
      </div>
      {confirming && (
        <Suspense fallback={null}>
          <MarkUsed
            voucher={voucher}
            onCancel={marking.close}
            onDone={() => {
              marking.close();
              onClose();
            }}
          />
        </Suspense>
      )}
    </CounterModal>
  );
}
