// The background-jobs bench (issue 23): how late the work after a payment runs at the checkout bench's
// rate. Orders are placed and paid (the sandbox bank approves, its webhook runs) at BENCH_CHECKOUT_RATE
// per second for BENCH_CHECKOUT_SECONDS; receipts go to a local SMTP server that takes
// BENCH_SMTP_DELAY_MS to accept each message (a relay is not instant). Printed: each receipt's delay
// from the payment's approval to its arrival, p50/p95/p99 (target p99 < 10 s), and how soon a paid
// order cut off by a crash (SIGKILL right after the payment commits) is issued after a restart (target
// 30 s). Its own server processes on the bench database, after the main bench's app has stopped.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';

const RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 10);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3917) + 1;
/** A member may hold 5 unpaid orders and place ORDER_LIMIT_PER_MEMBER (30) a window: stay under both. */
const MEMBERS = Math.max(10, Math.ceil((RATE * SECONDS) / 5));
const DRAIN_TIMEOUT_MS = 180_000;

/** An SMTP server on a free port: when each message arrived, and the sign-in codes by address. */
async function startSink() {
  const arrivals = [];
  const codes = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const at = performance.now();
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo[0]?.address.toLowerCase() ?? '';
        const code = /^(\d{6})\r?$/m.exec(raw)?.[1];
        if (code) codes.set(to, code);
        else arrivals.push({ at, to, raw });
        setTimeout(callback, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    arrivals,
    codes,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A server process; resolves once it answers. `stop()` ends it (SIGTERM) and waits for the exit. */
async function startServer(env, script = 'apps/api/src/server.ts') {
  const child = spawn('npx', ['tsx', script], {
    env: { ...env, PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  // The crash fixture listens on a port of its own choosing and says which.
  let base = `http://127.0.0.1:${PORT}`;
  const listening = new Promise((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const l = JSON.parse(line);
        if (l.event === 'listening') {
          base = `http://127.0.0.1:${l.port}`;
          resolve();
        }
      } catch {
        // not one of the fixture's lines
      }
    });
  });
  const spawnedAt = performance.now();
  if (script.endsWith('server.ts'))
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // still starting
      }
      if (i > 900) throw new Error(`${script} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  else
    await Promise.race([
      listening,
      exited.then((how) => {
        throw new Error(`${script} ended (${how}) before listening`);
      }),
    ]);
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  return { base: () => base, spawnedAt, readyAt: performance.now(), exited, stop };
}

const post = (base, path, body, token) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function signIn(base, sink, label) {
  const email = `bench.jobs.${label}.${Date.now()}@example.com`;
  await post(base, '/auth/otp/send-otp', { email });
  for (let i = 0; i < 100 && !sink.codes.has(email); i++) await new Promise((r) => setTimeout(r, 50));
  const login = await (await post(base, '/auth/login', { email, otp: sink.codes.get(email) })).json();
  if (!login.data?.accessToken) throw new Error(`bench member ${email} could not sign in`);
  return { email, token: login.data.accessToken };
}

/** Places an order and has the sandbox bank approve it; the approval's start time, or null. */
async function buyAndPay(base, voucherId, m) {
  const placed = await fetch(`${base}/bff/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${m.token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      voucherId,
      quantity: 1,
      channelCode: 'promptpay',
      phone: '0812345678',
      email: m.email,
    }),
  });
  const order = (await placed.json().catch(() => null))?.data;
  if (placed.status !== 200 || !order?.payment?.authorizeUri) return null;
  const paidAt = performance.now();
  const paid = await fetch(base + order.payment.authorizeUri, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'approve' }),
    redirect: 'manual',
  });
  return paid.status < 400
    ? { number: order.number, id: order.id, paidAt, answeredIn: performance.now() - paidAt }
    : null;
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function receiptDelays(env, sink, voucherId) {
  const server = await startServer(env);
  try {
    const base = server.base();
    const members = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await signIn(base, sink, i));
    const paid = [];
    let refused = 0;
    const pending = [];
    const started = performance.now();
    for (let i = 0; i < RATE * SECONDS; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(
        buyAndPay(base, voucherId, members[i % members.length])
          .then((o) => (o ? paid.push(o) : refused++))
          .catch(() => refused++),
      );
    }
    await Promise.all(pending);
    const until = performance.now() + DRAIN_TIMEOUT_MS;
    const arrivedFor = (o) => sink.arrivals.find((a) => a.raw.includes(o.number));
    while (paid.some((o) => !arrivedFor(o)) && performance.now() < until)
      await new Promise((r) => setTimeout(r, 250));
    const delays = paid
      .map((o) => arrivedFor(o))
      .map((a, n) => (a ? a.at - paid[n].paidAt : null))
      .filter((d) => d !== null)
      .sort((a, b) => a - b);
    const answers = paid.map((o) => o.answeredIn).sort((a, b) => a - b);
    // The queue's own share: from the payment's answer (the order issued in that request) to the mail.
    const queued = paid
      .flatMap((o) => {
        const a = arrivedFor(o);
        return a ? [a.at - o.paidAt - o.answeredIn] : [];
      })
      .sort((a, b) => a - b);
    return { paid: paid.length, refused, mailed: delays.length, delays, answers, queued };
  } finally {
    await server.stop();
  }
}

