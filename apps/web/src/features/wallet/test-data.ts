import type {
  Category,
  Page,
  WalletGroup,
  WalletGroupPage,
  WalletVoucher,
  WalletVoucherDetail,
} from '@app/contracts';

/** Wallet answers shaped like the API's, for component tests. */
export const aWalletVoucher = (over: Partial<WalletVoucherDetail> = {}): WalletVoucherDetail => ({
  id: 'w1',
  kind: 'voucher',
  voucherId: 'v1',
  privilegeId: null,
  title: 'Shabu Buffet, 90 Minutes',
  imageUrl: '/media/catalogue/vouchers/shabu-1.svg',
  merchant: { id: 'm1', name: 'Sen Saep Kitchen', logoUrl: '/media/catalogue/merchants/sen-saep-1.svg' },
  category: { id: 'c1', slug: 'dining', name: 'Dining' },
  priceOptionLabel: null,
  status: 'active',
  validFrom: '2025-03-01T03:00:00.000Z',
  validUntil: '2025-03-31T16:59:59.000Z',
  daysLeft: 21,
  usageLimit: 1,
  usedCount: 0,
  purchasedAt: '2025-03-01T03:00:00.000Z',
  orderNumber: 'K7QX9M',
  code: '7KQ2M9XP4RTDWXYZ',
  description: 'A 90-minute shabu buffet for one.',
  terms: ['Show the code before ordering.', 'Not valid on public holidays.'],
  ...over,
});

export const aPage = <T extends WalletVoucher>(items: T[], over: Partial<Page<T>> = {}): Page<T> => ({
  items,
  page: 1,
  limit: 20,
  total: items.length,
  totalPages: 1,
  ...over,
});

/** The entry of the grouped wallet for `item` standing for `count` identical items. */
let groups = 0;
export const aGroup = (item: WalletVoucher, count = 1): WalletGroup => ({
  ...item,
  count,
  group: `v~00000000-0000-4000-8000-${String(++groups).padStart(12, '0')}~-~${item.usageLimit ?? '-'}~${item.status}~20178`,
});

/** A page of the grouped wallet; `itemTotal` counts what the entries stand for. */
export const aGroupPage = (items: WalletGroup[], over: Partial<WalletGroupPage> = {}): WalletGroupPage => ({
  ...aPage(items),
  itemTotal: items.reduce((n, g) => n + g.count, 0),
  ...over,
});

export const someCategories: Category[] = [
  {
    id: 'c1',
    slug: 'dining',
    name: 'Dining',
    iconUrl: '/media/catalogue/categories/dining.svg',
    sortOrder: 1,
  },
  { id: 'c2', slug: 'cafe', name: 'Cafés', iconUrl: '/media/catalogue/categories/cafe.svg', sortOrder: 2 },
];
