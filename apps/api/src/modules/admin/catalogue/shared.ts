import type { CatalogueStatus, ErrorCode, FieldError, Language } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { AppError } from '../../../app-error.ts';
import type { Database } from '../../../db/schema.ts';
import { languageFromHeader, t } from '../../../i18n/messages.ts';
import {
  MEDIA_FILE_PATTERN,
  UPLOADED_FILE_PATTERN,
  shippedMediaLibrary,
  type MediaKind,
} from '../../catalogue/index.ts';
import type { AdminModuleOptions } from '../area.ts';
import { actorOf, recordAudit } from '../audit.ts';

/*
 * What every part of the catalogue editor shares: one transaction per save with its audit row, the
 * per-field refusals the database would otherwise answer with a constraint error, pictures' URLs,
 * paging, and the draft → published → archived moves.
 */

export type Trx = Transaction<Database>;
export type Db = Kysely<Database> | Trx;
/** The catalogue rows with a draft state (publish / unpublish / archive). */
type StatusTable = 'voucher' | 'privilege' | 'coupon' | 'banner';
export type Deps = AdminModuleOptions['deps'];

/** One refused field: `key` names its text under `fieldErrors.catalogue` (both languages). */
export interface FieldIssue {
  path: string;
  key: string;
  vars?: Record<string, string | number>;
}

/**
 * Fields a save refused after the schema passed (an unknown store, a taken code …). Thrown by the
 * services, which do not know the reader's language; saveWithAudit turns it into the 400 that lists
 * each field in the staff member's language, as the schema's own refusals are.
 */
