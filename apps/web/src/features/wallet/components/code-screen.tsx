import type { WalletVoucherDetail } from '@app/contracts';
import { Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import { formatCountdown } from '../../../shared/countdown.ts';
import { CounterModal } from '../../../shared/ui/counter-modal.tsx';
import dialog from '../../../shared/ui/dialog.module.css';
import { toast } from '../../../shared/ui/toast.ts';
import { useOnline } from '../../../pwa/use-online.ts';
import type { DeviceCopyMark } from '../api/device-copy.ts';
import { useWalletScope } from '../api/query-keys.ts';
import { useUseWalletVoucher } from '../api/use-wallet-voucher.ts';
import { usageLine } from '../lib/usage-line.ts';
import { usageOf } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';
import { CodePanel } from './code-panel.tsx';
import { CodeScan } from './code-scan.tsx';
import { OfflineNote } from './offline-note.tsx';

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
  const [confirming, setConfirming] = useState(false);

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
          <Button
            block
            disabled={!online}
            aria-describedby={online ? undefined : 'use-offline'}
            onClick={() => setConfirming(true)}
            data-testid="use"
          >
            {t('wallet.detail.use')}
          </Button>
          {!online && (
            <p id="use-offline" className={styles.useOffline} data-testid="use-offline">
              {t('wallet.offline.useNeedsConnection')}
            </p>
          )}
          <Button block type="text" onClick={onClose} data-testid="code-screen-close">
            {t('wallet.codeScreen.close')}
          </Button>
        </div>
      </div>
      {confirming && (
        <MarkUsed
          voucher={voucher}
          onCancel={() => setConfirming(false)}
          onDone={() => {
            setConfirming(false);
            onClose();
          }}
        />
      )}
    </CounterModal>
  );
}

/**
 * "Mark as used?": what the tap does — spends one use, for good — before it is done. One
 * Idempotency-Key per confirmed tap: a network retry of it reuses the key, a new tap gets a new one;
 * what follows is the server's count, whatever this screen thought.
 */
function MarkUsed({
  voucher,
  onCancel,
  onDone,
}: {
  voucher: WalletVoucherDetail;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const scope = useWalletScope();
  const use = useUseWalletVoucher(scope);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);
  const usage = usageOf(voucher);

  const confirm = async () => {
    attempt.current ??= newIdempotencyKey();
    setProblem(null);
    try {
      const item = await use.mutateAsync({ id: voucher.id, idempotencyKey: attempt.current });
      attempt.current = null;
      const after = usageOf(item);
      toast.success(
        after.kind === 'limited' ? t('wallet.use.doneLeft', { count: after.left }) : t('wallet.use.done'),
      );
      onDone();
    } catch (error) {
      // A refusal (used up, expired) is final for this key; a lost answer is retried with it.
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      setProblem(errorMessage(t, error));
    }
  };

  return (
    <Modal
      open
      title={t('wallet.use.title')}
      onCancel={onCancel}
      onOk={() => void confirm()}
      okText={t('wallet.use.confirm')}
      cancelText={t('wallet.use.cancel')}
      okButtonProps={{ loading: use.isPending, 'data-testid': 'use-confirm' }}
      cancelButtonProps={{ 'data-testid': 'use-cancel' }}
      className={dialog.bigClose}
      centered
    >
      <p data-testid="use-text">
        {usage.kind === 'limited'
          ? t('wallet.use.textLimited', { count: usage.left, limit: usage.limit })
          : t('wallet.use.textUnlimited')}
      </p>
      <p className={styles.actionNote}>{t('wallet.use.staffNote')}</p>
      {problem && (
        <p role="alert" className={styles.useProblem} data-testid="use-problem">
          {problem}
        </p>
      )}
    </Modal>
  );
}
