import { sql, type Kysely } from 'kysely';

/*
 * The catalogue's caches ask, after every change to it (a purchase moves a voucher's stock), when the
 * clock next changes an answer: the soonest start and end of a sale window, a privilege's validity, a
 * banner or a coupon. The ends had indexes; the starts did not (banners are a handful), so each such question read every
 * voucher and privilege (about 0.1–0.3 s on 100,000 vouchers, once per order: at 20 orders a second
 * the embedded database fell seconds behind). With these, each minimum is one index probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index voucher_window_starts_idx on voucher (sale_starts_at)`.execute(db);
  await sql`create index privilege_window_starts_idx on privilege (valid_from)`.execute(db);
  await sql`create index coupon_window_starts_idx on coupon (starts_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'coupon_window_starts_idx',
    'privilege_window_starts_idx',
    'voucher_window_starts_idx',
  ])
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
}
