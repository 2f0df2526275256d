import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose route schemas are Zod schemas (request types inferred from them). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** OpenAPI security requirement of the protected routes (either Authorization form). */
export const MEMBER_SECURITY: Array<Record<string, string[]>> = [
  { bearerAuth: [] },
  { jsonAuthorization: [] },
];
