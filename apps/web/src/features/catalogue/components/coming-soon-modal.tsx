import { Suspense, type ReactNode } from 'react';
import { lazyScreen, useOnceTrue } from '../../../shared/ui/lazy-screen.tsx';

export type ComingSoonProps = { open: boolean; title: string; children: ReactNode; onClose: () => void };

// antd's Modal and runtime are not part of the detail screen's first paint: they load on the first tap
// (or as the finger lands on the button: preloadComingSoon).
const Dialog = lazyScreen(() => import('./coming-soon-dialog.tsx'));

/** Fetches the dialog's code ahead of the tap that opens it. */
export const preloadComingSoon = Dialog.prefetch;

/** Says plainly that an action opens in a later release (buying, redeeming) — it never pretends. */
export function ComingSoonModal(props: ComingSoonProps) {
  return useOnceTrue(props.open) ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
