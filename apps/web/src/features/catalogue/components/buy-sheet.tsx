import type { VoucherDetail } from '@app/contracts';
import { Suspense } from 'react';
import { lazyScreen, useOnceTrue } from '../../../shared/ui/lazy-screen.tsx';

/** Add to Cart puts the choice in the cart; Buy Now takes it straight to checkout. */
export type BuyMode = 'cart' | 'buy';

export type BuySheetProps = {
  open: boolean;
  mode: BuyMode;
  voucher: VoucherDetail;
  onClose: () => void;
};

// The sheet and the cart's store and calls are not part of the detail's first paint: they load on the
// first tap on Add to Cart or Buy Now, after the tap's own frame (afterNextPaint). The sheet is the
// app's own (LightSheet), so that tap runs no antd: antd's toast loads once something is added.
const Sheet = lazyScreen(() => import('./buy-sheet-panel.tsx'), { kit: false });

/** The sheet's code, fetched if it is not here yet (a failure is the sheet's own to show). */
export const loadBuySheet = () =>
  Sheet.preload().then(
    () => undefined,
    () => undefined,
  );

/** The option and quantity choice behind Add to Cart and Buy Now. */
export function BuySheet(props: BuySheetProps) {
  return useOnceTrue(props.open) ? (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  ) : null;
}
