import { z } from 'zod';
import { ErrorCodeSchema } from './errors.ts';

/** Every success body: `{ success: true, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

/** Every error body: a stable code plus human-readable text (message[0] is shown). */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: ErrorCodeSchema,
  message: z.array(z.string()).min(1),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
