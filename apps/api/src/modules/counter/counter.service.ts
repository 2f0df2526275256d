import type { CounterRedeemResult, CounterVoucher, ErrorCode, Language } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit.ts';
import type { Ctx } from '../../context.ts';
import { UseRefused, useWalletItem, type UseRefusal } from '../wallet/index.ts';
import { findCode, presentCode, refusalNow, requireStore } from './code-lookup.ts';

/** Who stands at the counter: a staff member (their stores) or a store's point-of-sale key (its store). */
export type CounterActor =
  | { kind: 'staff'; staffId: string; storeIds: readonly string[]; actor: AuditActor }
  | { kind: 'pos'; posKeyId: string; storeId: string; actor: AuditActor };

const REFUSALS: Record<UseRefusal, ErrorCode> = {
  not_found: 'counter_unknown_code',
  refunded: 'counter_refunded',
  used_up: 'counter_used_up',
  expired: 'counter_expired',
};

/**
 * A staff member's lookup, or a refused redeem, in the audit trail (a use is written with the use
 * itself): who asked about which code at the counter, and what they were told. A POS's lookups are a
 * till's routine reads and are not written.
 */
const auditAttempt = async (
  ctx: Ctx,
  by: CounterActor,
  action: 'counter.lookup' | 'counter.redeem.refused',
  item: { id: string } | undefined,
  outcome: string,
) => {
  if (by.kind !== 'staff') return;
  await recordAudit(ctx.db, by.actor, ctx.now(), {
    action,
    entityType: 'wallet_voucher',
    entityId: item?.id ?? null,
    after: { outcome },
  });
};

const outcomeOf = (err: unknown) => (err instanceof AppError ? err.code : undefined);

const storesOf = (by: CounterActor): readonly string[] => (by.kind === 'staff' ? by.storeIds : [by.storeId]);

/** A code looked up at a counter: refused exactly as a redeem would be now. */
export const lookUpCode = async (
  ctx: Ctx,
  code: string,
  by: CounterActor,
  lang: Language,
): Promise<CounterVoucher> => {
  const found = await findCode(ctx, code);
  try {
    const item = requireStore(found, storesOf(by));
    const refusal = refusalNow(item, ctx.now());
    if (refusal) throw new AppError(refusal);
    const answer = await presentCode(ctx, item, lang);
    await auditAttempt(ctx, by, 'counter.lookup', item, 'ok');
    return answer;
  } catch (err) {
    const outcome = outcomeOf(err);
    if (outcome) await auditAttempt(ctx, by, 'counter.lookup', found, outcome);
    throw err;
  }
};

/**
 * One use of a code at a counter, through the wallet's one usage rule (the member's own Use calls the
 * same). The Idempotency-Key is scoped to who sent it — the staff member, or the store for a POS (so a
 * retry still answers after the store rotates its key) — and a replay answers the first use.
 */
export const redeemCode = async (
  ctx: Ctx,
  code: string,
  idempotencyKey: string,
  by: CounterActor,
): Promise<CounterRedeemResult> => {
  const found = await findCode(ctx, code);
  try {
    const item = requireStore(found, storesOf(by));
    const use = await useWalletItem(
      ctx,
      { id: item.id, memberId: item.member_id },
      {
        kind: 'counter',
        counterKey:
          by.kind === 'staff'
            ? `staff:${by.staffId}:${idempotencyKey}`
            : `pos:${by.storeId}:${idempotencyKey}`,
        storeId: item.store_id,
        staffId: by.kind === 'staff' ? by.staffId : null,
        posKeyId: by.kind === 'pos' ? by.posKeyId : null,
        actor: by.actor,
      },
    );
    return { code: use.code, usesLeft: use.usesLeft, usedAt: use.usedAt.toISOString() };
  } catch (err) {
    const refusal = err instanceof UseRefused ? new AppError(REFUSALS[err.reason]) : err;
    const outcome = outcomeOf(refusal);
    if (outcome) await auditAttempt(ctx, by, 'counter.redeem.refused', found, outcome);
    throw refusal;
  }
};
