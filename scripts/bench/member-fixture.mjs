// A member with the data every member screen shows, made through the app's own API as a person's use
// would make it: signed in through the dev mailbox (so the app must run outside production), a complete
// profile, vouchers bought and paid at the sandbox bank, orders cancelled, a privilege redeemed with
// the points earned, three vouchers in the cart. Nothing is written to the database directly.
//
// What it makes (the bench's screens need each):
//   wallet        PURCHASES vouchers + 1 privilege = 10 items
//   notifications each purchase's "order successful" and "points earned", a "tier up" when the points
//                 cross a tier, then one "order cancelled" per order placed and cancelled until there are
//                 NOTIFICATIONS
//   points        PURCHASES earnings and 1 redemption
//   history       the purchases and the cancelled orders
//   cart          CART_LINES lines, of vouchers not bought
import { randomBytes, randomUUID } from 'node:crypto';
import puppeteer from 'puppeteer-core';

const PURCHASES = 9;
const NOTIFICATIONS = 20;
const CART_LINES = 3;
const PHONE = '0812345678';

/** The app's local-storage keys for the session (apps/web/src/shared/api/tokens.ts). */
const ACCESS_TOKEN_KEY = 'accessToken';
const REFRESH_TOKEN_KEY = 'refreshToken';

async function call(base, method, path, { body, token, headers = {} } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json?.data;
}

