import type { AdminPrivilege, PrivilegeBodySchema } from '@app/contracts';
import type { z } from 'zod';
import {
  checkItemRefs,
  itemReads,
  itemTextValues,
  presentItem,
  replaceImages,
  type Db,
} from './items.shared.ts';
import { dateOrNull, lockForEdit, refusedByDatabase, writeVersioned, type Trx } from './shared.ts';
import { itemNameColumns, itemTextColumns } from '../query-parts.ts';

/** Privileges in the editor: points cost, stock, validity, tier, uses, texts and pictures. New = draft. */

type PrivilegeInput = z.output<typeof PrivilegeBodySchema>;

const select = (db: Db) =>
  db
    .selectFrom('privilege as p')
    .select([
      ...itemNameColumns('p'),
      ...itemTextColumns('p'),
      'p.points_cost',
      'p.tier',
      'p.stock',
      'p.redeemed',
      'p.like_count',
      'p.valid_from',
      'p.valid_until',
      'p.usage_limit',
      'p.status',
      'p.published_at',
      'p.version',
      'p.created_at',
      'p.updated_at',
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const present = (r: Row, images: string[]): AdminPrivilege => ({
  ...presentItem(r, images, 'privileges'),
  pointsCost: r.points_cost,
  redeemed: r.redeemed,
  likeCount: r.like_count,
  validFrom: r.valid_from.toISOString(),
  validUntil: r.valid_until ? r.valid_until.toISOString() : null,
});

export const { read: readPrivilege, list: listPrivileges } = itemReads('privilege', 'p', select, present);

const values = (b: PrivilegeInput, now: Date) => ({
  ...itemTextValues(b),
  points_cost: b.pointsCost,
  tier: b.tier,
  stock: b.stock,
  valid_from: new Date(b.validFrom),
  valid_until: dateOrNull(b.validUntil),
  usage_limit: b.usageLimit,
  updated_at: now,
});

export const createPrivilege = async (trx: Trx, b: PrivilegeInput, now: Date) => {
  (await checkItemRefs(trx, b, 'privileges')).throwIfAny();
  const { id } = await trx
    .insertInto('privilege')
    .values({ ...values(b, now), status: 'draft', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => refusedByDatabase(err, 'storeId'));
  await replaceImages(trx, 'privilege', id, b.imageFiles);
  return { id, after: await readPrivilege(trx, id) };
};

export const updatePrivilege = async (trx: Trx, id: string, b: PrivilegeInput, now: Date) => {
  const version = await lockForEdit(trx, 'privilege', id, 'privilege_not_found', b.version);
  const before = await readPrivilege(trx, id);
  (await checkItemRefs(trx, b, 'privileges')).throwIfAny();
  await writeVersioned(trx, 'privilege', id, version, values(b, now), 'storeId');
  await replaceImages(trx, 'privilege', id, b.imageFiles);
  return { id, before, after: await readPrivilege(trx, id) };
};
