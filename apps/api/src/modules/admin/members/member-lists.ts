import type {
  AdminMemberNotification as AdminNotification,
  AdminMemberOrder as AdminOrder,
  AdminMemberWalletItem as AdminWalletItem,
  AdminPage,
  AdminPagingQuery,
  AdminPointsLedgerEntry as AdminLedgerEntry,
  Language,
} from '@app/contracts';
import type { Ctx } from '../../../context.ts';
import { renderNotification } from '../../notifications/index.ts';
import { orderNumbers, purchaseHistoryEntries, purchaseHistoryKeys } from '../../orders/index.ts';
import { walletPage } from '../../wallet/index.ts';
import { countLedger, countNotifications, ledgerPage, notificationPage } from './members.repository.ts';
import { pageOf, requireMember, sliceOf } from './members.service.ts';

/*
 * One member's paged lists for the back office. Each reuses the member side's own reading and
 * presenting where it fits (order history entries, the wallet page, notification rendering), so the
 * back office shows what the member sees — plus what only staff need (every ledger row as written).
 */

/** The member's orders, newest first, each with its lines (titles in the back office's language). */
export const memberOrders = async (
  ctx: Pick<Ctx, 'db'>,
  id: string,
  q: AdminPagingQuery,
  lang: Language,
): Promise<AdminPage<AdminOrder>> => {
  const member = await requireMember(ctx, id);
  const all = { from: null, until: null };
  const total = Number(
    (
      await ctx.db
        .selectFrom(purchaseHistoryKeys(ctx.db, member.id, all).as('k'))
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const { limit, offset } = sliceOf(q);
  const keys = await purchaseHistoryKeys(ctx.db, member.id, all)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const entries = await purchaseHistoryEntries(
    ctx.db,
    member.id,
    keys.map((k) => k.id),
    lang,
  );
  return pageOf(
    q,
    total,
    keys.flatMap((k) => {
      const e = entries.get(k.id);
      return e
        ? [
            {
              id: e.id,
              number: e.orderNumber,
              status: e.status,
              total: e.total,
              createdAt: e.createdAt,
              quantity: e.quantity,
              lines: e.items,
            },
          ]
        : [];
    }),
  );
};

/** The member's wallet (vouchers bought and privileges redeemed), newest first, as the member's wallet reads it. */
export const memberWallet = async (
  ctx: Ctx,
  id: string,
  q: AdminPagingQuery,
  lang: Language,
): Promise<AdminPage<AdminWalletItem>> => {
  const member = await requireMember(ctx, id);
  const page = await walletPage(ctx, member.id, { page: q.page, limit: q.pageSize, sort: 'newest' }, lang);
  return pageOf(
    q,
    page.total,
    page.items.map((w) => ({
      id: w.id,
      kind: w.kind,
      title: w.title,
      status: w.status,
      usesLeft: w.usageLimit === null ? null : Math.max(0, w.usageLimit - w.usedCount),
      usageLimit: w.usageLimit,
      usedCount: w.usedCount,
      validUntil: w.validUntil,
      orderNumber: w.orderNumber,
      createdAt: w.purchasedAt,
    })),
  );
};

/** Every ledger row of the member, newest first, with the order number where a row names an order. */
export const memberLedger = async (
  ctx: Pick<Ctx, 'db'>,
  id: string,
  q: AdminPagingQuery,
): Promise<AdminPage<AdminLedgerEntry>> => {
  const member = await requireMember(ctx, id);
  const [total, rows] = [
    await countLedger(ctx.db, member.id),
    await ledgerPage(ctx.db, member.id, sliceOf(q)),
  ];
  const numbers = await orderNumbers(
    ctx.db,
    member.id,
    rows.flatMap((r) => (r.order_id ? [r.order_id] : [])),
  );
  return pageOf(
    q,
    total,
    rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      points: r.points,
      reason: r.reason,
      orderId: r.order_id,
      orderNumber: r.order_id ? (numbers.get(r.order_id) ?? null) : null,
      privilegeId: r.privilege_id,
      expiresAt: r.expires_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
    })),
  );
};

/** The member's notifications, newest first, rendered in the member's own language (what they read). */
export const memberNotifications = async (
  ctx: Pick<Ctx, 'db'>,
  id: string,
  q: AdminPagingQuery,
): Promise<AdminPage<AdminNotification>> => {
  const member = await requireMember(ctx, id);
  const [total, rows] = [
    await countNotifications(ctx.db, member.id),
    await notificationPage(ctx.db, member.id, sliceOf(q)),
  ];
  return pageOf(
    q,
    total,
    rows.map((r) => {
      const n = renderNotification(r, member.language);
      return {
        id: n._id,
        type: n.type,
        language: member.language,
        title: n.title,
        description: n.description,
        isRead: n.isRead,
        createdAt: n.createdAt,
      };
    }),
  );
};
