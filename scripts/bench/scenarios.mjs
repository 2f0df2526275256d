import { BRAND_EN, BRAND_TH } from './brand-syllables.mjs';
// What `npm run bench` measures. `prepare` runs once before measuring (sign in, look up ids…).
// A scenario has `path` (one URL), `paths` (a rotation: each entry a URL or { path, headers }, one per
// request in turn) or `next` (a URL made per request: every request different). `catalogue: true`
// marks the public catalogue reads the targets apply to (≥ 50% of /health's requests/s, p99 < 50 ms).

/** Signs a bench member in through the dev mailbox, the way a person reads the code. */
async function signIn(ctx) {
  const email = 'bench@example.com';
  const post = (path, body) =>
    fetch(ctx.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/otp/send-otp', { email });
  const mails = await (await fetch(`${ctx.base}/dev/mailbox.json`)).json();
  const mail = (mails.data ?? mails).find((m) => m.to === email || m.to?.includes?.(email));
  const code = String(mail?.text ?? mail?.subject ?? '').match(/\b\d{6}\b/)?.[0];
  const login = await (await post('/auth/login', { email, otp: code })).json();
  ctx.token = login.data.accessToken;
}

/** Deterministic "random" numbers, so two runs ask for the same things. */
const numbers = (n, max, seed = 7) => {
  const out = [];
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(1 + (Math.floor(x / 65536) % max));
  }
  return out;
};
const q = (text) => encodeURIComponent(text);
const getJson = async (ctx, path, headers = {}) => (await fetch(ctx.base + path, { headers })).json();

/** Category slugs, voucher, privilege and store ids of the seeded catalogue. */
async function catalogue(ctx) {
  ctx.categories = (await getJson(ctx, '/bff/categories')).data.map((c) => c.slug);
  ctx.voucherIds = [];
  for (const page of [1, 50, 500, 2000]) {
    const res = await getJson(ctx, `/bff/vouchers?limit=50&page=${page}`);
    ctx.voucherIds.push(...res.data.items.map((v) => v.id));
  }
  ctx.privilegeIds = (await getJson(ctx, '/bff/privileges?limit=50')).data.items.map((p) => p.id);
  ctx.merchantIds = (await getJson(ctx, '/bff/merchants?limit=50')).data.items.map((m) => m.id);
  // What a browser holds after a first visit: each list page's validator (none before validators existed).
  ctx.listEtags = [];
  for (const page of LIST_PAGES) {
    const path = `/bff/vouchers?page=${page}`;
    const res = await fetch(ctx.base + path);
    await res.arrayBuffer();
    const etag = res.headers.get('etag');
    ctx.listEtags.push({ path, headers: etag ? { 'if-none-match': etag } : {} });
  }
}

const LIST_PAGES = [...new Set(numbers(200, 50))];
const EN_WORDS = ['coffee', 'buffet', 'ticket', 'movie', 'flight'];
const TH_PIECES = ['กาแฟ', 'ฟเฟ่ต์', 'วนลด', 'ั๋วหนัง', 'เครื่องบิน'];
// A piece of three brand syllables matches a handful of the 100,000 vouchers: searches people repeat
// (200 in turn, kept once asked) and searches nobody asked before (every request new: what a miss costs).
/** `n` pieces of three syllables (the Thai ones full of tone marks), picked at random. */
const brandPieces = (syllables, n, seed) => {
  const r = numbers(n * 3, syllables.length, seed);
  return Array.from({ length: n }, (_, i) => [0, 1, 2].map((k) => syllables[r[i * 3 + k] - 1]).join(''));
};
/** The i-th of every three-syllable piece (60³ = 216,000 of them): a run never asks one twice. */
const nthPiece = (syllables, i) =>
  [0, 1, 2].map((k) => syllables[Math.floor(i / syllables.length ** k) % syllables.length]).join('');

const signedIn = (ctx) => ({ authorization: `Bearer ${ctx.token}` });

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
/** Detail pages asked in turn: the first ones of the catalogue's lists (each rendered once, then kept). */
const DETAILS_IN_TURN = 16;

