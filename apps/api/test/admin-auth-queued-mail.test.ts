import { createServer } from 'node:net';
import { OTP_TTL_SECONDS, type StaffChallengeData } from '@app/contracts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import {
  createTestStaff,
  staffCodeMailsSettled,
  staffSendCode,
  staffVerifyCode,
  uniqueStaffEmail,
} from './helpers/staff.ts';
import { waitFor } from './helpers/test-database.ts';

/**
 * A real SMTP server on `port`, keeping the code of each mail by recipient. `greetingDelayMs` holds
 * every connection that long before the server says hello (a slow mail provider).
 */
const startSmtp = async (port: number, greetingDelayMs = 0) => {
  const codes = new Map<string, string[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      setTimeout(callback, greetingDelayMs);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const code = /^(\d{6})$/m.exec(mail.text ?? '')?.[1] ?? '';
          for (const to of session.envelope.rcptTo)
            codes.set(to.address, [...(codes.get(to.address) ?? []), code]);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { codes, close: () => new Promise<void>((r) => server.close(() => r())) };
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

describe('staff sign-in step 1 with the mail server down', () => {
  let t: TestApp;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  beforeAll(async () => {
    // Nothing listens on the port yet: every connection is refused.
    port = await freePort();
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('answers staff and strangers alike, and mails the code once the server is back', async () => {
    const { email: expiring } = await createTestStaff(t, 'support');
    const { email: staff } = await createTestStaff(t, 'support');
    const stranger = uniqueStaffEmail('stranger');

    // A code asked for just before the other two: it dies while the server is down.
    expect((await staffSendCode(t, expiring)).statusCode).toBe(200);
    t.clock.advance((OTP_TTL_SECONDS - 10) * 1000);
    const forStaff = await staffSendCode(t, staff);
    const forStranger = await staffSendCode(t, stranger);
    expect(forStaff.statusCode).toBe(200);
    expect({ status: forStranger.statusCode, body: forStranger.json<unknown>() }).toEqual({
      status: forStaff.statusCode,
      body: forStaff.json<unknown>(),
    });
    t.clock.advance(11_000);

    // The failed mails wait in the queue for their retry; the server comes back on the same port.
    smtp = await startSmtp(port);
    const server = smtp;
    await waitFor(() => (server.codes.get(staff)?.length ?? 0) > 0, 20_000, 'the retried code mail');
    await staffCodeMailsSettled(t);
    expect(server.codes.get(staff)).toHaveLength(1);
    // Not to an address that is not staff, nor a code that expired meanwhile.
    expect(server.codes.get(stranger)).toBeUndefined();
    expect(server.codes.get(expiring)).toBeUndefined();

    // The code that arrived late is the live one.
    const verified = await staffVerifyCode(t, staff, server.codes.get(staff)?.[0] ?? '');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<{ data: StaffChallengeData }>().data.secondFactor).toBe('enrol_totp');
  });
});

describe('staff sign-in step 1 with a slow mail server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtp(port, 2000);
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers an active staff address without waiting for the mail', async () => {
    const { email } = await createTestStaff(t, 'support');
    // The app's first request pays for starting it: not the one timed.
    await staffSendCode(t, uniqueStaffEmail('warm-up'));
    const started = performance.now();
    const res = await staffSendCode(t, email);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(took).toBeLessThan(1000);
    // The mail still arrives, after the server's 2 s greeting.
    await waitFor(() => (smtp.codes.get(email)?.length ?? 0) > 0, 10_000, 'the code mail');
    expect((await staffVerifyCode(t, email, smtp.codes.get(email)?.[0] ?? '')).statusCode).toBe(200);
  });
});
