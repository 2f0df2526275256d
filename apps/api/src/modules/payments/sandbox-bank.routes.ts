import { LANGUAGES, type Language } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { languageFromHeader } from '../../i18n/messages.ts';
import { finishedPage, messagePage, payPage, type ChargeView, type PageText } from './sandbox-bank.page.ts';
import { checkCard, type CardOutcome } from './sandbox-card.ts';
import {
  expireIfDue,
  expirePending,
  findSandboxCharge,
  settlePending,
  type SandboxChargeRow,
} from './sandbox-charges.repository.ts';
import {
  chargeOf,
  SANDBOX_SIGNATURE_HEADER,
  sandboxPayPath,
  signedChargeComplete,
} from './sandbox-provider.ts';

/** The answer a PromptPay "bank app" gives when the tester declines (Opn's code for a refused charge). */
const DECLINED: CardOutcome = { status: 'failed', failureCode: 'payment_rejected' };
const APPROVED: CardOutcome = { status: 'successful', failureCode: null };

const Field = z.string().max(100);
const AnswerSchema = z.object({
  action: z.enum(['approve', 'decline', 'pay', 'expire']),
  lang: z.enum(LANGUAGES).optional(),
  number: Field.default(''),
  expiry: Field.default(''),
  cvc: Field.default(''),
});

const langOf = (req: FastifyRequest, given: unknown): Language =>
  LANGUAGES.find((l) => l === given) ?? languageFromHeader(req.headers['accept-language']);

/** An app path in `lang`: Thai lives under /th (the web app's route locale). */
const localized = (lang: Language, path: string) => (lang === 'th' ? `/th${path}` : path);

/**
 * A browser's cross-site form post, told the way Go's CrossOriginProtection does: Sec-Fetch-Site
 * when the browser sends it, else an Origin that is not this host. A request with neither comes from
 * no browser (curl, a test), which carries no visitor's session for another site to borrow.
 */
const isCrossOrigin = (req: FastifyRequest) => {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    const from = new URL(origin);
    // Read the Host header through the same parser, so a default port (:80, :443) compares equal.
    return from.host !== new URL(`${from.protocol}//${req.headers.host ?? ''}`).host;
  } catch {
    return true; // "null" (a sandboxed frame, a privacy-sensitive redirect) or garbage
  }
};

/**
 * The dev "bank": GET /sandbox/pay/:ref shows a sandbox charge with Approve/Decline (PromptPay) or the
 * card form, and "Let it expire" for either; POST answers it, then delivers the signed `charge.complete` webhook to our own endpoint as
 * the gateway would and sends the browser back to the app. Registered only outside production.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>;
  webhookPath: string;
}> = async (app, { deps, webhookPath }) => {
  const { db, now, config } = deps;

  // Browser forms post application/x-www-form-urlencoded; only these pages read it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const textFor = (ref: string, lang: Language): PageText => ({
    lang,
    otherLanguageHref: `${sandboxPayPath(ref)}?lang=${lang === 'th' ? 'en' : 'th'}`,
  });
  const viewOf = (row: SandboxChargeRow, lang: Language): ChargeView => ({
    charge: chargeOf(row, config.promptPayId),
    description: row.description,
    backHref: localized(lang, row.return_uri),
  });
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  /** The charge as it stands now: a pending one past its expiry is expired first, as the provider reads it. */
  const current = async (ref: string) =>
    (await expireIfDue(db, ref, now())) ?? (await findSandboxCharge(db, ref));

  const deliverWebhook = async (req: FastifyRequest, row: SandboxChargeRow) => {
    const { body, signature, eventId } = signedChargeComplete(
      config.paymentWebhookSecret,
      row.ref,
      row.status,
      now(),
    );
    try {
      // Through the real route (raw body, signature and all), after the charge's update has committed.
      const res = await app.inject({
        method: 'POST',
        url: webhookPath,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      if (res.statusCode !== 200) {
        // A real gateway retries; the order screen's status check asks the provider meanwhile.
        req.log.error(
          { eventId, ref: row.ref, status: res.statusCode, body: res.body.slice(0, 500) },
          'sandbox: webhook delivery refused',
        );
      } else req.log.info({ eventId, ref: row.ref, status: row.status }, 'sandbox: webhook delivered');
    } catch (err) {
      req.log.error({ err, eventId, ref: row.ref }, 'sandbox: webhook delivery failed');
    }
  };

  const RefParams = z.object({ ref: z.string() });
  const LangQuery = z.object({ lang: z.unknown().optional() }).passthrough();

  app.get(
    '/sandbox/pay/:ref',
    { schema: { hide: true, params: RefParams, querystring: LangQuery } },
    async (req, reply) => {
      const { ref } = req.params;
      const lang = langOf(req, req.query.lang);
      const text = textFor(ref, lang);
      const row = await current(ref);
      if (!row) return html(reply, 404, messagePage(text, 'notFound'));
      const view = viewOf(row, lang);
      if (row.status !== 'pending') return html(reply, 200, finishedPage(text, view, false));
      return html(reply, 200, payPage(text, view, sandboxPayPath(ref)));
    },
  );

  app.post(
    '/sandbox/pay/:ref',
    { schema: { hide: true, params: RefParams, querystring: LangQuery } },
    async (req, reply) => {
      const { ref } = req.params;
      const parsed = AnswerSchema.safeParse(req.body ?? {});
      const lang = langOf(req, parsed.success ? parsed.data.lang : req.query.lang);
      const text = textFor(ref, lang);
      if (isCrossOrigin(req)) return html(reply, 403, messagePage(text, 'crossOrigin'));
      const row = await current(ref);
      if (!row) return html(reply, 404, messagePage(text, 'notFound'));
      if (row.status !== 'pending') return html(reply, 409, finishedPage(text, viewOf(row, lang), true));
      if (!parsed.success) return html(reply, 400, messagePage(text, 'badRequest'));
      const answer = parsed.data;

      const type = chargeOf(row, config.promptPayId).type;
      let outcome: CardOutcome | 'expire';
      if (answer.action === 'expire') {
        // Either channel: a PromptPay QR nobody scanned, a card page left open.
        outcome = 'expire';
      } else if (type === 'promptpay') {
        if (answer.action === 'pay') return html(reply, 400, messagePage(text, 'badRequest'));
        outcome = answer.action === 'approve' ? APPROVED : DECLINED;
      } else {
        if (answer.action !== 'pay') return html(reply, 400, messagePage(text, 'badRequest'));
        const card = checkCard(answer, now());
        if (!card.outcome) {
          const form = { values: { number: answer.number, expiry: answer.expiry }, errors: card.errors };
          return html(reply, 422, payPage(text, viewOf(row, lang), sandboxPayPath(ref), form));
        }
        outcome = card.outcome;
      }

      const settled =
        outcome === 'expire'
          ? await expirePending(db, ref, now())
          : await settlePending(db, ref, outcome, now());
      if (!settled) {
        // Another answer, a cancel or the expiry got there first: show what it is now, change nothing.
        const latest = await current(ref);
        if (!latest) return html(reply, 404, messagePage(text, 'notFound'));
        return html(reply, 409, finishedPage(text, viewOf(latest, lang), true));
      }
      await deliverWebhook(req, settled);
      return reply.redirect(localized(lang, settled.return_uri), 303);
    },
  );
};
