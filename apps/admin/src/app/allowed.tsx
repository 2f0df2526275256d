import type { Permission, StaffMe } from '@app/contracts';
import { useGetIdentity } from '@refinedev/core';
import type { ReactNode } from 'react';
import { session } from '../api/session.ts';
import { NotAllowed } from './placeholders.tsx';
import { staffCan } from './providers.ts';

/** Who is signed in: the server's answer once it has come, the tab's copy of the session until then. */
export function useStaff(): StaffMe | null {
  const { data: identity } = useGetIdentity<StaffMe>();
  return identity ?? session.staff();
}

/** A screen only for roles with `permission`; anyone else (at an address typed by hand) is told so. */
export function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  return staffCan(useStaff(), permission) ? children : <NotAllowed />;
}
