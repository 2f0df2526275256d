// Prints what the home route makes a phone download, from Vite's build manifest: the app shell
// (index.html's entry and what it imports statically) and then the home screen's own lazy chunk with
// its static imports — JS and CSS, gzipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'apps/web/dist';
const HOME = 'src/features/catalogue/routes/home.tsx';

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kB = (n) => `${(n / 1024).toFixed(1)} kB gzip`;

/** Every file a manifest entry loads before it runs: its chunk, static imports and their CSS. */
function filesOf(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const k of entry.imports ?? []) filesOf(manifest, k, seen);
  return seen;
}

const sizes = (manifest, keys) => {
  let js = 0;
  let css = 0;
  const files = new Set();
  for (const k of keys) {
    files.add(manifest[k].file);
    for (const c of manifest[k].css ?? []) files.add(c);
  }
  for (const f of files) {
    if (f.endsWith('.css')) css += gz(f);
    else js += gz(f);
  }
  return { js, css };
};

export async function bundleReport() {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.log('web bundle: apps/web/dist/.vite/manifest.json is missing (run npm run build)');
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const shellKeys = filesOf(manifest, 'index.html');
  const homeKeys = [...filesOf(manifest, HOME)].filter((k) => !shellKeys.has(k));
  const shell = sizes(manifest, shellKeys);
  const home = sizes(manifest, homeKeys);
  console.log(`app shell (every route, up front)  JS ${kB(shell.js)}  CSS ${kB(shell.css)}`);
  console.log(`home screen's own chunks           JS ${kB(home.js)}  CSS ${kB(home.css)}`);
  console.log(
    `home route in all                  JS ${kB(shell.js + home.js)}  CSS ${kB(shell.css + home.css)}`,
  );
}
