// The e2e files split into lanes for `npm test`: each lane is one vitest run with an app of its own
// (e2e/support/global-setup.ts starts one per run: its own database, demo stock, inbox and port), its
// files one after another. Nothing is shared between lanes but the machine.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LANES = 2;

/**
 * Seconds each file took in a whole CI run (clean clone, two lanes beside the API suite on a 2-core
 * machine; <results>/e2e-*.json), to balance the lanes. security, offline-screens and offline-wallet
 * are from their passing runs. A file not listed counts as NEW_FILE seconds until it is.
 */
const SECONDS = {
  'catalogue-journey.e2e.ts': 132,
  'member-screens.e2e.ts': 113,
  'offline-screens.e2e.ts': 70,
  'buying-journey.e2e.ts': 63,
  'member-account.e2e.ts': 58,
  'auth-journey.e2e.ts': 47,
  'paying.e2e.ts': 43,
  'first-view.e2e.ts': 41,
  'earning-journey.e2e.ts': 38,
  'wallet-journey.e2e.ts': 36,
  'security.e2e.ts': 35,
  'offline-wallet.e2e.ts': 30,
  'admin-journey.e2e.ts': 25,
  'slow-network.e2e.ts': 23,
  'notifications-journey.e2e.ts': 21,
  'rough-edges.e2e.ts': 18,
  'admin.e2e.ts': 15,
  'counter.e2e.ts': 10,
};
const NEW_FILE = 60;

/**
 * Files kept in different lanes. Both back-office files sign the development owner in: on one app, the
 * second waits out the owner's one-code-a-minute limit.
 */
const APART = [['admin.e2e.ts', 'admin-journey.e2e.ts']];

/**
 * Files kept in one lane. Only these let the member app's service worker run (every other file's
 * browser blocks it), and offline-wallet rewrites the built sw.js for a moment to show "Update
 * available": a worker registered by the other file at that moment would take the changed one.
 */
const TOGETHER = [['offline-wallet.e2e.ts', 'offline-screens.e2e.ts']];

/** The lanes' absolute file lists: the longest file first into the lane with the least to do. */
export function e2eLanes(dir) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort((a, b) => (SECONDS[b] ?? NEW_FILE) - (SECONDS[a] ?? NEW_FILE) || a.localeCompare(b));
  const lanes = Array.from({ length: LANES }, () => ({ files: [], seconds: 0 }));
  for (const file of files) {
    const apart = APART.find((pair) => pair.includes(file)) ?? [];
    const together = TOGETHER.find((group) => group.includes(file)) ?? [];
    const partner = lanes.find((l) => l.files.some((f) => f !== file && together.includes(f)));
    const allowed = lanes.filter((l) => !l.files.some((f) => f !== file && apart.includes(f)));
    const lane =
      partner ?? (allowed.length ? allowed : lanes).reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lane.files.push(file);
    lane.seconds += SECONDS[file] ?? NEW_FILE;
  }
  return lanes.filter((l) => l.files.length).map((l) => l.files.map((f) => join(dir, f)));
}
