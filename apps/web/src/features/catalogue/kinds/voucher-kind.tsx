import { VoucherCard } from '../components/voucher-card.tsx';
import type { CatalogueKind } from './catalogue-kind.ts';

export const voucherKind: CatalogueKind<'vouchers'> = {
  plural: 'vouchers',
  singular: 'voucher',
  card: (voucher, now, eager) => <VoucherCard voucher={voucher} now={now} eager={eager} />,
};
