import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths.ts';
import { BackButton } from '../../../shared/ui/back-button.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { VoucherList } from '../components/voucher-list.tsx';
import '../catalogue.css';

export function VouchersScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('catalogue.vouchers.title'));
  return (
    <div className="page page-list">
      <div className="page-heading">
        <BackButton fallback={paths.home} />
        <h1 className="page-title">{t('catalogue.vouchers.title')}</h1>
      </div>
      <VoucherList />
    </div>
  );
}

export default VouchersScreen;
