import { CatalogueListScreen } from '../components/catalogue-list.tsx';
import { voucherKind } from '../kinds/voucher-kind.tsx';
import '../catalogue.css';

export function VouchersScreen() {
  return <CatalogueListScreen kind={voucherKind} />;
}

export default VouchersScreen;
