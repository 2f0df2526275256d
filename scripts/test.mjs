// `npm test`: every check and every suite. Each step runs even when an earlier one failed,
// so one run shows everything that is wrong; the last line is the total.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { summarise } from './summary.mjs';

// Absolute: the e2e suite runs with its own root folder.
const resultsDir = resolve(process.env.RESULTS_DIR ?? 'artifacts/results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const run = (cmd) => spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit' }).status === 0;
const vitest = (name, args) => [
  'npx',
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsDir}/${name}.json`,
];

const checks = [];
const step = (name, cmd) => {
  console.log(`\n▶ ${name}`);
  const ok = run(cmd);
  checks.push({ name, ok });
  return ok;
};
const suite = (name, args) => {
  console.log(`\n▶ ${name} tests`);
  const ok = run(vitest(name, args));
  if (!ok && !existsSync(`${resultsDir}/${name}.json`))
    checks.push({ name: `${name} (crashed before reporting)`, ok: false });
};

step('typecheck', ['npm', 'run', '--silent', 'typecheck']);
step('lint', ['npx', 'eslint', '.', '--max-warnings', '0']);
step('format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']);
// The budget is a size check on what the build ships, so it needs a fresh build of the web app.
const built = step('build', ['npm', 'run', '--silent', 'build']);
if (built) step('bundle budget', ['node', 'scripts/bundle-budget.mjs']);
else checks.push({ name: 'bundle budget (no build to check)', ok: false });
// The e2e suite serves this build (`npm run serve`) instead of building it again through `npm start`.
if (built) process.env.E2E_BUILD_FRESH = '1';
// Vitest's default is one worker per core less one: a single worker here. The API files spend much of
// their time waiting on timers, child processes and the database, so two share two cores well (three made a child-process test flaky on a busy machine).
const unitProjects = ['contracts', 'web', 'admin', 'scripts'].flatMap((name) => ['--project', name]);
suite('unit', [...unitProjects, '--maxWorkers=2']);
suite('api', ['--project', 'api', '--maxWorkers=2']);
suite('e2e', ['--config', 'e2e/vitest.config.ts']);

writeFileSync(`${resultsDir}/checks.json`, JSON.stringify({ checks }));
process.exit(summarise(resultsDir) ? 0 : 1);