/** A new member signed in the way a person does (code from the dev mailbox), with a complete profile. */
export async function signedInMember(base) {
  // A fresh address each time: no earlier code in the mailbox to pick up, no per-address send limit.
  const email = `bench-member-${randomBytes(4).toString('hex')}@example.com`;
  await call(base, 'POST', '/auth/otp/send-otp', { body: { email } });
  const mails = await call(base, 'GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const mail = (mails ?? []).find((m) => m.to === email || m.to?.includes?.(email));
  const code = `${mail?.subject ?? ''}\n${mail?.text ?? ''}`.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no sign-in code for ${email} in /dev/mailbox.json`);
  const data = await call(base, 'POST', '/auth/login', { body: { email, otp: code } });
  await call(base, 'PATCH', '/auth/users/update', {
    token: data.accessToken,
    body: {
      firstName: 'Bench',
      lastName: 'Member',
      dateOfBirth: '1990-01-01',
      phoneCode: '+66',
      phoneNumber: PHONE,
    },
  });
  return { email, accessToken: data.accessToken, refreshToken: data.refreshTokens?.[0]?.token };
}

/** Vouchers this member can buy in one tap (no price option), most points first. */
async function buyableVouchers(base, token, need) {
  const { items } = await call(base, 'GET', '/bff/vouchers?limit=100', { token });
  const buyable = items
    .filter(
      (v) =>
        v.unavailableReason === null &&
        v.eligible !== false &&
        v.price > 0 &&
        !v.hasPriceOptions &&
        (v.remaining === null || v.remaining >= 5),
    )
    .sort((a, b) => b.pointsEarned - a.pointsEarned);
  if (buyable.length < need)
    throw new Error(`only ${buyable.length} buyable vouchers in the first page of /bff/vouchers`);
  return buyable;
}

const placeOrder = (base, member, voucherId) =>
  call(base, 'POST', '/bff/orders', {
    token: member.accessToken,
    headers: { 'idempotency-key': randomUUID() },
    body: { voucherId, quantity: 1, phone: PHONE, email: member.email, channelCode: 'promptpay' },
  });

/** One voucher bought with PromptPay and approved at the sandbox bank's page, as its Approve button posts. */
async function buy(base, member, voucherId) {
  const order = await placeOrder(base, member, voucherId);
  const payPath = new URL(order.payment?.authorizeUri ?? '', base).pathname;
  if (!payPath.startsWith('/sandbox/pay/')) throw new Error(`order ${order.id} has no sandbox payment page`);
  const answer = await fetch(base + payPath, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'approve', lang: 'en' }).toString(),
    redirect: 'manual',
  });
  if (answer.status !== 303) throw new Error(`the sandbox bank answered ${answer.status} to Approve`);
  for (let i = 0; i < 120; i++) {
    const { status } = await call(base, 'POST', '/bff/orders/check-status', {
      token: member.accessToken,
      body: { orderId: order.id },
    });
    if (status === 'SUCCESSFUL') return order.id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`order ${order.id} did not become SUCCESSFUL within 30 s`);
}

/** The cheapest privilege of the base tier the member's points pay for, redeemed. */
async function redeemPrivilege(base, member) {
  const { balance } = await call(base, 'GET', '/bff/points', { token: member.accessToken });
  const { items } = await call(base, 'GET', '/bff/privileges?limit=100', { token: member.accessToken });
  const privilege = items
    .filter((p) => p.unavailableReason === null && p.eligible !== false && p.pointsCost <= (balance ?? 0))
    .sort((a, b) => a.pointsCost - b.pointsCost)[0];
  if (!privilege) throw new Error(`no privilege this member can redeem with ${balance} points`);
  await call(base, 'POST', `/bff/privileges/${privilege.id}/redeem`, {
    token: member.accessToken,
    headers: { 'idempotency-key': randomUUID() },
  });
}

/** How many of each thing the member's screens will list, read back through the API. */
async function countsOf(base, token) {
  const [wallet, notifications, cart] = await Promise.all([
    call(base, 'GET', '/bff/wallet?limit=50', { token }),
    call(base, 'GET', '/bff/userTier/notifications', { token }),
    call(base, 'GET', '/bff/cart', { token }),
  ]);
  const list = notifications.items ?? notifications;
  return {
    wallet: wallet.total ?? wallet.items.length,
    notifications: list.length,
    unread: list.filter((n) => !n.isRead).length,
    cartLines: cart.items.length,
    walletVoucherId: wallet.items.find((w) => w.kind === 'voucher')?.id,
  };
}

/**
 * Makes the member. Returns its tokens and e-mail, the wallet item whose page the bench opens (a bought
 * voucher, not yet used: its page has Redeem Now), a voucher id it can add to the cart, and the counts.
 */
export async function memberFixture(base) {
  const member = await signedInMember(base);
  const vouchers = await buyableVouchers(base, member.accessToken, PURCHASES + CART_LINES + 1);
  for (const v of vouchers.slice(0, PURCHASES)) await buy(base, member, v.id);
  await redeemPrivilege(base, member);
  const made = (await countsOf(base, member.accessToken)).notifications;
  for (let i = made; i < NOTIFICATIONS; i++) {
    const order = await placeOrder(base, member, vouchers[i % PURCHASES].id);
    await call(base, 'POST', '/bff/orders/cancel', {
      token: member.accessToken,
      body: { orderId: order.id },
    });
  }
  const inCart = vouchers.slice(PURCHASES, PURCHASES + CART_LINES);
  await call(base, 'POST', '/bff/cart/addItems', {
    token: member.accessToken,
    body: { items: inCart.map((v) => ({ voucherId: v.id, quantity: 1 })) },
  });
  const counts = await countsOf(base, member.accessToken);
  if (!counts.walletVoucherId) throw new Error('the wallet lists no bought voucher');
  return {
    ...member,
    counts: { ...counts, cancelled: Math.max(0, NOTIFICATIONS - made) },
    walletVoucherId: counts.walletVoucherId,
    spareVoucherId: vouchers[PURCHASES + CART_LINES].id,
  };
}

export const describeFixture = ({ counts }) =>
  `member: ${counts.wallet} wallet items, ${counts.notifications} notifications (${counts.unread} unread), ${counts.cartLines} cart lines, ${PURCHASES} purchases, ${counts.cancelled} cancelled orders, 1 privilege redeemed`;

/** Puts the session where the app looks for it on load (Lighthouse's storage reset leaves local storage). */
export async function storeSession(page, base, member) {
  // Any response of the app's origin will do; /health does not start the web app.
  await page.goto(`${base}/health`);
  await page.evaluate(
    ([keys, values]) => keys.forEach((k, i) => localStorage.setItem(k, values[i])),
    [
      [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
      [member.accessToken, member.refreshToken],
    ],
  );
}

/**
 * The cart's lines chosen for checkout the way a member does it (select all, Checkout): the app keeps
 * that choice in local storage, so /checkout opened afterwards shows those lines. Needs the session.
 */
export async function chooseCartForCheckout(page, base) {
  await page.goto(`${base}/cart`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="cart-line"]');
  await page.click('[data-testid="cart-select-all"]');
  await page.waitForSelector('[data-testid="cart-checkout"]:not([disabled])');
  await page.click('[data-testid="cart-checkout"]');
  await page.waitForFunction(() => globalThis.location.pathname === '/checkout');
  await page.waitForSelector('[data-testid="checkout-summary"]');
}

/** A browser's page on Chrome at `port` (one chrome-launcher started), closed after `work`. */
export async function withPage(port, work) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    try {
      return await work(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}
