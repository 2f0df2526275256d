import { DevMailboxResponseSchema } from '@app/contracts';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import type { AppModule } from '../http/module.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const QuerySchema = z.object({
  to: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The development mailbox: the outbox, newest first. Registered only when NODE_ENV is not production. */
export const devMailboxModule: AppModule = async (app, { deps }) => {
  const recent = (to: string | undefined, limit: number) => {
    let q = deps.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit);
    if (to) q = q.where('to_address', '=', to);
    return q.execute();
  };

  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        tags: ['dev'],
        summary: 'Recent mail of the dev outbox (tests read sign-in codes here)',
        querystring: QuerySchema,
        response: { 200: DevMailboxResponseSchema },
      },
    },
    async (req) => {
      const rows = await recent(req.query.to, req.query.limit);
      return ok(
        rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          createdAt: r.created_at.toISOString(),
        })),
      );
    },
  );

  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Recent mail of the dev outbox, as a page',
        querystring: QuerySchema,
      },
    },
    async (req, reply) => {
      const rows = await recent(req.query.to, req.query.limit);
      const note =
        deps.mailer.kind === 'smtp'
          ? '<p class="note">SMTP_URL is set: mail goes to the SMTP server, not here.</p>'
          : '';
      const items = rows
        .map(
          (r) => `<article>
<header><strong>${escapeHtml(r.subject)}</strong><span>to ${escapeHtml(r.to_address)} · ${r.created_at.toISOString()}</span></header>
<pre>${escapeHtml(r.text_body)}</pre>
<details><summary>HTML</summary><iframe sandbox="" title="${escapeHtml(r.subject)}" srcdoc="${escapeHtml(r.html_body)}"></iframe></details>
</article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10"><title>Dev mailbox</title>
<style>
body{font-family:system-ui,'Noto Sans Thai',sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:8px;padding:12px 16px;margin:12px 0}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
header span{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;font-size:14px}
iframe{width:100%;height:420px;border:1px solid #e5e7eb}.note{color:#92400e}
</style></head>
<body><h1>Dev mailbox</h1><p>The newest ${rows.length} mail${rows.length === 1 ? '' : 's'} of the development outbox (this page refreshes every 10 s; it does not exist in production).</p>
${note}${items || '<p>No mail yet. Ask for a sign-in code and it appears here.</p>'}
</body></html>`);
    },
  );
};
