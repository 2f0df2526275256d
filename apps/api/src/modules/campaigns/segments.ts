import type { CampaignSegment } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from './campaigns.repository.ts';

const DAY_MS = 86_400_000;

/**
 * The members a segment holds now, as a condition on `member m`. Blocked members are never in it.
 * Store: members with a paid order that holds a line of the store and was not wholly refunded.
 * Points expiring: members whose buckets ending within the next `days` days still hold points.
 */
const segmentCondition = (segment: CampaignSegment, now: Date): RawBuilder<boolean> => {
  switch (segment.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'tier':
      return sql<boolean>`m.tier in (${sql.join(segment.tiers)})`;
    case 'store':
      return sql<boolean>`m.id in (
        select o.member_id from purchase_order_item i join purchase_order o on o.id = i.order_id
        where i.merchant_id = ${segment.storeId} and o.status in ('SUCCESSFUL', 'PARTIALLY_REFUNDED'))`;
    case 'points_expiring': {
      const until = new Date(now.getTime() + segment.days * DAY_MS);
      return sql<boolean>`m.id in (
        select b.member_id from points_ledger b
        where b.bucket_id is null and b.expires_at > ${now} and b.expires_at <= ${until}
        group by b.member_id
        having sum(b.points + coalesce((select sum(r.points) from points_ledger r where r.bucket_id = b.id), 0)) > 0)`;
    }
  }
};

/** `select m.id from member m where …`: the segment's members now, blocked ones left out. */
export const segmentMembersSql = (segment: CampaignSegment, now: Date): RawBuilder<{ id: string }> =>
  sql<{
    id: string;
  }>`select m.id from member m where m.blocked_at is null and ${segmentCondition(segment, now)}`;

/** How many members the segment holds now. */
export const countSegment = async (db: Db, segment: CampaignSegment, now: Date): Promise<number> => {
  const { rows } = await sql<{
    n: string | number;
  }>`select count(*) as n from (${segmentMembersSql(segment, now)}) s`.execute(db);
  return Number(rows[0]?.n ?? 0);
};
