import type { PrivilegeRedemption } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { api } from '../../../shared/api/client.ts';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import { pointsCostLabel } from '../../../shared/catalogue/price.ts';
import { formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { walletVoucherPath } from '../../../shared/paths.ts';
import { getPointsQueryOptions } from '../../../shared/points.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { useAuthStore } from '../../auth/index.ts';
import styles from '../catalogue.module.css';
import type { RedeemSheetProps } from './redeem-sheet.tsx';

/**
 * One redemption (POST /bff/privileges/{id}/redeem): the server burns the points, takes one from stock
 * and puts the privilege into the wallet, or refuses with a reason and writes nothing. The key makes a
 * retried tap one redemption.
 */
const redeem = async (id: string, idempotencyKey: string) =>
  (await api.post(`/bff/privileges/${encodeURIComponent(id)}/redeem`, {
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
  })) as PrivilegeRedemption;

/** The dialog of RedeemSheet (redeem-sheet.tsx), loaded when it first opens. */
export default function RedeemDialog({ open, privilege, onClose }: RedeemSheetProps) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const client = useQueryClient();
  const viewer = useAuthStore((s) => s.info?.id ?? 'member');
  const points = useQuery({ ...getPointsQueryOptions(viewer), enabled: open });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per attempt: a network retry reuses it; a refusal or a success ends it.
  const attempt = useRef<string | null>(null);

  const balance = points.data?.balance ?? null;
  const after = balance === null ? null : balance - privilege.pointsCost;
  const short = after !== null && after < 0;

  const confirm = async () => {
    if (sending) return;
    attempt.current ??= newIdempotencyKey();
    setSending(true);
    setProblem(null);
    try {
      const done = await redeem(privilege.id, attempt.current);
      attempt.current = null;
      // Points, the wallet, the privilege's stock and the history all moved.
      void client.invalidateQueries();
      onClose();
      await navigate(to(walletVoucherPath(done.item.id)));
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      setProblem(errorMessage(t, error));
      void points.refetch();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('catalogue.redeem.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} data-testid="redeem-cancel">
            {t('catalogue.redeem.cancel')}
          </Button>
          <Button
            type="primary"
            loading={sending}
            disabled={balance === null || short}
            onClick={() => void confirm()}
            data-testid="redeem-confirm-button"
          >
            {t('catalogue.redeem.confirm')}
          </Button>
        </>
      }
    >
      <div data-testid="redeem-confirm">
        <p className={styles.redeemSummary}>
          {t('catalogue.redeem.summary', {
            title: privilege.title,
            points: pointsCostLabel(t, privilege.pointsCost),
          })}
        </p>
        {points.isError ? (
          <p role="alert" className={styles.redeemProblem}>
            {t('catalogue.redeem.loadFailed')}
          </p>
        ) : (
          <dl className={styles.redeemFigures} aria-busy={points.isPending}>
            <dt>{t('catalogue.redeem.balance')}</dt>
            <dd data-testid="redeem-balance">{balance === null ? '…' : formatNumber(balance)}</dd>
            {/* Short of points there is no "after": what is missing is said below instead of a negative balance. */}
            {!short && (
              <>
                <dt>{t('catalogue.redeem.after')}</dt>
                <dd data-testid="redeem-balance-after">{after === null ? '…' : formatNumber(after)}</dd>
              </>
            )}
          </dl>
        )}
        {short && (
          <p role="alert" className={styles.redeemProblem} data-testid="redeem-short">
            {t('catalogue.redeem.notEnough', { points: formatNumber(-after) })}
          </p>
        )}
        {problem && (
          <p role="alert" className={styles.redeemProblem} data-testid="redeem-problem">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}
