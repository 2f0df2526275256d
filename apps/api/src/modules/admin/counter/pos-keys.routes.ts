import {
  CreatePosKeyBodySchema,
  CreatedPosKeyResponseSchema,
  ErrorEnvelopeSchema,
  PosKeyResponseSchema,
  PosKeysQuerySchema,
  PosKeysResponseSchema,
} from '@app/contracts';
import { z } from 'zod';
import { forRequest } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import { langOf } from '../../../i18n/request-language.ts';
import { isUuid } from '../../../uuid.ts';
import { AppError } from '../../../app-error.ts';
import { createPosKey, listPosKeys, revokePosKey } from '../../counter/index.ts';
import type { AdminArea } from '../area.ts';
import { actorOf } from '../audit.ts';
import { refusals } from '../../refusals.ts';

/**
 * Stores' API keys for their point-of-sale systems at /admin/api/pos-keys: list, create (the secret
 * is in that one answer only) and revoke. Creating and revoking are audited.
 */
export const posKeysArea: AdminArea = async (app, { deps }) => {
  app.get(
    '/pos-keys',
    {
      config: { permission: 'stores.apiKeys' },
      schema: {
        tags: ['admin', 'pos'],
        summary: "Stores' point-of-sale API keys (one store's with storeId), newest first",
        querystring: PosKeysQuerySchema,
        response: { 200: PosKeysResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await listPosKeys(forRequest(deps, req), req.query.storeId, langOf(req))),
  );

  app.post(
    '/pos-keys',
    {
      config: { permission: 'stores.apiKeys' },
      schema: {
        tags: ['admin', 'pos'],
        summary: 'Create an API key for a store',
        description:
          'Answers the key (`key`, pos_…) once: only its hash is kept, so it cannot be shown again. 404 merchant_not_found for an unknown store.',
        body: CreatePosKeyBodySchema,
        response: { 200: CreatedPosKeyResponseSchema, ...refusals(400, 404) },
      },
    },
    async (req) => ok(await createPosKey(forRequest(deps, req), req.body, actorOf(req), langOf(req))),
  );

  app.post(
    '/pos-keys/:id/revoke',
    {
      config: { permission: 'stores.apiKeys' },
      schema: {
        tags: ['admin', 'pos'],
        summary: 'Revoke a store API key (its next request is refused)',
        description: 'Revoking a revoked key answers it as it is. 404 not_found for an unknown id.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: PosKeyResponseSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw new AppError('not_found');
      return ok(await revokePosKey(forRequest(deps, req), req.params.id, actorOf(req), langOf(req)));
    },
  );
};
