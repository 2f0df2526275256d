import { PrivilegeCard } from '../components/privilege-card.tsx';
import type { CatalogueKind } from './catalogue-kind.ts';

// A module of its own, like the voucher kind, so that a screen showing one kind loads only its card.
export const privilegeKind: CatalogueKind<'privileges'> = {
  plural: 'privileges',
  singular: 'privilege',
  card: (privilege, now, eager) => <PrivilegeCard privilege={privilege} now={now} eager={eager} />,
};
