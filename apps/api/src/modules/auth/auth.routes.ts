import {
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  RefreshResponseSchema,
  SendOtpBodySchema,
  SendOtpResponseSchema,
} from '@app/contracts';
import { forRequest, type AppDeps } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { LimiterFactory } from '../../http/rate-limit.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { findOrCreateMember } from '../member/member.repository.ts';
import { getMember } from '../member/member.service.ts';
import { presentSession } from './auth.presenter.ts';
import { parseAuthorization } from './auth-header.ts';
import { sendSignInCode, verifySignInCode } from './otp.service.ts';
import { endSession, endSessionByToken, rotateRefreshToken, startSession } from './session.service.ts';

export const authRoutes = (app: ZodApp, deps: AppDeps, limiter: LimiterFactory) => {
  const { config } = deps;
  const ctxOf = (req: Parameters<typeof forRequest>[1]) => forRequest(deps, req);
  const windowSeconds = config.rateLimitWindowSeconds;
  const sendsPerIp = limiter({
    name: 'otp-ip',
    max: config.otpSendLimitPerIp,
    windowSeconds,
    key: (req) => req.ip,
  });
  const sendsPerAddress = limiter({
    name: 'otp-email',
    max: config.otpSendLimitPerAddress,
    windowSeconds,
    key: (req) => (req.body as { email: string }).email,
  });
  const loginsPerIp = limiter({
    name: 'login-ip',
    max: config.loginLimitPerIp,
    windowSeconds,
    key: (req) => req.ip,
  });

  app.post(
    '/auth/otp/send-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit sign-in code by e-mail',
        description:
          'Same answer whether or not the address belongs to a member. 429 rate_limited (Retry-After) ' +
          'within 60 s of the previous code, or past the per-address / per-IP limits; 503 mail_unavailable when mail cannot be sent.',
        body: SendOtpBodySchema,
        response: { 200: SendOtpResponseSchema },
      },
    },
    async (req) => {
      await sendsPerIp(req);
      const data = await sendSignInCode(ctxOf(req), req.body, { beforeSend: () => sendsPerAddress(req) });
      return ok(data);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the e-mail code; the first sign-in creates the member',
        description: 'Wrong, expired and dead codes: 400 otp_invalid, otp_expired, otp_exhausted.',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (req) => {
      await loginsPerIp(req);
      const ctx = ctxOf(req);
      const askedIn = await verifySignInCode(ctx, req.body.email, req.body.otp);
      const member = await findOrCreateMember(ctx.db, req.body.email, askedIn ?? 'en', ctx.now());
      const refresh = await startSession(ctx, member.id);
      const access = await app.accessTokens.sign({ memberId: member.id, sessionId: refresh.familyId });
      return ok(presentSession(member, access.token, refresh));
    },
  );

  app.get(
    '/auth/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        description:
          'Reads the refresh token from `Authorization: {"accessToken":"…","refreshToken":"…"}` (or `Bearer <refreshToken>`). ' +
          'Reusing a rotated token more than 10 s later revokes the whole session: 401 refresh_token_invalid.',
        response: { 200: RefreshResponseSchema },
      },
    },
    async (req) => {
      const { refreshToken } = parseAuthorization(req.headers.authorization);
      if (!refreshToken) throw new AppError(401, 'refresh_token_invalid');
      const ctx = ctxOf(req);
      const refresh = await rotateRefreshToken(ctx, refreshToken);
      const member = await getMember(ctx, refresh.memberId);
      const access = await app.accessTokens.sign({ memberId: member.id, sessionId: refresh.familyId });
      return ok(presentSession(member, access.token, refresh));
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the presented tokens (every token of this sign-in stops working)',
        description: 'Always answers success: an unknown or expired token has no session left to end.',
        response: { 200: LogoutResponseSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { accessToken, refreshToken } = parseAuthorization(req.headers.authorization);
      if (refreshToken) await endSessionByToken(ctx, refreshToken);
      else if (accessToken) {
        const claims = await app.accessTokens.verify(accessToken).catch(() => undefined);
        if (claims) await endSession(ctx, claims.sessionId);
      }
      return ok({ loggedOut: true as const });
    },
  );
};
