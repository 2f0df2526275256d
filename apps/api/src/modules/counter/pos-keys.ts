import { createHash, randomBytes } from 'node:crypto';
import type { CreatedPosKey, Language, PosKey } from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit.ts';
import type { Ctx } from '../../context.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * A store's API key: `pos_` and 43 base64url characters (32 random bytes, 256 bits). A key that long
 * cannot be guessed, so a fast hash suffices: only its SHA-256 is kept, and a leaked table holds no
 * usable key. The first 12 characters (pos_ and 8 more) are kept in clear to tell keys apart.
 */
const KEY_PATTERN = /^pos_[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = 12;

export const hashPosKey = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** The key behind an `Authorization: Bearer pos_…` header, if well formed. */
export const posKeyFromHeader = (header: unknown): string | undefined => {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer (\S+)$/.exec(header.trim());
  return match?.[1] && KEY_PATTERN.test(match[1]) ? match[1] : undefined;
};

/** A live (unrevoked) key of a store that still exists. */
export const findLivePosKey = (db: Db, key: string) =>
  db
    .selectFrom('pos_api_key')
    .select(['id', 'merchant_id', 'prefix', 'last_used_at'])
    .where('key_hash', '=', hashPosKey(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

const listQuery = (db: Db, lang: Language) =>
  db
    .selectFrom('pos_api_key as k')
    .innerJoin('merchant as m', 'm.id', 'k.merchant_id')
    .select([
      'k.id',
      'k.merchant_id',
      lang === 'th' ? 'm.name_th as store_name' : 'm.name_en as store_name',
      'm.name_en',
      'k.name',
      'k.prefix',
      'k.created_at',
      'k.created_by_email',
      'k.last_used_at',
      'k.revoked_at',
    ]);

type KeyRow = Awaited<ReturnType<ReturnType<typeof listQuery>['executeTakeFirstOrThrow']>>;

const present = (r: KeyRow): PosKey => ({
  id: r.id,
  storeId: r.merchant_id,
  storeName: r.store_name || r.name_en || '',
  name: r.name,
  prefix: r.prefix,
  createdAt: r.created_at.toISOString(),
  createdBy: r.created_by_email,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

/** Every store's keys (or one store's), newest first, revoked ones included (they say when). */
export const listPosKeys = async (
  ctx: Ctx,
  storeId: string | undefined,
  lang: Language,
): Promise<PosKey[]> => {
  let q = listQuery(ctx.db, lang);
  if (storeId) q = q.where('k.merchant_id', '=', storeId);
  return (await q.orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').limit(500).execute()).map(present);
};

/** A new key for a store: the answer holds the secret, which is never shown again. Audited. */
export const createPosKey = async (
  ctx: Ctx,
  input: { storeId: string; name: string },
  actor: AuditActor,
  lang: Language,
): Promise<CreatedPosKey> => {
  const now = ctx.now();
  const key = `pos_${randomBytes(32).toString('base64url')}`;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const store = await trx
      .selectFrom('merchant')
      .select('id')
      .where('id', '=', input.storeId)
      .executeTakeFirst();
    if (!store) throw new AppError('merchant_not_found');
    const row = await trx
      .insertInto('pos_api_key')
      .values({
        merchant_id: input.storeId,
        name: input.name,
        prefix: key.slice(0, PREFIX_LENGTH),
        key_hash: hashPosKey(key),
        created_at: now,
        created_by_staff_id: actor.staffId,
        created_by_email: actor.email,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, now, {
      action: 'pos_key.create',
      entityType: 'pos_api_key',
      entityId: row.id,
      after: { storeId: input.storeId, name: input.name, prefix: key.slice(0, PREFIX_LENGTH) },
    });
    return row.id;
  });
  const row = await listQuery(ctx.db, lang).where('k.id', '=', id).executeTakeFirstOrThrow();
  return { ...present(row), key };
};

/** Revokes a key at once (its next request is refused). Revoking a revoked key changes nothing and writes no audit row. */
export const revokePosKey = async (
  ctx: Ctx,
  id: string,
  actor: AuditActor,
  lang: Language,
): Promise<PosKey> => {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const key = await trx
      .selectFrom('pos_api_key')
      .select(['id', 'merchant_id', 'name', 'prefix', 'revoked_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!key) throw new AppError('not_found');
    if (key.revoked_at) return;
    await trx
      .updateTable('pos_api_key')
      .set({ revoked_at: now, revoked_by_email: actor.email })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, now, {
      action: 'pos_key.revoke',
      entityType: 'pos_api_key',
      entityId: id,
      before: { storeId: key.merchant_id, name: key.name, prefix: key.prefix, revokedAt: null },
      after: { revokedAt: now.toISOString() },
    });
  });
  return present(await listQuery(ctx.db, lang).where('k.id', '=', id).executeTakeFirstOrThrow());
};