/** Kills the server right after a payment commits, restarts it, and times the order's issuing. */
async function crashRecovery(env, sink, voucherId) {
  const fixture = 'apps/api/test/fixtures/order-server.ts';
  const first = await startServer({ ...env, KILL_AFTER_PAYMENT: '1' }, fixture);
  const m = await signIn(first.base(), sink, 'crash');
  const order = await buyAndPay(first.base(), voucherId, m).catch(() => null);
  const how = await first.exited;
  if (how !== 'SIGKILL' && how !== 137) throw new Error(`the crash server ended with ${how}, not SIGKILL`);
  if (order) throw new Error('the payment answered although the server was to die after it');
  const second = await startServer(env, fixture);
  try {
    // No status check (it would issue the order itself): the wallet only shows what was issued.
    for (;;) {
      const wallet = await (
        await fetch(`${second.base()}/bff/wallet`, { headers: { authorization: `Bearer ${m.token}` } })
      ).json();
      if (wallet.data?.items?.some((w) => w.voucherId === voucherId)) break;
      if (performance.now() - second.readyAt > DRAIN_TIMEOUT_MS) return null;
      await new Promise((r) => setTimeout(r, 100));
    }
    const issuedAt = performance.now();
    return { fromStart: issuedAt - second.spawnedAt, fromListening: issuedAt - second.readyAt };
  } finally {
    await second.stop();
  }
}

export async function jobsReport({ env, checkoutVoucherId }) {
  if (!checkoutVoucherId) return;
  const sink = await startSink();
  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  try {
    const jobsEnv = { ...env, SMTP_URL: sink.url };
    const r = await receiptDelays(jobsEnv, sink, checkoutVoucherId);
    console.log(
      `\nbackground jobs (${engine}): orders paid at a fixed ${RATE}/s for ${SECONDS} s, SMTP taking ${SMTP_DELAY_MS} ms a message:`,
    );
    const p99 = pct(r.delays, 99);
    console.log(
      `  receipts: ${r.mailed} of ${r.paid} paid orders mailed (${r.refused} not placed or paid)  ·  delay from payment p50 ${s(pct(r.delays, 50))}  p95 ${s(pct(r.delays, 95))}  p99 ${s(p99)}  max ${s(r.delays.at(-1) ?? 0)}` +
        `  → ${r.mailed === r.paid && p99 < 10_000 ? 'p99 < 10 s: ok' : 'MISSED (p99 < 10 s, every receipt)'}`,
    );
    console.log(
      `  of which the payment's own answer (webhook, issuing in the request): p50 ${s(pct(r.answers, 50))}  p99 ${s(pct(r.answers, 99))};` +
        ` from that answer to the mail: p50 ${s(pct(r.queued, 50))}  p99 ${s(pct(r.queued, 99))}`,
    );
    const c = await crashRecovery(jobsEnv, sink, checkoutVoucherId);
    console.log(
      c
        ? `  crash after payment (SIGKILL before issuing): issued ${s(c.fromListening)} after the restarted server listened, ${s(c.fromStart)} after its start → ${c.fromStart < 30_000 ? 'within 30 s: ok' : 'MISSED (30 s)'}`
        : `  crash after payment: NOT issued within ${DRAIN_TIMEOUT_MS / 1000} s of the restart`,
    );
  } finally {
    await sink.close();
  }
}
