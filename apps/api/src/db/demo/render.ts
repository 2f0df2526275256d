/*
 * Writes every demo SVG to apps/api/assets/catalogue/{merchants,categories,vouchers,privileges,banners}/<key>-<n>.svg
 * (committed: the app serves them from there). Run: npx tsx apps/api/src/db/demo/render.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoCatalogue as c } from './catalogue-data.ts';
import { bannerImage, categoryIcon, merchantLogo, privilegeImage, voucherImage } from './artwork.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../assets/catalogue');
const MAX_BYTES = 6 * 1024;
const sizes: Record<string, number[]> = {};
const tooBig: string[] = [];

rmSync(root, { recursive: true, force: true });
function write(dir: string, key: string, n: number, svg: string) {
  mkdirSync(join(root, dir), { recursive: true });
  const file = join(root, dir, `${key}-${n}.svg`);
  writeFileSync(file, svg);
  const bytes = Buffer.byteLength(svg);
  (sizes[dir] ??= []).push(bytes);
  if (bytes >= MAX_BYTES) tooBig.push(`${dir}/${key}-${n}.svg (${bytes} B)`);
}

const merchants = new Map(c.merchants.map((m) => [m.key, m]));
for (const m of c.merchants) write('merchants', m.key, 1, merchantLogo(m));
for (const cat of c.categories) write('categories', cat.slug, 1, categoryIcon(cat.icon));
for (const v of c.vouchers)
  for (let i = 0; i < v.imageCount; i++)
    write('vouchers', v.key, i + 1, voucherImage(v, merchants.get(v.merchantKey)!, i));
for (const p of c.privileges) write('privileges', p.key, 1, privilegeImage(p, merchants.get(p.merchantKey)!));
for (const b of c.banners) write('banners', b.key, 1, bannerImage(b));

for (const [dir, list] of Object.entries(sizes))
  console.log(
    `${dir.padEnd(11)} ${String(list.length).padStart(3)} files, max ${Math.max(...list)} B, avg ${Math.round(list.reduce((a, b) => a + b, 0) / list.length)} B`,
  );
if (tooBig.length) {
  console.error('Over 6 KB:\n  ' + tooBig.join('\n  '));
  process.exit(1);
}
