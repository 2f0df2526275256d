import { privilegeKind } from '../../kinds/privilege-kind.tsx';
import { GridTab, type CategoryTabProps } from './grid-tab.tsx';

/** The privilege tab, a module of its own so that home loads privileges only when the tab opens. */
export function PrivilegeTab(props: CategoryTabProps) {
  return <GridTab {...props} kind={privilegeKind} />;
}

export default PrivilegeTab;
