// CI's guard on the first screen's weight: each route a member can land on first must not make a phone
// download more than BUDGET_BYTES of compressed JavaScript (brotli 11, as served) before it is usable. A size check on the build
// (deterministic, unlike a timing on a shared machine); run after `npm run build`. Exits 1 when a route
// is over, or when there is no build to check.
import { pathToFileURL } from 'node:url';
import { WEB_DIST, firstScreenRoutes, kB, readManifest, routeDownload } from './bench/bundle.mjs';

export const BUDGET_BYTES = 150 * 1024;

/**
 * Every route's compressed JS against the budget; `ok` is false when any is over. `routes` maps a name to
 * the manifest keys the route loads up front (its route file first); by default the app's first screens.
 */
export function checkBudget({ dist = WEB_DIST, budget = BUDGET_BYTES, routes } = {}) {
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`${dist}/.vite/manifest.json is missing: run npm run build first`);
  const rows = Object.entries(routes ?? firstScreenRoutes(manifest)).map(([name, keys]) => {
    const { total } = routeDownload(manifest, keys, dist);
    return { name, keys, js: total.js, jsFiles: total.jsFiles, over: total.js > budget };
  });
  return { ok: rows.every((r) => !r.over), budget, rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ok, budget, rows } = checkBudget();
  console.log(`first-screen JavaScript, brotli 11 as served, budget ${kB(budget)} per route`);
  for (const r of rows) {
    const verdict = r.over ? `OVER by ${kB(r.js - budget)}` : 'ok';
    console.log(
      `${r.name.padEnd(16)} ${kB(r.js).padStart(9)} in ${String(r.jsFiles).padStart(2)} files  ${verdict}`,
    );
  }
  if (!ok) {
    console.log(
      'Over budget: keep what the route does not need on its first paint out of its static imports (lazy-load it).',
    );
    process.exit(1);
  }
}
