import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import {
  listItems,
  searchItems,
  type ListFilter,
  type ListOrder,
} from '../../src/modules/catalogue/items.repository.ts';
import { PRIVILEGE_TABLE } from '../../src/modules/catalogue/privileges.repository.ts';
import type { Paging } from '../../src/modules/catalogue/query-parts.ts';
import { VOUCHER_TABLE } from '../../src/modules/catalogue/vouchers.repository.ts';

/* The catalogue's shared item queries bound to one kind, for the tests that compare their paths. */

export const listVouchers = (
  db: Kysely<Database>,
  filter: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  deferFromOffset?: number,
) => listItems(db, VOUCHER_TABLE, { filter, order, page, now, memberId: null }, deferFromOffset);

export const searchVouchers = (
  db: Kysely<Database>,
  filter: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  cap: number,
) => searchItems(db, VOUCHER_TABLE, { filter, order, page, now, memberId: null }, cap);

export const listPrivileges = (
  db: Kysely<Database>,
  filter: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  memberId: string | null,
  deferFromOffset?: number,
) => listItems(db, PRIVILEGE_TABLE, { filter, order, page, now, memberId }, deferFromOffset);
