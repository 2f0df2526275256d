import { SignJWT } from 'jose';
import type { LoginData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  json,
  jsonAuth,
  refresh,
  signIn,
  type TestApp,
} from './helpers/build-test-app.ts';

type Err = { success: false; code: string; message: string[] };
type Ok = { success: true; data: LoginData };

const profile = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/auth/users/profile', headers });

describe('sessions: access tokens, refresh rotation, reuse detection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('accepts both Authorization forms on protected routes', async () => {
    const s = await signIn(t);
    const viaBearer = await profile(t, bearer(s.accessToken));
    const viaJson = await profile(t, jsonAuth(s.accessToken, s.refreshToken));
    expect(viaBearer.statusCode).toBe(200);
    expect(viaJson.statusCode).toBe(200);
    expect(json<Ok>(viaBearer).data.id).toBe(s.id);
    expect(json<Ok>(viaJson).data.id).toBe(s.id);
  });

  it('answers 401 with the envelope for missing, malformed and forged tokens', async () => {
    const s = await signIn(t);
    const [head, body] = s.accessToken.split('.');
    const forgedClaims = Buffer.from(
      JSON.stringify({ sub: '00000000-0000-0000-0000-000000000000', sid: 'x', exp: 9999999999 }),
    ).toString('base64url');
    const otherKey = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.id)
      .setIssuer('privileges-api')
      .setAudience('privileges-member')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    const cases: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: '{not json' },
      { authorization: JSON.stringify({ accessToken: null, refreshToken: null }) },
      bearer(`${head}.${forgedClaims}.${s.accessToken.split('.')[2]}`),
      bearer(otherKey),
      bearer(unsigned),
      jsonAuth('abc.def.ghi'),
      // A refresh token is not an access token.
      jsonAuth(s.refreshToken),
    ];
    for (const headers of cases) {
      const res = await profile(t, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(json<Err>(res)).toMatchObject({
        success: false,
        code: 'unauthorized',
        message: ['Please sign in to continue.'],
      });
    }
  });

  it('expires access tokens after 15 minutes (token_expired), refresh gives a new one', async () => {
    const s = await signIn(t);
    t.clock.advance(14 * 60_000);
    expect((await profile(t, bearer(s.accessToken))).statusCode).toBe(200);
    t.clock.advance(60_000);
    const res = await profile(t, bearer(s.accessToken));
    expect(res.statusCode).toBe(401);
    expect(json<Err>(res).code).toBe('token_expired');

    const r = await refresh(t, s.refreshToken, s.accessToken);
    expect(r.statusCode).toBe(200);
    const next = json<Ok>(r).data;
    expect((await profile(t, bearer(next.accessToken))).statusCode).toBe(200);
  });

  it('rotates the refresh token on use and returns the member info', async () => {
    const s = await signIn(t);
    const r = await refresh(t, s.refreshToken);
    expect(r.statusCode).toBe(200);
    const body = json<Ok>(r);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ id: s.id, email: s.email, profileStatus: 'incomplete' });
    expect(body.data.refreshToken).not.toBe(s.refreshToken);
    expect(body.data.refreshTokens[0]?.token).toBe(body.data.refreshToken);
    expect(body.data.accessToken.split('.')).toHaveLength(3);
    // The successor works, and so on down the chain.
    const r2 = await refresh(t, body.data.refreshToken);
    expect(r2.statusCode).toBe(200);
    // Bearer <refresh token> works too for /auth/refresh-token.
    const r3 = await t.app.inject({
      method: 'GET',
      url: '/auth/refresh-token',
      headers: bearer(json<Ok>(r2).data.refreshToken),
    });
    expect(r3.statusCode).toBe(200);
  });

  it('rejects missing and unknown refresh tokens', async () => {
    for (const headers of [{}, jsonAuth('x', ''), jsonAuth('x', 'not-a-real-token')]) {
      const res = await t.app.inject({ method: 'GET', url: '/auth/refresh-token', headers });
      expect(res.statusCode).toBe(401);
      expect(json<Err>(res).code).toBe('refresh_token_invalid');
    }
  });

  it('two tabs refreshing with the same token inside the grace window both get a valid session', async () => {
    const s = await signIn(t);
    const [a, b] = await Promise.all([refresh(t, s.refreshToken), refresh(t, s.refreshToken)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const da = json<Ok>(a).data;
    const db = json<Ok>(b).data;
    expect(da.refreshToken).not.toBe(db.refreshToken);
    // Both sessions keep working: each tab goes on refreshing with what it got.
    t.clock.advance(30_000);
    expect((await refresh(t, da.refreshToken)).statusCode).toBe(200);
    expect((await refresh(t, db.refreshToken)).statusCode).toBe(200);
  });

  it('a slower tab presenting the just-rotated token within 10 s still gets a session', async () => {
    const s = await signIn(t);
    expect((await refresh(t, s.refreshToken)).statusCode).toBe(200);
    t.clock.advance(9_000);
    const late = await refresh(t, s.refreshToken);
    expect(late.statusCode).toBe(200);
    expect((await profile(t, bearer(json<Ok>(late).data.accessToken))).statusCode).toBe(200);
  });

  it('reuse of a rotated token after the grace window revokes the whole family', async () => {
    const s = await signIn(t);
    const first = json<Ok>(await refresh(t, s.refreshToken)).data;
    const second = json<Ok>(await refresh(t, first.refreshToken)).data;
    t.clock.advance(11_000);

    const reuse = await refresh(t, s.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(json<Err>(reuse)).toMatchObject({
      code: 'refresh_token_invalid',
      message: ['Your session has ended. Please sign in again.'],
    });

    // Every token of the family is dead now, including the newest one…
    expect((await refresh(t, second.refreshToken)).statusCode).toBe(401);
    // …and so are its access tokens.
    expect((await profile(t, bearer(second.accessToken))).statusCode).toBe(401);

    // Another sign-in of the same member is a different family and is unaffected.
    const other = await signIn(t, s.email);
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(200);
  });

  it('a refresh token unused for 30 days expires; each use slides the expiry', async () => {
    const s = await signIn(t);
    t.clock.advance(29 * 86_400_000);
    const used = json<Ok>(await refresh(t, s.refreshToken)).data;
    expect(Date.parse(used.refreshTokens[0]?.expiresAt ?? '')).toBe(
      t.clock.now().getTime() + 30 * 86_400_000,
    );
    t.clock.advance(29 * 86_400_000);
    const again = json<Ok>(await refresh(t, used.refreshToken)).data;
    t.clock.advance(30 * 86_400_000);
    const dead = await refresh(t, again.refreshToken);
    expect(dead.statusCode).toBe(401);
    expect(json<Err>(dead).code).toBe('refresh_token_invalid');
  });

  it('logout ends the session: its refresh and access tokens stop working', async () => {
    const s = await signIn(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: jsonAuth(s.accessToken, s.refreshToken),
    });
    expect(out.statusCode).toBe(200);
    expect(json(out)).toEqual({ success: true, data: { loggedOut: true } });
    expect((await refresh(t, s.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, bearer(s.accessToken))).statusCode).toBe(401);

    const s2 = await signIn(t);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(s2.accessToken) }))
        .statusCode,
    ).toBe(200);
    expect((await profile(t, bearer(s2.accessToken))).statusCode).toBe(401);

    // The refresh token alone also names its session.
    const s3 = await signIn(t);
    const byRefresh = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: jsonAuth('', s3.refreshToken),
    });
    expect(byRefresh.statusCode).toBe(200);
    expect((await profile(t, bearer(s3.accessToken))).statusCode).toBe(401);
  });

  it('logout with a valid access token and an unknown refresh token still ends the session', async () => {
    const s = await signIn(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: jsonAuth(s.accessToken, 'not-a-refresh-token-of-ours'),
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(t, bearer(s.accessToken))).statusCode).toBe(401);
    expect((await refresh(t, s.refreshToken)).statusCode).toBe(401);
  });

  it("logout never claims success for nothing, and never ends another member's session", async () => {
    for (const headers of [{}, jsonAuth('', 'unknown'), bearer('forged.jwt.token'), jsonAuth('', '')]) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(json(res)).toMatchObject({ success: false, code: 'unauthorized' });
    }
    const mine = await signIn(t);
    const theirs = await signIn(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: jsonAuth(mine.accessToken, theirs.refreshToken),
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(t, bearer(mine.accessToken))).statusCode).toBe(401);
    expect((await profile(t, bearer(theirs.accessToken))).statusCode).toBe(200);
    expect((await refresh(t, theirs.refreshToken)).statusCode).toBe(200);
  });
});
