import { AuditPageResponseSchema, AuditQuerySchema } from '@app/contracts';
import { ok } from '../../../http/envelope.ts';
import type { AdminArea } from '../area.ts';
import { STAFF_SECURITY } from '../guard.ts';
import { searchAudit } from './audit.service.ts';

/**
 * The audit log (/admin/api/audit): read-only by design — there is no route that edits or deletes an
 * entry, and the table itself refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditArea: AdminArea = async (app, { deps }) => {
  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['admin: audit'],
        summary: 'Search the audit log (newest first, a cursor for older pages)',
        description:
          'Filters combine: staff, action (exact, or a prefix ending in "."), entity type and id, from/to ' +
          '(ISO date-times, to exclusive), free text. `limit` up to 100.',
        security: STAFF_SECURITY,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageResponseSchema },
      },
    },
    async (req) => ok(await searchAudit(deps.db, req.query)),
  );
};
