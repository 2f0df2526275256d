import type { CatalogueStatus, ErrorCode } from '@app/contracts';
import {
  sql,
  type Expression,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
  type UpdateObject,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import { AppError } from '../../../app-error.ts';
import type { Database } from '../../../db/schema.ts';
export { newestFirst } from '../../../db/newest-first.ts';
import { MEDIA_FILE_PATTERN, UPLOADED_FILE_PATTERN, shippedMediaLibrary, type MediaKind } from '../media.ts';

/*
 * What every part of the catalogue editor shares: the per-field refusals the database would otherwise
 * answer with a constraint error, pictures' URLs, paging, edit versions, and the draft → published →
 * archived moves.
 */

export type Trx = Transaction<Database>;
export type Db = Kysely<Database> | Trx;
/** The catalogue rows with a draft state (publish / unpublish / archive). */
export type StatusTable = 'voucher' | 'privilege' | 'coupon' | 'banner';
/** Every table the editor saves; each has an edit `version`. */
export type EditedTable = 'merchant' | 'category' | StatusTable;

/** One refused field: `key` names its text under `fieldErrors.catalogue` (both languages). */
export interface FieldIssue {
  path: string;
  key: string;
  vars?: Record<string, string | number>;
}

/**
 * Fields a save refused after the schema passed (an unknown store, a taken code …). Thrown by the
 * services, which do not know the reader's language; the editor's routes turn it into the 400 that
 * lists each field in the staff member's language, as the schema's own refusals are.
 */
export class CatalogueFieldErrors extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.key}`).join('; '));
    this.name = 'CatalogueFieldErrors';
  }
}

export const fieldErrors = (issues: FieldIssue[]) => new CatalogueFieldErrors(issues);

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

/** The rows of a list's page (pages count from 1), in the order the query already has. */
export const onPage = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  q: { page: number; pageSize: number },
) => query.limit(q.pageSize).offset((q.page - 1) * q.pageSize);

/** Lists show every status but archived unless one is asked for. */
export const statusFilter = (alias: string, status: CatalogueStatus | undefined) =>
  status
    ? sql<boolean>`${sql.ref(`${alias}.status`)} = ${status}`
    : sql<boolean>`${sql.ref(`${alias}.status`)} <> 'archived'`;

/** The status moves: publish (from draft or archived), unpublish (back to draft), archive. */
export const STATUS_ACTIONS = {
  publish: 'published',
  unpublish: 'draft',
  archive: 'archived',
} as const satisfies Record<string, CatalogueStatus>;
export type StatusAction = keyof typeof STATUS_ACTIONS;

/**
 * Locks the row a save changes and checks the version its form was loaded at: `notFound` when there
 * is no such row, `edit_conflict` when `expected` is given and another save came first. Two saves of
 * one row then run one after the other, and the second sees what the first committed. Returns the
 * row's version (the one the save's UPDATE must still find).
 */
export const lockForEdit = async (
  trx: Trx,
  table: EditedTable,
  id: string,
  notFound: ErrorCode,
  expected: number | undefined,
): Promise<number> => {
  const row = await trx
    .selectFrom(table)
    .select('version')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(notFound);
  if (expected !== undefined && row.version !== expected) throw new AppError('edit_conflict');
  return row.version;
};

/** The SET part every editor save adds: its version moves on in the same statement. */
const nextVersion = () => sql<number>`version + 1`;

/**
 * Writes an editor save's columns with the version moved on, `where id = … and version = <the
 * version lockForEdit answered>`: no row written means another save came first → edit_conflict (the
 * row lock makes that unreachable; the condition keeps the check inside the one statement all the
 * same). A database refusal (a taken code, a row gone) is answered on `field`.
 */
export const writeVersioned = async <T extends EditedTable>(
  trx: Trx,
  table: T,
  id: string,
  version: number,
  values: UpdateObject<Database, T>,
  field?: string,
) => {
  // One table at a time; Kysely cannot type `set` over a union of tables.
  const update = trx.updateTable(table as EditedTable) as unknown as UpdateQueryBuilder<
    Database,
    EditedTable,
    EditedTable,
    UpdateResult
  >;
  const res = await update
    .set({ ...(values as object), version: nextVersion() })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
    .catch((err: unknown) => (field === undefined ? Promise.reject(err) : refusedByDatabase(err, field)));
  if (Number(res.numUpdatedRows) === 0) throw new AppError('edit_conflict');
};

/**
 * Sets an item's status and moves its version on; published_at is set the first time it is
 * published. `version` is the one lockForEdit answered.
 */
export const moveStatus = async (
  trx: Trx,
  table: StatusTable,
  id: string,
  action: StatusAction,
  version: number,
  now: Date,
) => {
  const to = STATUS_ACTIONS[action];
  const res = await trx
    .updateTable(table)
    .set({
      status: to,
      published_at: to === 'published' ? sql<Date>`coalesce(published_at, ${now})` : sql<Date>`published_at`,
      version: nextVersion(),
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new AppError('edit_conflict');
};

/** Reads a locked row's status (lockForEdit took the lock). */
export const statusOf = async (trx: Trx, table: StatusTable, id: string) =>
  (await trx.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
