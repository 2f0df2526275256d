import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';

/** GET /health: 200 when the process and the database answer, else 503 with code service_unavailable. */
export const HealthDataSchema = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  uptimeSeconds: z.number().int().nonnegative(),
});
export const HealthResponseSchema = envelope(HealthDataSchema);

/** One mail of the development outbox (GET /dev/mailbox.json?to=…; absent when NODE_ENV=production). */
export const DevMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof DevMailSchema>;
export const DevMailboxResponseSchema = envelope(z.array(DevMailSchema));
