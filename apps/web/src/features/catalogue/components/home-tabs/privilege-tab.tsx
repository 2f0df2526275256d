import { useQuery } from '@tanstack/react-query';
import { useNow } from '../../../../shared/use-now.ts';
import { getPrivilegesQueryOptions } from '../../api/get-privileges.ts';
import { useCatalogueScope } from '../../api/scope.ts';
import { DEFAULT_FILTER } from '../../lib/list-filter.ts';
import { PrivilegeCard } from '../privilege-card.tsx';
import { GridTab, HOME_GRID_SIZE, type CategoryTabProps } from './grid-tab.tsx';

/** The privilege tab: category chips and the first privileges, 'See all' opens the list. */
export function PrivilegeTab(props: CategoryTabProps) {
  const scope = useCatalogueScope();
  const now = useNow();
  const query = useQuery(
    getPrivilegesQueryOptions(scope, { ...DEFAULT_FILTER, category: props.category }, HOME_GRID_SIZE),
  );
  return (
    <GridTab
      {...props}
      kind="privileges"
      query={query}
      renderItem={(p) => <PrivilegeCard privilege={p} now={now} />}
    />
  );
}

export default PrivilegeTab;
