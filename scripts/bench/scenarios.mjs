import { BRAND_EN, BRAND_TH } from './brand-syllables.mjs';
// What `npm run bench` measures. `prepare` runs once before measuring (sign in, look up ids…).
// A scenario has `path` (one URL) or `paths` (a rotation of URLs, one per request in turn).

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

/** Category slugs and voucher ids of the seeded catalogue. */
async function catalogue(ctx) {
  const cats = await (await fetch(`${ctx.base}/bff/categories`)).json();
  ctx.categories = cats.data.map((c) => c.slug);
  ctx.voucherIds = [];
  for (const page of [1, 50, 500, 2000]) {
    const res = await (await fetch(`${ctx.base}/bff/vouchers?limit=50&page=${page}`)).json();
    ctx.voucherIds.push(...res.data.items.map((v) => v.id));
  }
}

const EN_WORDS = ['coffee', 'buffet', 'ticket', 'movie', 'flight'];
// A piece of three brand syllables matches a handful of the 100,000 vouchers, so a search is new
// each time and cannot be cached.
/** `n` pieces of three syllables (the Thai ones full of tone marks). */
const brandPieces = (syllables, n, seed) => {
  const r = numbers(n * 3, syllables.length, seed);
  return Array.from({ length: n }, (_, i) => [0, 1, 2].map((k) => syllables[r[i * 3 + k] - 1]).join(''));
};
const TH_PIECES = ['กาแฟ', 'ฟเฟ่ต์', 'วนลด', 'ั๋วหนัง', 'เครื่องบิน'];

export const scenarios = [
  {
    name: 'GET /auth/users/profile (signed in)',
    prepare: signIn,
    path: () => '/auth/users/profile',
    headers: (ctx) => ({ authorization: `Bearer ${ctx.token}` }),
  },
  { name: 'GET /auth/users/phoneCodes', path: () => '/auth/users/phoneCodes' },
  { name: 'GET /home (app shell)', path: () => '/home' },
  {
    name: 'vouchers: list (pages 1-50)',
    prepare: catalogue,
    paths: () => numbers(200, 50).map((p) => `/bff/vouchers?page=${p}`),
  },
  {
    name: 'vouchers: filter (category+price, by price)',
    paths: (ctx) =>
      numbers(200, 5).map(
        (p, i) =>
          `/bff/vouchers?category=${ctx.categories[i % ctx.categories.length]}&minPrice=100&maxPrice=2000&orderBy=price&orderDir=ASC&page=${p}`,
      ),
  },
  {
    name: 'vouchers: search English word',
    paths: () => EN_WORDS.map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    name: 'vouchers: search Thai piece of a word',
    paths: () => TH_PIECES.map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    name: 'vouchers: search English, rare (each new)',
    paths: () => brandPieces(BRAND_EN, 3000, 3).map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    name: 'vouchers: search Thai, rare (each new)',
    paths: () => brandPieces(BRAND_TH, 3000, 5).map((w) => `/bff/vouchers?q=${q(w)}`),
  },
  {
    name: 'vouchers: detail',
    paths: (ctx) => ctx.voucherIds.map((id) => `/bff/vouchers/${id}`),
  },
];
