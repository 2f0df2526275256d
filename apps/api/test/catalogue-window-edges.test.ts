import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowEdgesQuery } from '../src/modules/catalogue/catalogue-version.repository.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

// Asked after every change to the catalogue, once per purchase: on 100,000 vouchers a scan of the
// voucher table made it 0.1–0.3 s, and 20 orders a second waited seconds for the embedded database.
describe("the catalogue's next window edges", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.close());

  it('are read from indexes on every large table, never by scanning one', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      // Small test tables would be scanned whatever the indexes: the plan without scans tells whether
      // an index exists for each minimum.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${windowEdgesQuery(new Date())}`.execute(
        trx,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // By name: with scans off, a table without its index is still read whole, through its primary key.
    for (const index of [
      'voucher_window_starts_idx',
      'privilege_window_starts_idx',
      'coupon_window_starts_idx',
    ])
      expect(plan, `the plan uses ${index}`).toContain(index);
    for (const table of ['voucher', 'privilege', 'coupon'])
      expect(plan, `a scan of ${table}`).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
  });
});
