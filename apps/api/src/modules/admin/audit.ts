import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../audit/audit.ts';

// The writer lives outside the modules (orders writes audit rows too); the back office's files keep importing it from here.
export { recordAudit, SYSTEM_ACTOR, type AuditActor, type AuditEntry } from '../../audit/audit.ts';

export const actorOf = (req: FastifyRequest): AuditActor => ({
  staffId: req.staff.staffId,
  email: req.staff.email,
  requestId: req.id,
});
