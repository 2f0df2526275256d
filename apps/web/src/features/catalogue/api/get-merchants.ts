import type { Merchant } from '@app/contracts';
import { cataloguePagesOptions } from './list-pages.ts';
import { catalogueKeys } from './query-keys.ts';
import type { CatalogueScope } from './scope.ts';

export const MERCHANT_PAGE_SIZE = 20;

export const getMerchantsInfiniteQueryOptions = (scope: CatalogueScope) =>
  cataloguePagesOptions<Merchant>(
    catalogueKeys.merchants(scope.lang),
    '/bff/merchants',
    scope,
    MERCHANT_PAGE_SIZE,
  );
