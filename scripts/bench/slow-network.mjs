// What a member on a weak signal sees: /home loaded with 1.2 s of latency and 200 KB/s, then a tap on
// the first voucher, each photographed at 0.7, 1.5, 3 and 5 s (390×844). For before/after comparisons
// of loading behaviour; it prints nothing and judges nothing.
//
//   node scripts/bench/slow-network.mjs http://127.0.0.1:3000 after [/tmp/slow]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000', tag = 'run', outDir = '/tmp/slow'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', {
  offline: false,
  latency: 1200,
  downloadThroughput: 200 * 1024,
  uploadThroughput: 100 * 1024,
});
const shots = async (prefix) => {
  const t0 = Date.now();
  for (const t of [700, 1500, 3000, 5000]) {
    await p.waitForTimeout(Math.max(0, t - (Date.now() - t0)));
    await p.screenshot({ path: `${outDir}/${tag}-${prefix}-${t}.png` });
  }
};
const nav = p.goto(base + '/home', { waitUntil: 'commit' });
await shots('load');
await nav;
await p.waitForSelector('a[href*="/vouchers/"]', { timeout: 60000 });
await p.waitForTimeout(2000);
await p.locator('a[href*="/vouchers/"]').first().click();
await shots('detail');
await b.close();
