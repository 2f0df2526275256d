// The checkout bench (issue 10): Buy Now orders placed at a fixed arrival rate by signed-in members,
// then a sell-out burst; printed beside the /health baseline of the same run, with the oversell
// invariant checked after each: units sold = orders answered 200, never more than the stock.
import { randomUUID } from 'node:crypto';

const RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 10);
const SELL_OUT_BUYERS = 200;
/** A member may hold this many unpaid orders at once (apps/api/src/modules/orders/checkout.service.ts). */
const MAX_OPEN_ORDERS = 5;
// Enough members that none reaches the open-order limit: the bench measures orders, not refusals.
const MEMBERS = Math.max(20, Math.ceil(Math.max(RATE * SECONDS, SELL_OUT_BUYERS) / MAX_OPEN_ORDERS));

const post = (base, path, body, token) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Members signed in through the dev mailbox, the way a person reads the code. */
async function signInMembers(base, n) {
  const members = [];
  for (let i = 0; i < n; i++) {
    const email = `bench.buyer.${i}.${Date.now()}@example.com`;
    await post(base, '/auth/otp/send-otp', { email });
    const mails = await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
    const code = String(mails.data?.[0]?.text ?? '').match(/^(\d{6})$/m)?.[1];
    const login = await (await post(base, '/auth/login', { email, otp: code })).json();
    if (!login.data?.accessToken) throw new Error(`bench member ${email} could not sign in`);
    members.push({ email, token: login.data.accessToken });
  }
  return members;
}

const orderBody = (voucherId, m) =>
  JSON.stringify({ voucherId, quantity: 1, channelCode: 'promptpay', phone: '0812345678', email: m.email });

const soldOf = async (base, voucherId) =>
  (await (await fetch(`${base}/bff/vouchers/${voucherId}`)).json()).data;

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/**
 * Orders at `RATE` per second for `SECONDS` (an open loop: a request starts on schedule whether or not
 * the earlier ones have answered), one member per request in turn, each with its own Idempotency-Key.
 * Every request is awaited, so every order the server made is counted.
 */
async function fixedRate(base, voucherId, members) {
  const ok = [];
  const made = [];
  let failed = 0;
  const pending = [];
  const total = RATE * SECONDS;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const m = members[i % members.length];
    const t0 = performance.now();
    pending.push(
      fetch(`${base}/bff/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${m.token}`,
          'idempotency-key': randomUUID(),
        },
        body: orderBody(voucherId, m),
      })
        .then(async (r) => {
          const body = await r.json().catch(() => null);
          if (r.status === 200) {
            ok.push(performance.now() - t0);
            made.push({ orderId: body.data.id, token: m.token });
          } else failed++;
        })
        .catch(() => failed++),
    );
  }
  await Promise.all(pending);
  ok.sort((a, b) => a - b);
  return { ok, failed, made };
}

/** Cancels the orders a run made: their units go back and their members may order again. */
async function cancelAll(base, made) {
  for (const { orderId, token } of made) {
    const r = await post(base, '/bff/orders/cancel', { orderId }, token);
    if (r.status !== 200) throw new Error(`cancel ${orderId}: HTTP ${r.status} ${await r.text()}`);
  }
}

export async function checkoutReport({ base, baseline, checkoutVoucherId, sellOutVoucherId, sellOutStock }) {
  if (!checkoutVoucherId) return;
  const members = await signInMembers(base, MEMBERS);
  const before = await soldOf(base, checkoutVoucherId);
  const { ok, failed, made } = await fixedRate(base, checkoutVoucherId, members);
  // Catalogue answers may lag a change made elsewhere by up to a second (PostgreSQL's poll).
  await new Promise((r) => setTimeout(r, 1500));
  const after = await soldOf(base, checkoutVoucherId);
  const perSecond = ok.length / SECONDS;
  const health = baseline.result.requests.average;
  console.log(
    `\ncheckout (POST /bff/orders, PromptPay charge included) at a fixed ${RATE}/s for ${SECONDS} s, ${MEMBERS} members:`,
  );
  console.log(
    `  ${perSecond.toFixed(1)} orders/s  p50 ${pct(ok, 50).toFixed(1)} ms  p95 ${pct(ok, 95).toFixed(1)} ms  p99 ${pct(ok, 99).toFixed(1)} ms` +
      `  (${failed} not 200)  ·  baseline /health ${Math.round(health)} req/s in the same run`,
  );
  const sold = after.boughtCount - before.boughtCount;
  console.log(
    `  invariant: ${sold} units sold = ${ok.length} orders answered 200 → ${sold === ok.length ? 'ok' : 'BROKEN'}`,
  );

  await cancelAll(base, made);

  // The sell-out burst: far more buyers at once than units left.
  const start = await soldOf(base, sellOutVoucherId);
  const answers = await Promise.all(
    Array.from({ length: SELL_OUT_BUYERS }, (_, n) => {
      const m = members[n % members.length];
      return fetch(`${base}/bff/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${m.token}`,
          'idempotency-key': randomUUID(),
        },
        body: orderBody(sellOutVoucherId, m),
      }).then((r) => r.status);
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));
  const end = await soldOf(base, sellOutVoucherId);
  const won = answers.filter((s) => s === 200).length;
  const soldOut = end.boughtCount - start.boughtCount;
  console.log(
    `  sell-out: ${SELL_OUT_BUYERS} buyers at once for ${sellOutStock} units → ${won} orders, ${soldOut} sold, ${end.remaining} left → ${
      won === sellOutStock && soldOut === sellOutStock && end.remaining === 0
        ? 'never oversold'
        : 'OVERSOLD OR UNDERSOLD'
    }`,
  );
}
