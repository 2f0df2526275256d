import type { WalletVoucherDetail } from '@app/contracts';
import { Button, Modal } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useUseWalletVoucher } from '../api/use-wallet-voucher.ts';
import { useWalletScope } from '../api/query-keys.ts';
import type { WalletAction } from '../lib/wallet-state.ts';
import { usageOf } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';
import { CodeScreen } from './code-screen.tsx';

/**
 * The bar under a wallet item (spec section 2): Redeem Now (the code screen) and Use while it can be
 * used, else one disabled Used or Expired. Use spends one use after a confirmation; what follows is the
 * server's count, whatever this screen thought.
 */
export function WalletActions({ voucher, action }: { voucher: WalletVoucherDetail; action: WalletAction }) {
  const { t } = useTranslation();
  const scope = useWalletScope();
  const use = useUseWalletVoucher(scope);
  const [showing, setShowing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per confirmed use: a network retry of the same tap reuses it, a new tap gets a new one.
  const attempt = useRef<string | null>(null);
  const closeCode = useCallback(() => setShowing(false), []);

  const confirmUse = async () => {
    attempt.current ??= newIdempotencyKey();
    setProblem(null);
    try {
      const item = await use.mutateAsync({ id: voucher.id, idempotencyKey: attempt.current });
      attempt.current = null;
      setConfirming(false);
      const usage = usageOf(item);
      toast.success(
        usage.kind === 'limited' ? t('wallet.use.doneLeft', { count: usage.left }) : t('wallet.use.done'),
      );
    } catch (error) {
      // A refusal (used up, expired) is final for this key; a lost answer is retried with it.
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      setProblem(errorMessage(t, error));
    }
  };

  if (action !== 'redeem') {
    return (
      <div className={styles.actionBar} data-testid="wallet-actions">
        <Button block disabled data-testid={action === 'used' ? 'used' : 'expired'}>
          {action === 'used' ? t('wallet.detail.used') : t('wallet.detail.expired')}
        </Button>
      </div>
    );
  }
  const usage = usageOf(voucher);
  return (
    <div className={styles.actionBar} data-testid="wallet-actions">
      <div className={styles.actionButtons}>
        <Button type="primary" block onClick={() => setShowing(true)} data-testid="redeem-now">
          {t('wallet.detail.redeemNow')}
        </Button>
        <Button block onClick={() => setConfirming(true)} data-testid="use">
          {t('wallet.detail.use')}
        </Button>
      </div>
      {showing && <CodeScreen voucher={voucher} onClose={closeCode} />}
      <Modal
        open={confirming}
        title={t('wallet.use.title')}
        onCancel={() => {
          setConfirming(false);
          setProblem(null);
        }}
        onOk={() => void confirmUse()}
        okText={t('wallet.use.confirm')}
        cancelText={t('wallet.use.cancel')}
        okButtonProps={{ loading: use.isPending, 'data-testid': 'use-confirm' }}
        cancelButtonProps={{ 'data-testid': 'use-cancel' }}
        centered
      >
        <p data-testid="use-text">
          {usage.kind === 'limited'
            ? t('wallet.use.textLimited', { count: usage.left })
            : t('wallet.use.textUnlimited')}
        </p>
        <p className={styles.actionNote}>{t('wallet.use.staffNote')}</p>
        {problem && (
          <p role="alert" className={styles.useProblem} data-testid="use-problem">
            {problem}
          </p>
        )}
      </Modal>
    </div>
  );
}
