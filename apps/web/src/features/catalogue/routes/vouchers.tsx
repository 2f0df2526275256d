import '../texts.ts';
import { CatalogueListScreen } from '../components/catalogue-list.tsx';
import { voucherKind } from '../kinds/voucher-kind.tsx';

export function VouchersScreen() {
  return <CatalogueListScreen kind={voucherKind} />;
}

export default VouchersScreen;
