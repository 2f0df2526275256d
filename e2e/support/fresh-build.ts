import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/*
 * `npm start` builds the web app and the API before serving them; `npm test` has just done that build,
 * so starting the app for the browsers would build everything a second time (a minute or more on a
 * busy 2-core machine). When what the build wrote is newer than everything it was built from, the
 * suite serves it as it is (`npm run serve`, the second half of `npm start`).
 */

/** What the builds read (`npm run build`: the web app's two vite builds and apps/api/build.mjs). */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/font-stack.ts',
  'apps/web/package.json',
  'apps/admin/src',
  'apps/admin/index.html',
  'apps/admin/vite.config.ts',
  'apps/admin/package.json',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
  'packages/contracts/src',
  'locales',
  'package-lock.json',
];

/** What the builds write, one file per build: each is written at the end of its build. */
const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/web/dist-server',
  'apps/admin/dist/index.html',
  'apps/api/dist/server.js',
];

/** The newest modification time of a file or of anything under a folder (0 if missing). */
function newest(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

/** The oldest of the outputs' times (a folder counts by its newest file), or 0 when one is missing. */
function oldestOutput(root: string): number {
  const times = OUTPUTS.map((o) => newest(join(root, o)));
  return times.includes(0) ? 0 : Math.min(...times);
}

/**
 * Whether the build output can be served as it is: every build's output is there and newer than
 * every source. `E2E_BUILD_FRESH=1` (set by `npm test` right after its build step passed) says so
 * too, as long as the output is there.
 */
export function buildIsFresh(root: string): { fresh: boolean; why: string } {
  const built = oldestOutput(root);
  if (built === 0) return { fresh: false, why: 'no build output' };
  if (process.env.E2E_BUILD_FRESH === '1') return { fresh: true, why: 'E2E_BUILD_FRESH=1' };
  const changed = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  return changed < built
    ? { fresh: true, why: 'the build output is newer than its sources' }
    : { fresh: false, why: 'a source changed after the last build' };
}
