import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { summarise } from './summary.mjs';

const dirs = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const resultsWith = (files) => {
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(dir, name), JSON.stringify(content));
  return dir;
};
const printed = () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  return () => log.mock.calls.map((c) => c.join(' ')).join('\n');
};

const report = (testResults) => ({
  numPassedTests: testResults.flatMap((f) => f.assertionResults).filter((a) => a.status === 'passed').length,
  numFailedTests: testResults.flatMap((f) => f.assertionResults).filter((a) => a.status === 'failed').length,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults,
});

it('names each failed test under its suite, with the first line of its failure', () => {
  const out = printed();
  const dir = resultsWith({
    'api.json': report([
      {
        name: `${process.cwd()}/apps/api/test/a.test.ts`,
        status: 'failed',
        message: '',
        assertionResults: [
          { fullName: 'a works', status: 'passed', failureMessages: [] },
          {
            fullName: 'a › times out',
            status: 'failed',
            failureMessages: ['\nError: Test timed out in 30000ms.\n    at stack'],
          },
        ],
      },
      {
        name: `${process.cwd()}/apps/api/test/b.test.ts`,
        status: 'failed',
        message: 'Hook timed out in 60000ms.\nmore',
        assertionResults: [{ fullName: 'b', status: 'skipped', failureMessages: [] }],
      },
    ]),
    'checks.json': { checks: [{ name: 'lint', ok: true }] },
  });
  expect(summarise(dir)).toBe(false);
  const text = out();
  expect(text).toContain('✗ api: 1 passed, 2 failed');
  expect(text).toContain('    ✗ apps/api/test/a.test.ts › a › times out: Error: Test timed out in 30000ms.');
  expect(text).toContain('    ✗ apps/api/test/b.test.ts (outside its tests): Hook timed out in 60000ms.');
  expect(text).not.toContain('a works');
  expect(text).toMatch(/2 passed, 2 failed$/);
});

it('is green with every test passed and lists no failures', () => {
  const out = printed();
  const dir = resultsWith({
    'unit.json': report([
      {
        name: '/x/c.test.ts',
        status: 'passed',
        message: '',
        assertionResults: [{ fullName: 'c', status: 'passed', failureMessages: [] }],
      },
    ]),
  });
  expect(summarise(dir)).toBe(true);
  expect(out()).not.toContain('    ✗');
});
