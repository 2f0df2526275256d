import { createServer } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, login, sendOtp, uniqueEmail, type TestApp } from './helpers/build-test-app.ts';

interface Received {
  from: string;
  to: string[];
  mail: ParsedMail;
}

/** A real SMTP server on a free local port, keeping what it receives. */
const startSmtp = async (opts: { starttls?: boolean } = {}) => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // With STARTTLS on, smtp-server offers its built-in self-signed certificate.
    disabledCommands: opts.starttls ? ['AUTH'] : ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

const waitFor = async <T>(get: () => T | undefined, ms = 5000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('sign-in e-mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Privileges <no-reply@privileges.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = (email: string) =>
    waitFor(() => [...smtp.received].reverse().find((r) => r.to.includes(email)));

  it('arrives in English with the code in subject, text and HTML, and signs in', async () => {
    const email = uniqueEmail('smtp-en');
    const res = await sendOtp(t, email);
    expect(res.statusCode).toBe(200);
    const { mail, from } = await mailTo(email);
    expect(from).toBe('no-reply@privileges.test');
    const code = /(\d{6})$/.exec(mail.subject ?? '')?.[1] ?? '';
    expect(mail.subject).toBe(`Your sign-in code: ${code}`);
    expect(mail.text).toContain(`\n${code}\n`);
    expect(mail.text).toContain('The code is valid for 5 minutes and can be used once.');
    expect(mail.html).toContain(`>${code}<`);
    expect(mail.html).toContain('<html lang="en">');
    // Nothing went to the dev outbox.
    const outbox = await t.db.selectFrom('mail_outbox').select('id').execute();
    expect(outbox).toHaveLength(0);
    expect((await login(t, email, code)).statusCode).toBe(200);
  });

  it('arrives in Thai when the page asked in Thai', async () => {
    const email = uniqueEmail('smtp-th');
    await sendOtp(t, email, {}, 'th');
    const { mail } = await mailTo(email);
    const code = /(\d{6})$/.exec(mail.subject ?? '')?.[1] ?? '';
    expect(mail.subject).toBe(`รหัสเข้าสู่ระบบของคุณ: ${code}`);
    expect(mail.text).toContain('ใช้รหัสนี้เพื่อเข้าสู่ระบบ Privileges:');
    expect(mail.text).toContain('รหัสนี้ใช้ได้ 5 นาที และใช้ได้เพียงครั้งเดียว');
    expect(mail.text).toContain(`\n${code}\n`);
    expect(mail.html).toContain('<html lang="th">');
    expect(mail.html).toContain(`>${code}<`);
  });

  it("follows the member's saved language when the request names none", async () => {
    const email = uniqueEmail('smtp-saved');
    await sendOtp(t, email);
    const first = (await mailTo(email)).mail;
    const signedIn = await login(t, email, /(\d{6})$/.exec(first.subject ?? '')?.[1] ?? '');
    const member = json<{ data: { accessToken: string; email: string } }>(signedIn).data;
    await t.app.inject({
      method: 'PATCH',
      url: '/auth/users/update',
      headers: { authorization: `Bearer ${member.accessToken}` },
      payload: { language: 'th' },
    });
    t.clock.advance(61_000);
    const before = smtp.received.length;
    await sendOtp(t, member.email);
    const { mail } = await waitFor(() => (smtp.received.length > before ? smtp.received.at(-1) : undefined));
    expect(mail.subject).toMatch(/^รหัสเข้าสู่ระบบของคุณ: \d{6}$/);
  });
});

describe('a local mail catcher offering STARTTLS with a self-signed certificate', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp({ starttls: true });
    t = await buildTestApp({ config: { smtpUrl: `smtp://localhost:${smtp.port}` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('still receives the mail (loopback only)', async () => {
    const email = uniqueEmail('smtp-tls');
    expect((await sendOtp(t, email)).statusCode).toBe(200);
    const got = await waitFor(() => smtp.received.find((r) => r.to.includes(email)));
    expect(got.mail.subject).toMatch(/^Your sign-in code: \d{6}$/);
  });
});

describe('when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(() => t.close());

  it('answers 503 mail_unavailable promptly, and a retry is not blocked by the resend gap', async () => {
    const email = uniqueEmail('smtp-down');
    const started = Date.now();
    const res = await sendOtp(t, email);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ success: false, code: 'mail_unavailable' });
    expect(res.headers['retry-after']).toBeDefined();
    expect(
      await t.db.selectFrom('otp_code').select('email').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    const again = await sendOtp(t, email);
    expect(again.statusCode).toBe(503); // still down, but not 429
  });
});
