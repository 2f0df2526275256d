// The notifications poll (issue 12): every signed-in app asks GET /bff/userTier/notifications every
// 30 s with the ETag it holds. Steady state is measured as that: members polling with If-None-Match
// (the client keeps the ETag of each 200), while now and then one of them gets a new notification (an
// order placed and cancelled), which the next poll of that member answers 200. Printed: the share of
// 304s (target ≥ 90%) and the poll's requests/s as a ratio of GET /health measured the same way, in
// the same run.
import autocannon from 'autocannon';

const MEMBERS = 60;
/** Polls per member, below the per-member limit (600 a window) so no poll is a 429. */
const POLLS_PER_MEMBER = 400;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** How often one member gets a new notification during the poll. */
const CHANGE_EVERY_MS = 200;
const LIST = '/bff/userTier/notifications';

const post = (base, path, body, token) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function signIn(base, i) {
  const email = `bench.poll.${i}.${Date.now()}@example.com`;
  await post(base, '/auth/otp/send-otp', { email });
  const mails = await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  const code = String(mails.data?.[0]?.text ?? '').match(/^(\d{6})$/m)?.[1];
  const login = await (await post(base, '/auth/login', { email, otp: code })).json();
  if (!login.data?.accessToken) throw new Error(`bench member ${email} could not sign in`);
  return { email, token: login.data.accessToken, etag: '' };
}

/** A new notification for `m`: an order placed and cancelled at once (order_cancelled). */
async function change(base, voucherId, m) {
  const body = { voucherId, quantity: 1, channelCode: 'promptpay', phone: '0812345678', email: m.email };
  const order = await (await post(base, '/bff/orders', body, m.token)).json();
  if (order.data?.id)
    await (await post(base, '/bff/orders/cancel', { orderId: order.data.id }, m.token)).arrayBuffer();
}

/** `amount` requests over CONNECTIONS connections; `pick` chooses each request's path and headers. */
async function run(base, amount, pick, onResponse) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: 'GET',
        setupRequest: (req, context) => {
          const r = pick(context);
          return { ...req, path: r.path, headers: { ...req.headers, ...r.headers } };
        },
        ...(onResponse ? { onResponse } : {}),
      },
    ],
  });
  return result;
}

export async function notificationsReport({ base, checkoutVoucherId }) {
  if (!checkoutVoucherId) return;
  const members = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await signIn(base, i));
  // Each starts with one notification and the ETag of its list, as an app that has polled once.
  for (const m of members) {
    await change(base, checkoutVoucherId, m);
    const res = await fetch(base + LIST, { headers: { authorization: `Bearer ${m.token}` } });
    m.etag = res.headers.get('etag') ?? '';
    await res.arrayBuffer();
  }
  const amount = MEMBERS * POLLS_PER_MEMBER;
  const health = await run(base, amount, () => ({ path: '/health', headers: {} }));

  let next = 0;
  let changes = 0;
  let stop = false;
  const changing = (async () => {
    while (!stop) {
      await new Promise((r) => setTimeout(r, CHANGE_EVERY_MS));
      if (stop) break;
      await change(base, checkoutVoucherId, members[Math.floor(Math.random() * MEMBERS)]);
      changes++;
    }
  })();
  const poll = await run(
    base,
    amount,
    (context) => {
      const m = members[next++ % MEMBERS];
      context.member = m;
      return { path: LIST, headers: { authorization: `Bearer ${m.token}`, 'if-none-match': m.etag } };
    },
    (status, _body, context, headers) => {
      // The app keeps the ETag of each full answer, as the web client does.
      if (status === 200 && headers.etag && context.member) context.member.etag = headers.etag;
    },
  );
  stop = true;
  await changing;

  const total = poll.requests.total;
  const notModified = poll['3xx'];
  const other = poll.non2xx - poll['3xx'];
  const ratio = poll.requests.average / health.requests.average;
  console.log(
    `\nnotifications poll (GET ${LIST} with If-None-Match), ${MEMBERS} members, ${CONNECTIONS} connections, ${amount.toLocaleString('en-US')} polls, ${changes} new notifications meanwhile:`,
  );
  console.log(
    `  ${((notModified / total) * 100).toFixed(1)}% 304 (target ≥ 90%)  ·  ${Math.round(poll.requests.average)} req/s, ×${ratio.toFixed(2)} of /health (${Math.round(health.requests.average)} req/s, ${amount.toLocaleString('en-US')} requests, same client)` +
      `  ·  p50 ${poll.latency.p50} ms  p99 ${poll.latency.p99} ms${other ? `  ·  ${other} neither 200 nor 304` : ''}`,
  );
}
