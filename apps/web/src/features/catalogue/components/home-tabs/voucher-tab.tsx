import { useQuery } from '@tanstack/react-query';
import { useNow } from '../../../../shared/use-now.ts';
import { getVouchersQueryOptions } from '../../api/get-vouchers.ts';
import { useCatalogueScope } from '../../api/scope.ts';
import { DEFAULT_FILTER } from '../../lib/list-filter.ts';
import { VoucherCard } from '../voucher-card.tsx';
import { GridTab, HOME_GRID_SIZE, type CategoryTabProps } from './grid-tab.tsx';

/** The voucher tab: category chips and All Vouchers (the first six, 'See all' opens the list). */
export function VoucherTab(props: CategoryTabProps) {
  const scope = useCatalogueScope();
  const now = useNow();
  const query = useQuery(
    getVouchersQueryOptions(scope, { ...DEFAULT_FILTER, category: props.category }, HOME_GRID_SIZE),
  );
  return (
    <GridTab
      {...props}
      kind="vouchers"
      query={query}
      renderItem={(v) => <VoucherCard voucher={v} now={now} />}
    />
  );
}
