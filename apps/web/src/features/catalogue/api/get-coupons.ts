import type { Coupon } from '@app/contracts';
import { cataloguePagesOptions } from './list-pages.ts';
import { catalogueKeys } from './query-keys.ts';
import type { CatalogueScope } from './scope.ts';

export const COUPON_PAGE_SIZE = 10;

export const getCouponsInfiniteQueryOptions = (scope: CatalogueScope) =>
  cataloguePagesOptions<Coupon>(catalogueKeys.coupons(scope), '/bff/coupons', scope, COUPON_PAGE_SIZE);
