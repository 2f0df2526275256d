import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../src/jobs/housekeeping.ts';
import {
  buildTestApp,
  refresh,
  sendOtp,
  signIn,
  uniqueEmail,
  type TestApp,
} from './helpers/build-test-app.ts';

describe('housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('deletes dead codes, tokens, sessions and old outbox mail, and keeps live ones', async () => {
    const old = await signIn(t);
    await sendOtp(t, uniqueEmail('stale-code'));
    t.clock.advance(40 * 86_400_000); // the old session's token is now long expired
    const live = await signIn(t);
    const liveCode = uniqueEmail('live-code');
    await sendOtp(t, liveCode);

    const result = await runHousekeeping(t.db, t.clock.now());
    expect(result).toEqual({ otpCodes: 1, refreshTokens: 1, families: 1, outbox: 2 });

    expect((await refresh(t, live.refreshToken)).statusCode).toBe(200);
    expect((await refresh(t, old.refreshToken)).statusCode).toBe(401);
    const codes = await t.db.selectFrom('otp_code').select('email').execute();
    expect(codes.map((c) => c.email)).toEqual([liveCode]);
    expect(await runHousekeeping(t.db, t.clock.now())).toEqual({
      otpCodes: 0,
      refreshTokens: 0,
      families: 0,
      outbox: 0,
    });
  });
});
