import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFirstViewCache,
  type CatalogueGenerations,
  type MadePage,
} from '../src/http/first-view-cache.ts';
import { CATALOGUE_POLL_MS } from '../src/modules/catalogue/freshness.ts';
import { reserveStock } from '../src/modules/catalogue/index.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { sleep, waitFor } from './helpers/test-database.ts';

// Visitors' server-rendered pages are kept, compressed, while the catalogue is unchanged, and remade the
// moment it changes. The web app's server build is stood in for by a small renderer that draws the same
// answers the real one asks the API for (titles, prices, sold out, banners), so what is checked is the
// keeping and forgetting, on the app's real catalogue and database.

/** Another process's change (or SQL on PostgreSQL) must show within the poll interval. */
const BOUND_MS = CATALOGUE_POLL_MS + 500;

const RENDERER = `
const rendered = (globalThis.firstViewRenders ??= { count: 0 });
const PAGE = /^(\\/th)?\\/(home|signin|vouchers\\/[^/]+|privileges\\/[^/]+)$/;
export const firstViewAddress = (url) => {
  const { pathname } = new URL(url, 'http://app.invalid');
  return PAGE.test(pathname) ? pathname : null;
};
export const screenModulesAt = () => [];
export async function renderFirstView({ url, fetch, member }) {
  const { pathname } = new URL(url, 'http://app.invalid');
  const lang = pathname.startsWith('/th/') ? 'th' : 'en';
  const [, screen, id] = pathname.replace(/^\\/th/, '').split('/');
  rendered.count += 1;
  if (member) return { html: '<main data-page="member">' + screen + '</main>', lang, state: {}, source: '' };
  const get = async (path) => {
    const res = await fetch(path, { headers: { 'accept-language': lang } });
    return res.ok ? (await res.json()).data : null;
  };
  const card = (x) =>
    '<article>' + x.title + ' ฿' + (x.price ?? x.pointsCost) + ' ' + (x.unavailableReason ?? 'on_sale') + '</article>';
  let body = '<form>sign in ' + lang + '</form>';
  if (screen === 'home') {
    const [banners, vouchers] = await Promise.all([get('/bff/banners/TOP'), get('/bff/vouchers?limit=50')]);
    body = banners.map((b) => '<h2>' + b.title + '</h2>').join('') + vouchers.items.map(card).join('');
  } else if (screen !== 'signin') {
    const item = await get('/bff/' + screen + '/' + id);
    body = item ? card(item) : '<p>not_found</p>';
  }
  return { html: '<main data-page="visitor">' + body + '</main>', lang, state: { screen }, source: 'src/' + screen + '.tsx', keep: true };
}
`;

const TEMPLATE =
  '<!doctype html><html lang="en"><head><link rel="manifest" href="/manifest-en.webmanifest">' +
  '<script type="module" crossorigin src="/assets/index-A.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A built web app in a temporary folder: index.html, the build's manifest and the server renderer. */
function writeWebBuild(root: string): string {
  const dist = join(root, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(root, 'dist-server'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'assets', 'index-A.js'), '');
  const chunk = (name: string) => [`src/${name}.tsx`, { file: `assets/${name}.js` }];
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js' },
      ...Object.fromEntries(['home', 'signin', 'vouchers', 'privileges'].map(chunk)),
    }),
  );
  writeFileSync(join(root, 'dist-server', 'entry-server.js'), RENDERER);
  return dist;
}

const renders = () => (globalThis as { firstViewRenders?: { count: number } }).firstViewRenders?.count ?? 0;

