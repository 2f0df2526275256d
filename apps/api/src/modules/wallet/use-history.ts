import type { Language, UseHistory } from '@app/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { inPeriod, type Period } from '../../db/period.ts';
import type { Database } from '../../db/schema.ts';
import { privilegeCards, voucherCards } from '../catalogue/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * The wallet's part of the member's history (modules/history merges it): each use of a wallet item,
 * as a key query for the history's UNION ALL and the page's entries read back by id.
 */

/** (id, created_at) of the member's uses in [from, until); null = open on that side. */
export const useHistoryKeys = (db: Db, memberId: string, period: Period) =>
  inPeriod(
    db
      .selectFrom('wallet_use as u')
      .select([sql<string>`u.id::text`.as('id'), 'u.used_at as created_at'])
      .where('u.member_id', '=', memberId),
    'u.used_at',
    period,
  );

/** The member's uses among `ids` as history entries, in `lang` (another member's ids give nothing). */
export const useHistoryEntries = async (
  db: Db,
  memberId: string,
  ids: readonly string[],
  lang: Language,
): Promise<Map<string, UseHistory>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('wallet_use as u')
    .innerJoin('wallet_voucher as w', 'w.id', 'u.wallet_voucher_id')
    .select((eb) => [
      'u.id',
      'u.used_at',
      'u.wallet_voucher_id',
      'w.voucher_id',
      'w.privilege_id',
      'w.usage_limit',
      // Which use of the item this was: the uses up to it, the same instant broken by id.
      eb
        .selectFrom('wallet_use as e')
        .select(sql<string | number>`count(*)`.as('n'))
        .whereRef('e.wallet_voucher_id', '=', 'u.wallet_voucher_id')
        .where(sql<boolean>`(e.used_at, e.id) <= (u.used_at, u.id)`)
        .as('use_number'),
    ])
    .where('u.member_id', '=', memberId)
    .where('u.id', 'in', [...ids])
    .execute();
  const [vouchers, privileges] = await Promise.all([
    voucherCards(
      db,
      rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
      lang,
    ),
    privilegeCards(
      db,
      rows.flatMap((r) => (r.privilege_id ? [r.privilege_id] : [])),
      lang,
    ),
  ]);
  return new Map(
    rows.map((r) => {
      const card = r.voucher_id ? vouchers.get(r.voucher_id) : privileges.get(r.privilege_id ?? '');
      return [
        r.id,
        {
          kind: 'use' as const,
          id: r.id,
          createdAt: r.used_at.toISOString(),
          walletItemId: r.wallet_voucher_id,
          title: card?.title ?? '',
          imageUrl: card?.imageUrl ?? '',
          merchantName: card?.merchant.name ?? '',
          useNumber: Number(r.use_number ?? 0),
          usageLimit: r.usage_limit,
        },
      ];
    }),
  );
};