/** Home, a voucher's and a privilege's detail and sign-in, in English and in Thai. */
function visitorPages() {
  const pages = [
    ['/home', () => ['/home']],
    ['/vouchers/:id', (ctx) => ctx.voucherIds.slice(0, DETAILS_IN_TURN).map((id) => `/vouchers/${id}`)],
    ['/privileges/:id', (ctx) => ctx.privilegeIds.slice(0, DETAILS_IN_TURN).map((id) => `/privileges/${id}`)],
    ['/signin', () => ['/signin']],
  ];
  return ['', '/th'].flatMap((prefix) =>
    pages.map(([path, urls]) => ({
      name: `GET ${prefix}${path} (visitor page${path.includes(':id') ? `, ${DETAILS_IN_TURN} in turn` : ''})`,
      catalogue: true,
      paths: (ctx) => urls(ctx).map((url) => `${prefix}${url}`),
      headers: () => BROWSER,
    })),
  );
}

export const scenarios = [
  {
    name: 'GET /auth/users/profile (signed in)',
    prepare: signIn,
    path: () => '/auth/users/profile',
    headers: signedIn,
  },
  { name: 'GET /auth/users/phoneCodes', path: () => '/auth/users/phoneCodes' },
  // A visitor's pages, rendered by the server and kept, compressed, while the catalogue is unchanged
  // (the targets apply to them too). Asked as a browser asks: compressed, no member cookie.
  ...visitorPages(),
  {
    name: 'vouchers: list (pages 1-50)',
    catalogue: true,
    prepare: catalogue,
    paths: () => numbers(200, 50).map((p) => `/bff/vouchers?page=${p}`),
  },
  {
    name: 'vouchers: list, signed in (member overlay)',
    catalogue: true,
    paths: () => numbers(200, 50).map((p) => `/bff/vouchers?page=${p}`),
    headers: signedIn,
  },
  {
    name: 'vouchers: list, If-None-Match (304)',
    catalogue: true,
    paths: (ctx) => ctx.listEtags,
  },
  {
    name: 'vouchers: filter (category+price, by price)',
    catalogue: true,
    paths: (ctx) =>
      numbers(200, 5).map(
        (p, i) =>
          `/bff/vouchers?category=${ctx.categories[i % ctx.categories.length]}&minPrice=100&maxPrice=2000&orderBy=price&orderDir=ASC&page=${p}`,
      ),
  },
  {
    name: 'vouchers: search English word',
    catalogue: true,
    paths: () => EN_WORDS.map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    name: 'vouchers: search Thai piece of a word',
    catalogue: true,
    paths: () => TH_PIECES.map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    name: 'vouchers: search English, rare (200 in turn)',
    catalogue: true,
    paths: () => brandPieces(BRAND_EN, 200, 3).map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    name: 'vouchers: search Thai, rare (200 in turn)',
    catalogue: true,
    paths: () => brandPieces(BRAND_TH, 200, 5).map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    // Not a target: every request is a search never asked before, so it shows what a miss costs.
    name: 'vouchers: search Thai, never asked before',
    next: () => {
      let i = 7919;
      return () => `/bff/vouchers?q=${q(nthPiece(BRAND_TH, (i += 7919)))}`;
    },
  },
  {
    name: 'vouchers: detail',
    catalogue: true,
    paths: (ctx) => ctx.voucherIds.map((id) => `/bff/vouchers/${id}`),
  },
  {
    name: 'vouchers: recommend ("You may also like")',
    catalogue: true,
    paths: (ctx) => ctx.voucherIds.slice(0, 50).map((id) => `/bff/vouchers/recommend?limit=6&exclude=${id}`),
  },
  {
    name: 'privileges: list (pages 1-2)',
    catalogue: true,
    paths: () => ['/bff/privileges?page=1', '/bff/privileges?page=2'],
  },
  {
    name: 'privileges: list, signed in (liked overlay)',
    catalogue: true,
    paths: () => ['/bff/privileges?page=1', '/bff/privileges?page=2'],
    headers: signedIn,
  },
  {
    name: 'privileges: detail',
    catalogue: true,
    paths: (ctx) => ctx.privilegeIds.map((id) => `/bff/privileges/${id}`),
  },
  {
    name: 'privileges: recommend',
    catalogue: true,
    paths: () => ['/bff/privileges/recommend?limit=6'],
  },
  { name: 'categories', catalogue: true, path: () => '/bff/categories' },
  {
    name: 'banners (TOP, BOTTOM, ticket office)',
    catalogue: true,
    paths: () => ['/bff/banners/TOP', '/bff/banners/BOTTOM', '/bff/ticket-office/banners?page=1&per_page=10'],
  },
  {
    name: 'stores: list and one store',
    catalogue: true,
    paths: (ctx) => ['/bff/merchants?page=1', ...ctx.merchantIds.map((id) => `/bff/merchants/${id}`)],
  },
  { name: 'coupons', catalogue: true, path: () => '/bff/coupons?page=1' },
];