describe('visitors’ server-rendered pages: kept while the catalogue is unchanged, never stale', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'first-view-cache-'));
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW), config: { webDist: writeWebBuild(root) } });
    f = await seedCatalogueFixture(t.db);
    // On PostgreSQL the seed is seen at the next version poll: pages made before it are not kept past it.
    if (t.kind === 'postgres') await sleep(BOUND_MS);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });
  const text = (res: LightMyRequestResponse) =>
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.rawPayload).toString('utf8')
      : res.body;
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await get(url, headers);
    expect(res.statusCode, url).toBe(200);
    return text(res);
  };
  /** Every page that shows `voucherId`: home and its detail, in English and Thai. */
  const voucherPages = (voucherId: string) => [
    '/home',
    '/th/home',
    `/vouchers/${voucherId}`,
    `/th/vouchers/${voucherId}`,
  ];
  /** The title on a detail page (its one card). */
  const titleOn = (html: string) => {
    const title = /<article>([^<]+?) ฿/.exec(html)?.[1];
    expect(title).toBeTruthy();
    return title ?? '';
  };
  /** The card with this title on a page (home lists many). */
  const cardOf = (html: string, title: string) =>
    html
      .split('<article>')
      .find((card) => card.startsWith(`${title} ฿`))
      ?.split('</article>')[0] ?? '';
  /** Waits on PostgreSQL (its change is seen within the poll); on the embedded database it must show at once. */
  const shows = async (url: string, seen: (html: string) => boolean, what: string) => {
    if (t.kind === 'pglite') expect(seen(await page(url)), `${what} on ${url}`).toBe(true);
    else await waitFor(async () => seen(await page(url)), BOUND_MS, `${what} on ${url}`);
  };

  it('sends each page, in both languages, made once and then kept: the same bytes and validator, 304 when held', async () => {
    const urls = ['/home', '/signin', `/vouchers/${f.v.latte}`, `/privileges/${f.p.upsize}`];
    for (const url of [...urls, ...urls.map((u) => `/th${u}`)]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(String(first.headers.vary)).toMatch(/accept-encoding/);
      expect(String(first.headers.vary)).toMatch(/cookie/);
      const html = text(first);
      expect(html).toContain('data-page="visitor"');
      expect(html).toContain(url.startsWith('/th/') ? '<html lang="th">' : '<html lang="en">');
      expect(html).toContain(url.startsWith('/th/') ? 'manifest-th.webmanifest' : 'manifest-en.webmanifest');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"fv-.+"$/);
      // On PostgreSQL a page is kept only once this process has read the catalogue's version (its poll):
      // one made before that is sent but made again next time.
      if (t.kind === 'postgres')
        await waitFor(
          async () => {
            const made = renders();
            await get(url);
            return renders() === made;
          },
          BOUND_MS,
          `${url} kept`,
        );

      const before = renders();
      const again = await get(url);
      expect(renders(), `${url} is not made again`).toBe(before);
      expect(again.headers.etag).toBe(etag);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      // One page for the URLs of one address, and in each encoding.
      expect((await get(`${url}?utm_source=mail`)).headers.etag).toBe(etag);
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
      expect(renders()).toBe(before);

      const held = await get(url, { 'if-none-match': etag });
      expect(held.statusCode).toBe(304);
      expect(held.body).toBe('');
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    }
  });

  it('a price change shows at once on home and the voucher’s detail, in both languages', async () => {
    const id = f.v.latte;
    for (const url of voucherPages(id)) expect(await page(url)).not.toContain('฿4321');
    await t.db.updateTable('voucher').set({ price: 4321 }).where('id', '=', id).execute();
    for (const url of voucherPages(id)) await shows(url, (html) => html.includes('฿4321'), 'the new price');
  });

  it('a purchase that takes the last units shows sold out at once; one of another voucher keeps the page’s bytes', async () => {
    const id = f.v.cookie;
    await t.db.updateTable('voucher').set({ stock: 3, sold: 0 }).where('id', '=', id).execute();
    const detail = `/vouchers/${id}`;
    await shows(detail, (html) => !html.includes('sold_out'), 'on sale');
    const kept = await get(detail);

    // Stock moves with every purchase: the page is made again from fresh answers, and when what it shows
    // is unchanged it is the same page (its validator still answers the browser's copy with a 304).
    expect(await reserveStock(t.db, f.v.latte, 1)).toBe(true);
    if (t.kind === 'postgres') await sleep(BOUND_MS);
    const after = await get(detail, { 'if-none-match': String(kept.headers.etag) });
    expect(after.statusCode).toBe(304);

    expect(await reserveStock(t.db, id, 3)).toBe(true);
    const titles = { en: titleOn(text(kept)), th: titleOn(await page(`/th${detail}`)) };
    for (const url of voucherPages(id)) {
      const title = url.startsWith('/th/') ? titles.th : titles.en;
      await shows(
        url,
        (html) => html.includes(`${title} ฿`) && cardOf(html, title).endsWith('sold_out'),
        'sold out',
      );
    }
    const soldOut = await get(detail, { 'if-none-match': String(kept.headers.etag) });
    expect(soldOut.statusCode).toBe(200);
  });

  it('an unpublished voucher or privilege leaves its pages at once, in both languages', async () => {
    const voucher = f.v.noodles;
    const privilege = f.p.upsize;
    const privilegePages = [`/privileges/${privilege}`, `/th/privileges/${privilege}`];
    const titles = await Promise.all(voucherPages(voucher).map((u) => page(u)));
    for (const html of [...titles, ...(await Promise.all(privilegePages.map((u) => page(u))))])
      expect(html).not.toContain('not_found');
    const title = { en: titleOn(titles[2] ?? ''), th: titleOn(titles[3] ?? '') };
    for (const [url, html] of [
      ['/home', titles[0]],
      ['/th/home', titles[1]],
    ] as const)
      expect(html, url).toContain(url === '/home' ? title.en : title.th);

    await t.db.updateTable('voucher').set({ status: 'draft' }).where('id', '=', voucher).execute();
    await t.db.updateTable('privilege').set({ status: 'draft' }).where('id', '=', privilege).execute();
    for (const url of [...voucherPages(voucher).slice(2), ...privilegePages])
      await shows(url, (html) => html.includes('not_found'), 'not found');
    await shows('/home', (html) => !html.includes(title.en), 'no unpublished card');
    await shows('/th/home', (html) => !html.includes(title.th), 'no unpublished card');
  });

  it('a new banner shows on home at once, in both languages', async () => {
    for (const url of ['/home', '/th/home']) expect(await page(url)).not.toContain('Monsoon sale');
    await t.db
      .insertInto('banner')
      .values({
        position: 'TOP',
        title_en: 'Monsoon sale',
        title_th: 'ลดรับหน้าฝน',
        subtitle_en: 'Up to half off',
        subtitle_th: 'ลดสูงสุดครึ่งราคา',
        image_file: 'cafe-1.svg',
        link_path: null,
        status: 'published',
        published_at: FIXTURE_NOW,
        created_at: FIXTURE_NOW,
      })
      .execute();
    await shows('/home', (html) => html.includes('Monsoon sale'), 'the banner');
    await shows('/th/home', (html) => html.includes('ลดรับหน้าฝน'), 'the banner');
  });

  it('never sends a member’s page to a visitor or a visitor’s to a member', async () => {
    const member = { cookie: 'theme=dark; member=1' };
    for (const url of ['/home', `/th/vouchers/${f.v.shabu}`, '/signin']) {
      const visitor = await get(url);
      const visitorTag = String(visitor.headers.etag);
      const asMember = await get(url, { ...member, 'if-none-match': visitorTag });
      expect(asMember.statusCode, url).toBe(200);
      expect(String(asMember.headers.vary)).toMatch(/cookie/);
      expect(asMember.headers.etag).not.toBe(visitorTag);
      const memberHtml = text(asMember);
      expect(memberHtml).toContain('data-page="member"');
      expect(memberHtml).not.toContain('data-page="visitor"');
      // And back: the kept visitor's page, untouched by the member's.
      const again = await get(url, { cookie: 'member=0' });
      expect(again.headers.etag).toBe(visitorTag);
      expect(text(again)).toContain('data-page="visitor"');
    }
    // A member's page asked first is not kept for the visitor after.
    const url = `/privileges/${f.p.goldSpa}`;
    expect(await page(url, member)).toContain('data-page="member"');
    expect(await page(url)).toContain('data-page="visitor"');
    expect(await page(url, member)).toContain('data-page="member"');
  });
});

