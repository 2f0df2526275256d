import { isConnectionError } from '../../shared/api/api-error.ts';

/**
 * A screen that could not be drawn because something did not download: its code (each browser words the
 * failed `import()` its own way), the styles Vite loads with it, or a read it suspended on. Anything else
 * is a fault of the page, for the route's error screen.
 */
const DOWNLOAD_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Failed to fetch/i;

export function isLoadFailure(error: unknown, online = navigator.onLine): boolean {
  if (isConnectionError(error)) return true;
  if (!(error instanceof Error)) return false;
  return DOWNLOAD_FAILED.test(error.message) || (!online && error instanceof TypeError);
}
