// The payments module's public surface: orders and app.ts import only from here.
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

export type {
  Charge,
  ChargeStatus,
  CreateChargeInput,
  PaymentProvider,
  Refund,
  WebhookEvent,
} from './payment-provider.ts';
export { paymentsModule, webhookPathOf, type PaymentsModuleOptions } from './payments.routes.ts';

/** The gateway config names. A real one (Opn, a bank's API) is one more case here and nothing in orders. */
export function createPaymentProvider(
  config: Config,
  deps: { db: Kysely<Database>; now: () => Date },
): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider(config, deps);
    default:
      throw new Error(`unknown payment provider: ${String(config.paymentProvider satisfies never)}`);
  }
}