describe('the page cache', () => {
  /** Generations moved by hand; `known` false is the state before the first version read. */
  const generations = () => {
    const g = { gen: 1, known: true };
    const catalogue: CatalogueGenerations = { current: () => g.gen, keeps: (n) => g.known && n === g.gen };
    return { g, catalogue };
  };
  const maker = (html: () => string, keep = true) => {
    const calls = { count: 0 };
    const make = async (): Promise<MadePage> => {
      calls.count += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { html: html(), keep };
    };
    return { calls, make };
  };

  it('makes a page once for everyone asking in one generation, and again after a change', async () => {
    const { g, catalogue } = generations();
    const cache = createFirstViewCache(() => catalogue);
    const { calls, make } = maker(() => '<p>a</p>');
    const pages = await Promise.all(Array.from({ length: 5 }, () => cache.page('/home', make)));
    expect(calls.count).toBe(1);
    expect(new Set(pages).size).toBe(1);
    await cache.page('/home', make);
    expect(calls.count).toBe(1);
    g.gen += 1;
    const remade = await cache.page('/home', make);
    expect(calls.count).toBe(2);
    // The same text as before the change: the same page, its compressed bytes not made again.
    expect(remade).toBe(pages[0]);
    expect(await remade?.body('br')).toBe(await pages[0]?.body('br'));
  });

  it('keeps nothing made across a change, made around a failed answer, or before the version is known', async () => {
    const { g, catalogue } = generations();
    const cache = createFirstViewCache(() => catalogue);
    let text = 'old';
    const across = maker(() => {
      const html = `<p>${text}</p>`;
      g.gen += 1; // the catalogue changed while the page was being made
      return html;
    });
    await cache.page('/a', across.make);
    await cache.page('/a', across.make);
    expect(across.calls.count).toBe(2);

    // A request in the new generation never joins a making begun before it.
    const slow = maker(() => `<p>${text}</p>`);
    const before = cache.page('/b', slow.make);
    g.gen += 1;
    text = 'new';
    const after = cache.page('/b', slow.make);
    expect(slow.calls.count).toBe(2);
    expect(await after).not.toBe(await before);

    const unkept = maker(() => '<p>x</p>', false);
    await cache.page('/c', unkept.make);
    await cache.page('/c', unkept.make);
    expect(unkept.calls.count).toBe(2);

    g.known = false;
    const unknown = maker(() => '<p>y</p>');
    await cache.page('/d', unknown.make);
    await cache.page('/d', unknown.make);
    expect(unknown.calls.count).toBe(2);

    const none = createFirstViewCache(() => undefined);
    const alone = maker(() => '<p>z</p>');
    await none.page('/e', alone.make);
    await none.page('/e', alone.make);
    expect(alone.calls.count).toBe(2);
  });
});
