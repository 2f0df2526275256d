import { sql } from 'kysely';
import { coverFileSql, imageFilesSql, type ItemTable } from './items.repository.ts';
import { itemNameColumns, itemTextColumns, type Db, type RowOf } from './query-parts.ts';

/** A privilege card (merchant and category from the reference cache); `liked`: false without a member. */
export const privilegeSummaryQuery = (db: Db, memberId: string | null) =>
  db
    .selectFrom('privilege as p')
    .select([
      ...itemNameColumns('p'),
      'p.points_cost',
      'p.tier',
      'p.stock',
      'p.redeemed',
      'p.valid_from',
      'p.valid_until',
      'p.like_count',
      'p.created_at',
      coverFileSql('privilege', 'p'),
      memberId === null
        ? sql<boolean>`false`.as('liked')
        : sql<boolean>`exists (select 1 from privilege_like pl where pl.privilege_id = p.id and pl.member_id = ${memberId})`.as(
            'liked',
          ),
    ]);

/** A privilege with everything its detail shows, pictures included (one query). */
const privilegeDetailQuery = (db: Db, memberId: string | null) =>
  privilegeSummaryQuery(db, memberId).select([
    ...itemTextColumns('p'),
    'p.usage_limit',
    imageFilesSql('privilege', 'p'),
  ]);

export type PrivilegeSummaryRow = RowOf<typeof privilegeSummaryQuery>;
export type PrivilegeDetailRow = RowOf<typeof privilegeDetailQuery>;

/**
 * Privileges for the shared item queries: priced in points, valid from valid_from to valid_until,
 * taken when redeemed, ranked by likes; a card carries whether the viewer liked it.
 */
export const PRIVILEGE_TABLE: ItemTable<PrivilegeSummaryRow, PrivilegeDetailRow> = {
  table: 'privilege',
  alias: 'p',
  price: 'points_cost',
  startsAt: 'valid_from',
  endsAt: 'valid_until',
  popularity: 'like_count',
  hasPrivilegeOnly: false,
  summaries: privilegeSummaryQuery,
  details: privilegeDetailQuery,
};
