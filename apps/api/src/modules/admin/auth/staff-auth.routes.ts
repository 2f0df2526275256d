import {
  SendOtpResponseSchema,
  StaffChallengeResponseSchema,
  StaffMeResponseSchema,
  StaffSecondFactorBodySchema,
  StaffSendCodeBodySchema,
  StaffSessionResponseSchema,
  StaffSignOutResponseSchema,
  StaffVerifyCodeBodySchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { forRequest } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import type { AdminArea } from '../area.ts';
import { STAFF_SECURITY } from '../guard.ts';
import {
  completeSecondFactor,
  getMe,
  sendStaffCode,
  signOutStaff,
  verifyStaffCode,
} from './staff-auth.service.ts';
import { defineStaffCodeJobs } from './staff-code.jobs.ts';

/**
 * Staff sign-in (/admin/api/auth): e-mailed code, then the authenticator app's code; sign-out; who am
 * I. Limited like the member sign-in, in counters of their own.
 */
export const staffAuthArea: AdminArea = async (app, { deps, limiter }) => {
  const { config } = deps;
  const codeMail = defineStaffCodeJobs(deps.jobs, () => ({ ...deps, log: app.log }));
  const emailOf = (req: FastifyRequest) => (req.body as { email: string }).email;
  const sendsPerIp = limiter({ name: 'staff-otp-ip', max: config.otpSendLimitPerIp, key: (req) => req.ip });
  const sendsPerAddressFromIp = limiter({
    name: 'staff-otp-email-ip',
    max: config.otpSendLimitPerAddress,
    key: (req) => `${emailOf(req)}|${req.ip}`,
  });
  const sendsPerAddress = limiter({
    name: 'staff-otp-email',
    max: config.otpSendLimitPerAddressTotal,
    key: emailOf,
  });
  const triesPerIp = limiter({ name: 'staff-login-ip', max: config.loginLimitPerIp, key: (req) => req.ip });
  const triesPerAddressFromIp = limiter({
    name: 'staff-login-email-ip',
    max: config.loginLimitPerAddressAndIp,
    key: (req) => `${emailOf(req)}|${req.ip}`,
  });

  app.post(
    '/auth/send-code',
    {
      config: { public: true },
      schema: {
        tags: ['admin: sign-in'],
        summary: 'Staff sign-in, step 1: mail a 6-digit code',
        description:
          'The same answer, in the same time, whether or not the address is an active staff account: the mail ' +
          'is queued and sent (only to staff) by a job, retried while the code lasts. ' +
          '429 rate_limited within 60 s of the previous code or past the limits.',
        body: StaffSendCodeBodySchema,
        response: { 200: SendOtpResponseSchema },
      },
    },
    async (req) => {
      await sendsPerIp(req);
      const data = await sendStaffCode(forRequest(deps, req), codeMail, req.body, {
        beforeSend: async () => {
          await sendsPerAddressFromIp(req);
          await sendsPerAddress(req);
        },
      });
      return ok(data);
    },
  );

  app.post(
    '/auth/verify-code',
    {
      config: { public: true },
      schema: {
        tags: ['admin: sign-in'],
        summary: 'Staff sign-in, step 2: the e-mailed code → a second-factor challenge',
        description:
          'Answers a challenge (5 minutes, one use): `totp`, or `enrol_totp` with a new secret and its otpauth:// URL ' +
          'on the first sign-in or after a reset. Wrong, expired and dead codes: 400 otp_invalid, otp_expired, otp_exhausted.',
        body: StaffVerifyCodeBodySchema,
        response: { 200: StaffChallengeResponseSchema },
      },
    },
    async (req) => {
      await triesPerIp(req);
      await triesPerAddressFromIp(req);
      return ok(await verifyStaffCode(forRequest(deps, req), req.body));
    },
  );

  app.post(
    '/auth/second-factor',
    {
      config: { public: true },
      schema: {
        tags: ['admin: sign-in'],
        summary: "Staff sign-in, step 3: the authenticator app's code → a session",
        description:
          'A wrong or already used code: 400 second_factor_invalid (5 per challenge); an unknown, used, expired or ' +
          'exhausted challenge: 400 staff_challenge_invalid (start again with the e-mailed code).',
        body: StaffSecondFactorBodySchema,
        response: { 200: StaffSessionResponseSchema },
      },
    },
    async (req) => {
      await triesPerIp(req);
      const ua = req.headers['user-agent'];
      const data = await completeSecondFactor(forRequest(deps, req), req.body, {
        ip: req.ip,
        userAgent: typeof ua === 'string' ? ua : null,
        requestId: req.id,
      });
      return ok(data);
    },
  );

  app.post(
    '/auth/sign-out',
    {
      config: { signedIn: true },
      schema: {
        tags: ['admin: sign-in'],
        summary: 'End this staff session',
        security: STAFF_SECURITY,
        response: { 200: StaffSignOutResponseSchema },
      },
    },
    async (req) => {
      await signOutStaff(forRequest(deps, req), req.staff, req.id);
      return ok({ signedOut: true as const });
    },
  );

  app.get(
    '/me',
    {
      config: { signedIn: true },
      schema: {
        tags: ['admin: sign-in'],
        summary: 'The signed-in staff member and what their role may do',
        security: STAFF_SECURITY,
        response: { 200: StaffMeResponseSchema },
      },
    },
    async (req) => ok(await getMe(deps, req.staff)),
  );
};
