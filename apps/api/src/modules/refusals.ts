import { ErrorEnvelopeSchema } from '@app/contracts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/**
 * The refusals a route declares in its OpenAPI response map: every error status answers the one error
 * envelope ({ error: { code, message, … } }), so a route names only which statuses it may answer.
 */
export const refusals = <S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorEnvelopeSchema> =>
  Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as Record<S, typeof ErrorEnvelopeSchema>;
