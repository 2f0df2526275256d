import {
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  ProfileResponseSchema,
  RefreshResponseSchema,
  SendEmailChangeCodeBodySchema,
  SendOtpBodySchema,
  SendOtpResponseSchema,
  VerifyEmailChangeBodySchema,
} from '@app/contracts';
import { forRequest } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../app-error.ts';
import type { AppModule } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { getMember, presentMember } from '../member/index.ts';
import { presentSession } from './auth.presenter.ts';
import { parseAuthorization } from './auth-header.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.service.ts';
import { logout, rotateRefreshToken, startSession } from './session.service.ts';
import { sendSignInCode, signIn } from './sign-in.service.ts';

/** Sign-in codes, sessions and e-mail changes, registered at the /auth prefix. */
export const authModule: AppModule = async (app, { deps, limiter }) => {
  const { config } = deps;
  const ctxOf = (req: Parameters<typeof forRequest>[1]) => forRequest(deps, req);
  const emailOf = (req: { body: unknown }) => (req.body as { email: string }).email;
  const sendsPerIp = limiter({
    name: 'otp-ip',
    max: config.otpSendLimitPerIp,
    key: (req) => req.ip,
  });
  // Counted per address *and* IP, so sends from an attacker's address do not use up the owner's;
  // the per-address total still bounds how much mail one mailbox can be sent from many IPs.
  const sendsPerAddressFromIp = limiter({
    name: 'otp-email-ip',
    max: config.otpSendLimitPerAddress,
    key: (req) => `${emailOf(req)}|${req.ip}`,
  });
  const sendsPerAddress = limiter({
    name: 'otp-email',
    max: config.otpSendLimitPerAddressTotal,
    key: emailOf,
  });
  const beforeSend = (req: Parameters<typeof sendsPerAddress>[0]) => async () => {
    await sendsPerAddressFromIp(req);
    await sendsPerAddress(req);
  };
  const loginsPerIp = limiter({
    name: 'login-ip',
    max: config.loginLimitPerIp,
    key: (req) => req.ip,
  });
  // Tries at one address from one IP: a stranger can kill at most a couple of the owner's codes per
  // window (a code dies after 5 wrong tries), while the owner, from their own IP, asks for a fresh
  // code at once (a dead code does not hold back the next) and still has all their tries.
  const triesPerAddressFromIp = limiter({
    name: 'login-email-ip',
    max: config.loginLimitPerAddressAndIp,
    key: (req) => `${emailOf(req)}|${req.ip}`,
  });
  const emailChangeSendsPerMember = limiter({
    name: 'email-change-member',
    max: config.otpSendLimitPerAddress,
    key: (req) => req.member.memberId,
  });
  const emailChangeTriesPerMember = limiter({
    name: 'email-change-tries',
    max: config.loginLimitPerAddressAndIp,
    key: (req) => req.member.memberId,
  });

  app.post(
    '/otp/send-otp',
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
      return ok(await sendSignInCode(ctxOf(req), req.body, { beforeSend: beforeSend(req) }));
    },
  );

  app.post(
    '/login',
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
      await triesPerAddressFromIp(req);
      const ctx = ctxOf(req);
      const member = await signIn(ctx, req.body.email, req.body.otp);
      const refresh = await startSession(ctx, member.id);
      const access = await app.accessTokens.sign({ memberId: member.id, sessionId: refresh.familyId });
      return ok(presentSession(member, access.token, refresh));
    },
  );

  app.get(
    '/refresh-token',
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
      if (!refreshToken) throw new AppError('refresh_token_invalid');
      const ctx = ctxOf(req);
      const refresh = await rotateRefreshToken(ctx, refreshToken);
      const member = await getMember(ctx, refresh.memberId);
      const access = await app.accessTokens.sign({ memberId: member.id, sessionId: refresh.familyId });
      return ok(presentSession(member, access.token, refresh));
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the presented tokens (every token of this sign-in stops working)',
        description:
          "Ends the session of a valid access token, and that of the refresh token when it is the same member's. " +
          'When neither token names a session, nothing is ended: 401 unauthorized.',
        security: MEMBER_SECURITY,
        response: { 200: LogoutResponseSchema },
      },
    },
    async (req) => {
      const { accessToken, refreshToken } = parseAuthorization(req.headers.authorization);
      const claims = accessToken
        ? await app.accessTokens.verify(accessToken).catch(() => undefined)
        : undefined;
      await logout(ctxOf(req), {
        sessionId: claims?.sessionId,
        memberId: claims?.memberId,
        refreshToken,
      });
      return ok({ loggedOut: true as const });
    },
  );

  app.post(
    '/users/email/send-otp',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'Start an e-mail change: mail a 6-digit code to the new address',
        description:
          'The profile keeps the old address until the code is confirmed. Same answer whether or not the address ' +
          'belongs to another member. 400 email_unchanged for the current address; 429 rate_limited as for sign-in codes.',
        security: MEMBER_SECURITY,
        body: SendEmailChangeCodeBodySchema,
        response: { 200: SendOtpResponseSchema },
      },
    },
    async (req) => {
      await sendsPerIp(req);
      await emailChangeSendsPerMember(req);
      const data = await requestEmailChange(ctxOf(req), req.member.memberId, req.body, {
        beforeSend: beforeSend(req),
      });
      return ok(data);
    },
  );

  app.post(
    '/users/email/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'Confirm an e-mail change with the code sent to the new address',
        description:
          'Wrong, expired and dead codes: 400 otp_invalid, otp_expired, otp_exhausted. 409 email_taken when the ' +
          'proven address already belongs to another member. The old address is told of the change.',
        security: MEMBER_SECURITY,
        body: VerifyEmailChangeBodySchema,
        response: { 200: ProfileResponseSchema },
      },
    },
    async (req) => {
      await emailChangeTriesPerMember(req);
      return ok(presentMember(await confirmEmailChange(ctxOf(req), req.member.memberId, req.body)));
    },
  );
};