export class CatalogueFieldErrors extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.key}`).join('; '));
    this.name = 'CatalogueFieldErrors';
  }
}

export const fieldErrors = (issues: FieldIssue[]) => new CatalogueFieldErrors(issues);

/** The 400 of refused fields, in `lang`. */
export const refusal = (err: CatalogueFieldErrors, lang: Language): AppError => {
  const fields: FieldError[] = err.issues.map((i) => ({
    path: i.path,
    message: t(lang, `fieldErrors.catalogue.${i.key}`, { field: i.path, ...i.vars }),
  }));
  return new AppError('validation_failed', {
    ...(fields[0] ? { message: fields[0].message } : {}),
    details: fields.map((f) => `${f.path}: ${f.message}`),
    fields,
    cause: err,
  });
};

/** Checks gathered while preparing a save; thrown together (every problem of the form at once). */
export class FieldChecks {
  readonly issues: FieldIssue[] = [];
  add(path: string, key: string, vars?: Record<string, string | number>) {
    this.issues.push({ path, key, ...(vars ? { vars } : {}) });
  }
  throwIfAny() {
    if (this.issues.length) throw fieldErrors(this.issues);
  }
}

/** Which of `ids` are rows of `table` (lower-cased, for comparing). */
export const existingIds = async (
  trx: Trx,
  table: 'merchant' | 'category' | 'voucher',
  ids: readonly string[],
): Promise<Set<string>> => {
  if (!ids.length) return new Set();
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...new Set(ids.map((i) => i.toLowerCase()))])
    .execute();
  return new Set(rows.map((r) => r.id.toLowerCase()));
};

/** Checks that every picture named exists: uploaded (in catalogue_image) or shipped for `kind`. */
export const checkImages = async (
  trx: Trx,
  checks: FieldChecks,
  kind: MediaKind,
  fields: Array<{ path: string; file: string }>,
) => {
  const uploaded = fields.filter((f) => UPLOADED_FILE_PATTERN.test(f.file)).map((f) => f.file);
  const found = uploaded.length
    ? new Set(
        (await trx.selectFrom('catalogue_image').select('file').where('file', 'in', uploaded).execute()).map(
          (r) => r.file,
        ),
      )
    : new Set<string>();
  const shipped = shippedMediaLibrary();
  for (const f of fields) {
    const ok = UPLOADED_FILE_PATTERN.test(f.file)
      ? found.has(f.file)
      : MEDIA_FILE_PATTERN.test(f.file) && shipped.get(kind, f.file) !== undefined;
    if (!ok) checks.add(f.path, 'unknownPicture');
  }
};

export const mediaUrl = (kind: MediaKind, file: string) => shippedMediaLibrary().url(kind, file);

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
export const dateOrNull = (s: string | null | undefined) => (s ? new Date(s) : null);

/** The database's answers to a race the checks could not see (a row removed meanwhile, a code taken). */
export const refusedByDatabase = (err: unknown, field: string): never => {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  if (code === '23505') throw fieldErrors([{ path: field, key: 'alreadyUsed' }]);
  if (code === '23503') throw fieldErrors([{ path: field, key: 'rowGone' }]);
  if (code === '23514') throw fieldErrors([{ path: field, key: 'breaksRule' }]);
  throw err;
};

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/**
 * A list's total: the rows of `table` (as `alias`, which `where` names) meeting `where`. The same
 * count the four item lists each wrote out; the page's rows are read by the list itself.
 */
export const countWhere = async (db: Db, table: StatusTable, alias: string, where: Expression<SqlBool>) =>
  Number(
    (
      await db
        .selectFrom(sql.table(table).as(alias))
        .select(sql<string>`count(*)`.as('n'))
        .where(where)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const pageOf = <T>(items: T[], total: number, page: number, pageSize: number): Paged<T> => ({
  items,
  page,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

/** Lists show every status but archived unless one is asked for. */
export const statusFilter = (alias: string, status: CatalogueStatus | undefined) =>
  status
    ? sql<boolean>`${sql.ref(`${alias}.status`)} = ${status}`
    : sql<boolean>`${sql.ref(`${alias}.status`)} <> 'archived'`;

/**
 * Runs one save: the change and its audit row in one transaction, then tells this process's catalogue
 * caches (other processes follow the catalogue_version trigger). `change` returns the row's view
 * before (undefined for a new one) and after, and its id.
 */
export const saveWithAudit = async <View>(
  deps: Deps,
  req: FastifyRequest,
  catalogueChanged: () => void,
  action: string,
  entityType: string,
  change: (
    trx: Trx,
    now: Date,
  ) => Promise<{ id: string; before?: View | undefined; after: View | undefined }>,
): Promise<View | undefined> => {
  const actor = actorOf(req);
  const now = deps.now();
  const result = await deps.db
    .transaction()
    .execute(async (trx) => {
      const r = await change(trx, now);
      if (r.before !== undefined || r.after !== undefined)
        await recordAudit(trx, actor, now, {
          action,
          entityType,
          entityId: r.id,
          before: r.before,
          after: r.after,
        });
      return r;
    })
    .catch((err: unknown) => {
      if (err instanceof CatalogueFieldErrors)
        throw refusal(err, languageFromHeader(req.headers['accept-language']));
      throw err;
    });
  catalogueChanged();
  return result.after;
};

/** The status moves: publish (from draft or archived), unpublish (back to draft), archive. */
export const STATUS_ACTIONS = {
  publish: 'published',
  unpublish: 'draft',
  archive: 'archived',
} as const satisfies Record<string, CatalogueStatus>;
export type StatusAction = keyof typeof STATUS_ACTIONS;

/** Sets an item's status; published_at is set the first time it is published. Undefined: no such row. */
export const moveStatus = async (
  trx: Trx,
  table: StatusTable,
  id: string,
  action: StatusAction,
  now: Date,
): Promise<boolean> => {
  const to = STATUS_ACTIONS[action];
  const res = await trx
    .updateTable(table)
    .set({
      status: to,
      published_at: to === 'published' ? sql<Date>`coalesce(published_at, ${now})` : sql<Date>`published_at`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
};

/** Locks and reads a row's status (undefined when there is no such row). */
export const lockedStatus = async (trx: Trx, table: StatusTable, id: string) =>
  (await trx.selectFrom(table).select('status').where('id', '=', id).forUpdate().executeTakeFirst())?.status;

/**
 * Locks the row an update saves (throws `notFound` when there is none): two saves of one row then run
 * one after the other, and the second reads what the first committed as its `before`.
 */
export const lockForUpdate = async (trx: Trx, table: StatusTable, id: string, notFound: ErrorCode) => {
  if (!(await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst()))
    throw new AppError(notFound);
};
