import { getCategoriesQueryOptions as categoriesIn } from '../../../shared/catalogue/categories.ts';
import type { CatalogueScope } from './scope.ts';

// The list lives in shared/ because the wallet filters by category too; one key, one cached answer.
export const getCategoriesQueryOptions = (scope: CatalogueScope) => categoriesIn(scope.lang);
