import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the dev outbox prints in the server log (e.g. the sign-in code); never sent. */
  logHint?: string;
}

export interface Mailer {
  /** 'outbox' keeps mail in the database (dev mailbox) instead of sending it. */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves when the mail is accepted; rejects (never hangs) when it cannot be. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * SMTP through nodemailer. The timeouts are short on purpose: the member is waiting on the
 * sign-in screen, and a dead mail server must give a clear error within seconds, not a hung request.
 */
export const createSmtpMailer = (smtpUrl: string, from: string): Mailer => {
  // A mail catcher on this machine (smtp-server, Mailpit…) offers STARTTLS with a self-signed
  // certificate; on the loopback interface there is no one in the middle to defend against.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(smtpUrl).hostname);
  // Query options of the URL apply too, e.g. smtp://host:2525?ignoreTLS=true.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...(loopback ? { tls: { rejectUnauthorized: false } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    async close() {
      transport.close();
    },
  };
};

/** The dev outbox: a row per mail (listed at /dev/mailbox) plus a log line. */
export const createOutboxMailer = (
  db: Kysely<Database>,
  now: () => Date,
  onStored: (m: MailMessage) => void = () => {},
): Mailer => ({
  kind: 'outbox',
  async send(m) {
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: m.to,
        subject: m.subject,
        text_body: m.text,
        html_body: m.html,
        created_at: now(),
      })
      .execute();
    onStored(m);
  },
  async close() {},
});
