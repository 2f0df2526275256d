// Prints what the home route makes a phone download: the JS and CSS that index.html loads up front
// (entry script + modulepreload links + stylesheets), raw and gzipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'apps/web/dist';

export async function bundleReport() {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) {
    console.log('web bundle: apps/web/dist is missing (run npm run build)');
    return;
  }
  const html = readFileSync(indexPath, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let js = 0;
  let css = 0;
  for (const a of new Set(assets)) {
    const gz = gzipSync(readFileSync(join(dist, a))).length;
    if (a.endsWith('.js')) js += gz;
    else css += gz;
  }
  console.log(`home route up-front JS  ${(js / 1024).toFixed(1)} kB gzip`);
  console.log(`home route up-front CSS ${(css / 1024).toFixed(1)} kB gzip`);
}
