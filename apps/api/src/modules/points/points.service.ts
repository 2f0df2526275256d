import type { PointsExpiry, PointsSummary } from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/schema.ts';
import { bucketsOf } from './points-ledger.ts';
import { earnedInWindow, tierTable } from './tiers.ts';
import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';

type Db = Kysely<Database> | Transaction<Database>;

const bangkokDate = (d: Date) => new Date(d.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);

/**
 * GET /bff/points: read-only. Buckets past their expiry that the daily job has not reached yet are
 * left out of the balance (they can no longer be spent: a burn expires them first).
 */
export const pointsSummary = async (db: Db, memberId: string, now: Date): Promise<PointsSummary> => {
  const member = await db.selectFrom('member').select('tier').where('id', '=', memberId).executeTakeFirst();
  if (!member) throw new AppError('unauthorized');
  const [buckets, tiers, earned] = [
    await bucketsOf(db, memberId),
    await tierTable(db),
    await earnedInWindow(db, memberId, now),
  ];
  const live = buckets.filter(
    (b) => b.remaining > 0 && (b.expiresAt === null || b.expiresAt.getTime() >= now.getTime()),
  );
  const expiries = new Map<string, PointsExpiry>();
  for (const b of live) {
    if (!b.expiresAt) continue;
    const date = bangkokDate(b.expiresAt);
    const e = expiries.get(date);
    if (e) {
      e.points += b.remaining;
      if (b.expiresAt.toISOString() > e.expiresAt) e.expiresAt = b.expiresAt.toISOString();
    } else expiries.set(date, { date, expiresAt: b.expiresAt.toISOString(), points: b.remaining });
  }
  const current = tiers.find((t) => t.code === member.tier);
  const next = tiers.find((t) => t.rank > (current?.rank ?? 0));
  const floor = current?.pointsRequired ?? 0;
  const progress = next
    ? Math.min(1, Math.max(0, (earned - floor) / Math.max(1, next.pointsRequired - floor)))
    : 1;
  return {
    balance: live.reduce((s, b) => s + b.remaining, 0),
    tier: member.tier,
    earnedInWindow: earned,
    nextTier: next
      ? {
          tier: next.code,
          pointsRequired: next.pointsRequired,
          pointsNeeded: Math.max(0, next.pointsRequired - earned),
        }
      : null,
    progress,
    // Buckets come earliest-expiring first, so the map's order is already soonest first.
    expiries: [...expiries.values()],
  };
};
