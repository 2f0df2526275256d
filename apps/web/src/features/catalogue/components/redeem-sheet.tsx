import type { PrivilegeDetail } from '@app/contracts';
import { Suspense } from 'react';
import { lazyScreen, useOnceTrue } from '../../../shared/ui/lazy-screen.tsx';

export type RedeemSheetProps = { open: boolean; privilege: PrivilegeDetail; onClose: () => void };

// antd's Modal, the points query and the redeem call are not part of the detail's first paint: they
// load on the first tap (or as the finger lands on Use Now: preloadRedeemSheet).
const Dialog = lazyScreen(() => import('./redeem-dialog.tsx'));

/** Fetches the dialog's code ahead of the tap that opens it. */
export const preloadRedeemSheet = Dialog.prefetch;

/** Use Now's confirmation: what it costs, the points now and after, then one redemption. */
export function RedeemSheet(props: RedeemSheetProps) {
  return useOnceTrue(props.open) ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
