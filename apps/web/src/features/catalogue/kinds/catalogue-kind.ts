import type { ReactNode } from 'react';
import type { ItemKind, SummaryOf } from '../api/get-items.ts';

/**
 * What the shared list, home grid, search results and detail screen need to know about a kind of item.
 * The two words pick everything else: `plural` is the API path, the query-key segment, the list's path
 * and the `catalogue.<plural>.*` texts; `singular` names one item (`catalogue.detail.<singular>`,
 * `errors.<singular>_not_found`, the result count, the filter modal's price wording).
 */
export interface CatalogueKind<K extends ItemKind> {
  plural: K;
  singular: K extends 'vouchers' ? 'voucher' : 'privilege';
  card: (item: SummaryOf<K>, now: number, eager?: boolean) => ReactNode;
}
