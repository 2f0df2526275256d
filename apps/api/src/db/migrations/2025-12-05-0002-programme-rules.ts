import { sql, type Kysely } from 'kysely';

/*
 * Programme rules as data: how many baht earn a point, how long earned points live, each tier's
 * threshold and what it unlocks. Every change is a new row (the history); the newest row is in force
 * and applies to new activity only — an order keeps the points it was priced with, a bucket keeps the
 * expiry it was earned with. A new row moves the catalogue's version (catalogue answers show what a
 * voucher earns). The `tier` table stays the thresholds' working copy that tier upgrades read; the
 * rule change writes both in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table programme_rules (
    id bigint generated always as identity primary key,
    baht_per_point integer not null check (baht_per_point between 1 and 100000),
    points_lifetime_months integer not null check (points_lifetime_months between 1 and 120),
    tiers jsonb not null,
    staff_id uuid references staff (id),
    staff_email text,
    reason text,
    created_at timestamptz not null
  )`.execute(db);
  const tiers = [
    {
      code: 'member',
      pointsRequired: 0,
      unlocks: { en: 'Vouchers for every member', th: 'บัตรกำนัลสำหรับสมาชิกทุกคน' },
    },
    {
      code: 'silver',
      pointsRequired: 1000,
      unlocks: {
        en: 'Privilege-only vouchers and Silver privileges',
        th: 'บัตรกำนัลเฉพาะลูกค้าพิเศษและสิทธิพิเศษระดับ Silver',
      },
    },
    { code: 'gold', pointsRequired: 5000, unlocks: { en: 'Gold privileges', th: 'สิทธิพิเศษระดับ Gold' } },
    {
      code: 'platinum',
      pointsRequired: 15000,
      unlocks: { en: 'Platinum privileges', th: 'สิทธิพิเศษระดับ Platinum' },
    },
  ];
  // The rules the programme ran on before they were data: 1 point per ฿25, two years, and the tier
  // table's thresholds as this database has them.
  await sql`insert into programme_rules (baht_per_point, points_lifetime_months, tiers, reason, created_at)
    select 25, 24, ${JSON.stringify(tiers)}::jsonb, 'Initial rules', now()`.execute(db);
  await sql`update programme_rules set tiers = (
      select jsonb_agg(jsonb_set(t, '{pointsRequired}', to_jsonb(tier.points_required)) order by tier.rank)
      from jsonb_array_elements(programme_rules.tiers) t join tier on tier.code = t->>'code'
    )`.execute(db);
  await sql`create trigger programme_rules_catalogue_changed
    after insert on programme_rules
    for each statement execute function catalogue_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists programme_rules`.execute(db);
}
