export const HOME_TABS = ['voucher', 'privilege', 'coupon', 'store'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/**
 * What home's address asks for: a search, the tab (an unknown one is the vouchers tab) and a category.
 * One reader for the screen and for the data requested before its code arrives, so both agree.
 */
export function readHomeAddress(search: URLSearchParams) {
  return {
    q: search.get('q')?.trim() ?? '',
    tab: HOME_TABS.find((t) => t === search.get('tab')) ?? ('voucher' as HomeTab),
    category: search.get('category')?.trim() || undefined,
  };
}
