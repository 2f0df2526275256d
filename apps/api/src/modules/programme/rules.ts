import type { Kysely, Transaction } from 'kysely';
import type { Database, TierRuleJson } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The rules in force: the newest row of programme_rules (a migration writes the first). */
export interface ProgrammeRules {
  id: string;
  bahtPerPoint: number;
  pointsLifetimeMonths: number;
  /** Lowest first. */
  tiers: TierRuleJson[];
  changedBy: string | null;
  reason: string | null;
  createdAt: Date;
}

const rulesColumns = [
  'id',
  'baht_per_point',
  'points_lifetime_months',
  'tiers',
  'staff_email',
  'reason',
  'created_at',
] as const;

const present = (r: {
  id: string;
  baht_per_point: number;
  points_lifetime_months: number;
  tiers: TierRuleJson[];
  staff_email: string | null;
  reason: string | null;
  created_at: Date;
}): ProgrammeRules => ({
  id: String(r.id),
  bahtPerPoint: r.baht_per_point,
  pointsLifetimeMonths: r.points_lifetime_months,
  tiers: typeof r.tiers === 'string' ? (JSON.parse(r.tiers) as TierRuleJson[]) : r.tiers,
  changedBy: r.staff_email,
  reason: r.reason,
  createdAt: r.created_at,
});

/** The rules new activity follows (one indexed row; read where the activity happens, in its transaction). */
export const currentRules = async (db: Db): Promise<ProgrammeRules> =>
  present(
    await db
      .selectFrom('programme_rules')
      .select(rulesColumns)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow(),
  );

/** Every version, newest first. */
export const rulesHistory = async (db: Db, limit = 100): Promise<ProgrammeRules[]> =>
  (
    await db.selectFrom('programme_rules').select(rulesColumns).orderBy('id', 'desc').limit(limit).execute()
  ).map(present);

export interface NewRules {
  bahtPerPoint: number;
  pointsLifetimeMonths: number;
  tiers: TierRuleJson[];
  staffId: string | null;
  staffEmail: string | null;
  reason: string;
  now: Date;
}

/**
 * Puts new rules in force inside the caller's transaction: a new history row (which moves the
 * catalogue's version, so what a voucher earns shows at once) and the tier thresholds tier upgrades
 * read. Serialised by a row lock, so two changes at once both land, one after the other,
 * and each one's `before` is the rules it replaced. The caller has checked the tiers (every tier once,
 * thresholds rising from 0).
 */
export const putRulesInForce = async (
  trx: Transaction<Database>,
  r: NewRules,
): Promise<{ before: ProgrammeRules; after: ProgrammeRules }> => {
  // The lock is on the first row, which never changes: locking the newest instead, a change waiting
  // behind another would still hold the row that was newest when it started (PostgreSQL re-checks only
  // the row it waited for) and read the rules the other had just replaced.
  await trx.selectFrom('programme_rules').select('id').orderBy('id').limit(1).forUpdate().execute();
  const before = await currentRules(trx);
  for (const t of r.tiers) {
    await trx
      .updateTable('tier')
      .set({ points_required: t.pointsRequired })
      .where('code', '=', t.code)
      .execute();
  }
  const row = await trx
    .insertInto('programme_rules')
    .values({
      baht_per_point: r.bahtPerPoint,
      points_lifetime_months: r.pointsLifetimeMonths,
      tiers: JSON.stringify(r.tiers),
      staff_id: r.staffId,
      staff_email: r.staffEmail,
      reason: r.reason,
      created_at: r.now,
    })
    .returning(rulesColumns)
    .executeTakeFirstOrThrow();
  return { before, after: present(row) };
};

/** The rules themselves, without who changed them and when (what an audit row compares). */
export const rulesOnly = (r: ProgrammeRules) => ({
  bahtPerPoint: r.bahtPerPoint,
  pointsLifetimeMonths: r.pointsLifetimeMonths,
  tiers: r.tiers,
});
