import type { AuditEntry, AuditPage, AuditQuery } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../../../app-error.ts';
import type { AuditLogRow, Database } from '../../../db/schema.ts';

type Filters = Omit<AuditQuery, 'limit'> & { limit: number };

/** A page ends at a (time, id) pair; the next page starts strictly after it, so new rows never shift it. */
const encodeCursor = (row: AuditLogRow) =>
  Buffer.from(JSON.stringify([row.at.toISOString(), String(row.id)])).toString('base64url');

const MAX_BIGINT = 2n ** 63n - 1n;

const decodeCursor = (cursor: string): { at: Date; id: string } => {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      const date = typeof at === 'string' ? new Date(at) : undefined;
      // Within what the columns hold (a bigint id, a timestamptz year), else the database would refuse it.
      const year = date?.getUTCFullYear() ?? NaN;
      if (
        date &&
        year >= 1 &&
        year <= 9999 &&
        typeof id === 'string' &&
        /^\d{1,19}$/.test(id) &&
        BigInt(id) <= MAX_BIGINT
      )
        return { at: date, id };
    }
  } catch {
    // answered below
  }
  throw new AppError('validation_failed', {
    fields: [{ path: 'cursor', message: 'Not a cursor from a previous page' }],
  });
};

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const presentEntry = (row: AuditLogRow): AuditEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  staffId: row.staff_id,
  staffEmail: row.staff_email,
  action: row.action,
  entityType: row.entity_type,
  entityId: row.entity_id,
  before: row.before ?? null,
  after: row.after ?? null,
  reason: row.reason,
  requestId: row.request_id,
});

/**
 * The audit log, newest first, filtered. Free text: every word must appear (any case) in the actor's
 * e-mail, the action, the entity, the reason or the record before or after the change.
 */
export const searchAudit = async (db: Kysely<Database>, query: Filters): Promise<AuditPage> => {
  let q = db.selectFrom('audit_log').selectAll();
  if (query.staffId) q = q.where('staff_id', '=', query.staffId);
  if (query.action)
    q = query.action.endsWith('.')
      ? q.where('action', 'like', `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : q.where('action', '=', query.action);
  if (query.entityType) q = q.where('entity_type', '=', query.entityType);
  if (query.entityId) q = q.where('entity_id', '=', query.entityId);
  if (query.from) q = q.where('at', '>=', new Date(query.from));
  if (query.to) q = q.where('at', '<', new Date(query.to));
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const like = likePattern(word);
    q = q.where(
      (eb) =>
        sql<boolean>`concat_ws(' ', ${eb.ref('staff_email')}, ${eb.ref('action')}, ${eb.ref('entity_type')},
          ${eb.ref('entity_id')}, ${eb.ref('reason')}, ${eb.ref('before')}::text, ${eb.ref('after')}::text) ilike ${like}`,
    );
  }
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    q = q.where((eb) =>
      eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', sql<string>`${id}::bigint`)])]),
    );
  }
  const rows = await q
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(presentEntry),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
};
