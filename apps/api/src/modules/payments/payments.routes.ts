import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppDeps } from '../../context.ts';
import type { PaymentProvider, WebhookEvent } from './payment-provider.ts';
import { sandboxBankRoutes } from './sandbox-bank.routes.ts';
import { SANDBOX_PROVIDER_NAME } from './sandbox-provider.ts';

export interface PaymentsModuleOptions {
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>;
  provider: PaymentProvider;
  /** Applies a verified event (orders: retrieve the charge, move the order). Throwing answers 5xx, so the gateway retries. */
  onChargeEvent: (event: WebhookEvent) => Promise<void>;
}

const WebhookReceivedSchema = z.object({
  success: z.literal(true),
  data: z.object({ received: z.literal(true) }),
});

export const webhookPathOf = (provider: PaymentProvider) => `/payments/webhooks/${provider.name}`;

/**
 * The provider's webhook and, for the sandbox outside production, its dev bank pages. The webhook's
 * signature covers the exact bytes sent, so this route reads the body raw: its own content-type parsers
 * (any type, kept as a Buffer) live only inside this plugin's scope.
 */
export const paymentsModule: FastifyPluginAsyncZod<PaymentsModuleOptions> = async (
  app,
  { deps, provider, onChargeEvent },
) => {
  const webhookPath = webhookPathOf(provider);

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    // Whatever type it claims, the bytes are checked against the signature before anything reads them.
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    raw.post(
      webhookPath,
      {
        schema: {
          tags: ['payments'],
          summary: `Events from the payment provider (${provider.name}), signed over the raw body`,
          description:
            'Header `sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` ' +
            '(the secret is PAYMENT_WEBHOOK_SECRET). A bad signature, a timestamp more than 300 s away ' +
            'or a body that is not a `charge.complete` event answers 400 webhook_invalid.',
          response: { 200: WebhookReceivedSchema },
        },
      },
      async (req) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        let event: WebhookEvent;
        try {
          event = provider.parseWebhook(rawBody, req.headers);
        } catch (err) {
          if (err instanceof AppError)
            req.log.warn({ reason: (err.options.cause as Error | undefined)?.message }, 'webhook refused');
          throw err;
        }
        await onChargeEvent(event);
        return ok({ received: true as const });
      },
    );
  });

  if (deps.config.nodeEnv !== 'production' && provider.name === SANDBOX_PROVIDER_NAME)
    await app.register(sandboxBankRoutes, { deps, webhookPath });
};
