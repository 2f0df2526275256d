// Adds up every suite's results into the one line CI reads: "N passed, N failed".
// Vitest suites write their JSON report; plain checks (typecheck, lint, format, a suite that
// crashed) are written by scripts/test.mjs as `{ "checks": [{ name, ok }] }` files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = `${process.cwd()}/`;
const firstLine = (message = '') => message.split('\n').find((l) => l.trim()) ?? '';

/**
 * Each failed test as a line under its suite: CI may keep only the end of the log, and a count alone
 * does not say which test to look at (nor whether it is the one that failed last time).
 */
function failuresOf(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed)
      lines.push(`    ✗ ${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0]).slice(0, 300)}`);
    if (file.status === 'failed' && failed.length === 0)
      lines.push(`    ✗ ${name} (outside its tests): ${firstLine(file.message).slice(0, 300)}`);
  }
  return lines;
}

export function summarise(resultsDir) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const lines = [];
  const files = existsSync(resultsDir)
    ? readdirSync(resultsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const file of files) {
    const r = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    // scripts/test.mjs's record of how long each step took: no results in it.
    if (Array.isArray(r.timings)) continue;
    if (Array.isArray(r.checks)) {
      for (const c of r.checks) {
        if (c.ok) passed++;
        else failed++;
        lines.push(`${c.ok ? '✓' : '✗'} ${c.name}`);
      }
      continue;
    }
    // A test file that failed outside its tests (it did not load, or a beforeAll threw and its tests
    // were skipped) has no failed test to show it: count the file, so it cannot hide.
    const broken = (r.testResults ?? []).filter(
      (t) => t.status === 'failed' && !t.assertionResults.some((a) => a.status === 'failed'),
    ).length;
    const fails = r.numFailedTests + broken;
    passed += r.numPassedTests;
    failed += fails;
    skipped += r.numPendingTests + r.numTodoTests;
    lines.push(
      `${fails === 0 ? '✓' : '✗'} ${file.replace(/\.json$/, '')}: ${r.numPassedTests} passed, ${fails} failed`,
      ...failuresOf(r),
    );
  }
  console.log(`\n${lines.join('\n')}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return failed === 0 && passed > 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(summarise(process.argv[2] ?? 'artifacts/results') ? 0 : 1);
}
