import type { WalletVoucherDetail } from '@app/contracts';
import { Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import dialog from '../../../shared/ui/dialog.module.css';
import { toast } from '../../../shared/ui/toast.ts';
import { useWalletScope } from '../api/query-keys.ts';
import { useUseWalletVoucher } from '../api/use-wallet-voucher.ts';
import { usageOf } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';

/**
 * "Mark as used?": what the tap does — spends one use, for good — before it is done. Over the code
 * screen, in antd's dialog like the app's other questions; loaded by the tap on Mark as used. One
 * Idempotency-Key per confirmed tap: a network retry of it reuses the key, a new tap gets a new one;
 * what follows is the server's count, whatever this screen thought.
 */
export default function MarkUsed({
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
