// CI's guard on what each member screen makes a phone load before it is usable (scripts/bench/bundle.mjs
// computes it): its JavaScript as built (what the phone parses and compiles) and as served (brotli 11).
// The target for every screen is TARGET: at most 300 KB as built and 120 KiB brotli. Screens that are
// over it today may not grow: scripts/bundle-ceilings.json holds each screen's ceiling (its figures when
// the ceiling was set, plus about 1%), and a screen under the target has the target as its ceiling. A
// size check on the build (deterministic, unlike a timing on a shared machine); run after `npm run build`.
// It also checks that every part declared `lazyScreen(…, { kit: false })` (a screen, the counter's code
// screens, the buy sheet) loads no antd up front, as built, and that index.html links every file of the
// app's start. Exits 1 when a screen is over a ceiling, a part drawn without antd loads it, a file of the
// start is not linked, or there is no build to check.
//
//   node scripts/bundle-budget.mjs                    check, printing each screen against the target
//   node scripts/bundle-budget.mjs --lower-ceilings   after a reduction: ceilings down to today's figures
//                                                     plus 1% (never up, never below the target)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { KB, LAZY_SCREEN, WEB_DIST, kB, readManifest, routeDownload, screenRoutes } from './bench/bundle.mjs';

export const TARGET = { raw: 300_000, brotli: 120 * 1024 };
export const CEILINGS_FILE = 'scripts/bundle-ceilings.json';
/** A ceiling is the figure it was set from plus this share, so a one-line change does not trip it. */
const HEADROOM = 0.01;

export const readCeilings = (file = CEILINGS_FILE) => JSON.parse(readFileSync(file, 'utf8'));

/** A screen's ceiling: its recorded one, never below the target (a screen under the target may use it). */
const ceilingOf = (recorded, target) => ({
  raw: Math.max(recorded?.raw ?? 0, target.raw),
  brotli: Math.max(recorded?.brotli ?? 0, target.brotli),
});

/**
 * Every screen's JavaScript, as built and brotli, against its ceiling; `ok` is false when any figure is
 * over. `routes` maps a name to the manifest keys the screen loads up front (its route file first); by
 * default every member screen. `ceilings` maps a name to `{ raw, brotli }`.
 */
export function checkBudget({ dist = WEB_DIST, target = TARGET, ceilings = readCeilings(), routes } = {}) {
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`${dist}/.vite/manifest.json is missing: run npm run build first`);
  const rows = Object.entries(routes ?? screenRoutes(manifest)).map(([name, keys]) => {
    const { total } = routeDownload(manifest, keys, dist);
    const ceiling = ceilingOf(ceilings[name], target);
    const overRaw = total.jsRaw > ceiling.raw;
    const overBrotli = total.js > ceiling.brotli;
    return {
      name,
      keys,
      raw: total.jsRaw,
      brotli: total.js,
      jsFiles: total.jsFiles,
      ceiling,
      overRaw,
      overBrotli,
      over: overRaw || overBrotli,
    };
  });
  return { ok: rows.every((r) => !r.over), target, rows };
}

/** Ceilings lowered to each screen's figures plus the headroom: never raised, never below the target. */
export function loweredCeilings(rows, ceilings, target = TARGET) {
  const lower = (figure, was, goal) => Math.max(goal, Math.min(was, Math.ceil(figure * (1 + HEADROOM))));
  const lowered = { ...ceilings };
  for (const r of rows) {
    const was = ceilingOf(ceilings[r.name], target);
    lowered[r.name] = {
      raw: lower(r.raw, was.raw, target.raw),
      brotli: lower(r.brotli, was.brotli, target.brotli),
    };
  }
  return lowered;
}

const WEB_ROOT = 'apps/web';
/**
 * antd's style runtime (@ant-design/cssinjs), which every antd component's code imports: recognised in a
 * built chunk by the attribute it puts on the style elements it writes.
 */
export const ANTD_RUNTIME_MARK = 'data-token-hash';

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

/**
 * Every part the member app loads with `lazyScreen(…, { kit: false })` — drawn without antd — as its
 * manifest key (`src/…`), read from the app's sources.
 */
