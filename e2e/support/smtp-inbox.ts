import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/**
 * A real SMTP server for tests, plus a tiny HTTP view of what it received so that
 * test workers (other processes) can read the sign-in codes.
 */
export async function startSmtpInbox() {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((m) => {
          const to = [m.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? '') ?? []);
          mails.push({
            to,
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            receivedAt: Date.now(),
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}
