import { Suspense } from 'react';
import { lazyScreen } from './lazy-screen.tsx';

// antd's alert is not part of a form's first paint: it loads with the first error to show.
const ErrorAlert = lazyScreen(() => import('./error-alert.tsx'));

/**
 * What went wrong with a whole form (not one field), just above its submit button. The live region
 * is there before the error, so a screen reader announces the error when it appears.
 */
export function FormError({ error, testId }: { error: string | null; testId: string }) {
  return (
    <div aria-live="polite">
      {error && (
        <Suspense fallback={null}>
          <ErrorAlert title={error} testId={testId} />
        </Suspense>
      )}
    </div>
  );
}