export function kitFreeParts(webRoot = WEB_ROOT) {
  return sourceFiles(join(webRoot, 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(LAZY_SCREEN)]
      .filter((m) => /kit:\s*false/.test(m[2] ?? ''))
      .map((m) =>
        relative(webRoot, join(dirname(file), m[1]))
          .split('\\')
          .join(posix.sep),
      ),
  );
}

/**
 * The parts drawn without antd whose code, as built, still loads antd's runtime up front (through their
 * static imports, however deep): each with the chunk that holds it. A part missing from the build is
 * named too. Dynamic imports are not followed: they load later, on a tap of their own.
 */
export function antdInKitFreeParts({ dist = WEB_DIST, parts = kitFreeParts() } = {}) {
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`${dist}/.vite/manifest.json is missing: run npm run build first`);
  const holdsRuntime = new Map();
  const runtimeIn = (key) => {
    if (!holdsRuntime.has(key))
      holdsRuntime.set(key, readFileSync(join(dist, manifest[key].file), 'utf8').includes(ANTD_RUNTIME_MARK));
    return holdsRuntime.get(key);
  };
  const offenders = [];
  for (const part of parts) {
    if (!manifest[part]) {
      offenders.push({ part, chunk: null });
      continue;
    }
    const seen = new Set();
    const queue = [part];
    while (queue.length) {
      const key = queue.shift();
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      if (runtimeIn(key)) {
        offenders.push({ part, chunk: manifest[key].file });
        break;
      }
      queue.push(...(manifest[key].imports ?? []));
    }
  }
  return offenders;
}

/**
 * The files of the app's start that index.html does not link: its entries' code (index.html's script and
 * the start steps main.tsx imports one after the other), what they import and their styles. Unlinked,
 * a step's code is found only once the step before it has run, one round trip each, and a style that
 * comes after the first paint moves the layout the server drew (a member's layout moved by a third of
 * the screen when the start's styles were not linked).
 */
export function unlinkedStartFiles(dist = WEB_DIST) {
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`${dist}/.vite/manifest.json is missing: run npm run build first`);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files].filter((file) => !html.includes(`/${file}"`)).sort();
}

/** One figure against the target, and against its ceiling when the target is not yet met. */
function against(figure, goal, ceiling, show) {
  if (figure > ceiling) return `${show(figure)} OVER ITS CEILING ${show(ceiling)}`;
  if (figure > goal) return `${show(figure)} (${show(figure - goal)} over target, ceiling ${show(ceiling)})`;
  return `${show(figure)} (within target)`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = checkBudget();
  if (process.argv.includes('--lower-ceilings')) {
    const lowered = loweredCeilings(result.rows, readCeilings());
    writeFileSync(CEILINGS_FILE, `${JSON.stringify(lowered, null, 2)}\n`);
    console.log(`${CEILINGS_FILE} lowered to today's figures plus ${HEADROOM * 100}%`);
    process.exit(0);
  }
  const { ok, target, rows } = result;
  console.log(
    `member screens' JavaScript before usable: target ≤ ${KB(target.raw)} as built and ≤ ${kB(target.brotli)} brotli; ` +
      `a screen over the target may not grow past its ceiling (${CEILINGS_FILE})`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(20)} as built ${against(r.raw, target.raw, r.ceiling.raw, KB)}  brotli ${against(r.brotli, target.brotli, r.ceiling.brotli, kB)}  in ${r.jsFiles} files`,
    );
  }
  if (!ok)
    console.log(
      'A screen grew past its ceiling: keep what it does not need on its first paint out of its static imports (lazy-load it).',
    );
  const parts = kitFreeParts();
  const withAntd = antdInKitFreeParts({ parts });
  console.log(
    `parts drawn without antd ({ kit: false }): ${parts.length} checked, ${withAntd.length} loading antd`,
  );
  for (const { part, chunk } of withAntd)
    console.log(
      chunk
        ? `  ${part} loads antd's runtime (${chunk}) through its static imports: import antd's parts lazily, or drop { kit: false }`
        : `  ${part} is declared { kit: false } but is not in the build`,
    );
  const unlinked = unlinkedStartFiles();
  console.log(`the app's start: ${unlinked.length} of its files not linked by index.html`);
  for (const file of unlinked)
    console.log(`  ${file}: link it (apps/web/vite.config.ts, bootStepPreloads), or the page finds it late`);
  if (!ok || withAntd.length > 0 || unlinked.length > 0) process.exit(1);
}
