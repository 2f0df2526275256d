import { z } from './zod-config.ts';
import { ErrorCodeSchema } from './errors.ts';

/** Every success body: `{ success: true, data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** One failed field of a request: `path` is dotted (`phoneNumber`, `items.0.id`); empty for the whole body. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Every error body: a stable code plus human-readable text (message[0] is shown). */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: ErrorCodeSchema,
  message: z.array(z.string()).min(1),
  requestId: z.string().optional(),
  /** On validation_failed: which field failed and why (English, from the schema). */
  fields: z.array(FieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
