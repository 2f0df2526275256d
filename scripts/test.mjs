// `npm test`: every check and every suite. Each step runs even when an earlier one failed,
// so one run shows everything that is wrong; the last line is the total.
//
// Steps that do not depend on each other run side by side (see docs/decisions.md, "The test suite's
// time"): most of them are one single-threaded process (tsc, eslint, prettier) or spend their time
// waiting on browsers, timers and mail (the e2e suite), so on a 2-core machine two or three at once
// finish sooner than one after another. A step's output is printed whole when it ends (and kept in
// <results>/logs/ while it runs), so the log reads step by step.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { summarise } from './summary.mjs';
import { e2eLanes } from './e2e-lanes.mjs';

// Absolute: the e2e suite runs with its own root folder.
const resultsDir = resolve(process.env.RESULTS_DIR ?? 'artifacts/results');
const logsDir = join(resultsDir, 'logs');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(logsDir, { recursive: true });

const started = Date.now();
const checks = [];
const timings = [];
const seconds = (ms) => Math.round(ms / 100) / 10;

// GNU time, where there is one, records each step's processor time (its processes' and their
// children's): with steps side by side, that says which step kept the cores busy.
const TIME = '/usr/bin/time';
const timed = existsSync(TIME);

/** Runs one command with its output kept; resolves to whether it exited 0. */
function run(name, cmd, env = {}) {
  const begun = Date.now();
  const file = name.replace(/[^\w.-]+/g, '-');
  const log = createWriteStream(join(logsDir, `${file}.log`));
  const cpuFile = join(logsDir, `${file}.cpu`);
  const argv = timed ? [TIME, '-f', '%U %S', '-o', cpuFile, ...cmd] : cmd;
  const chunks = [];
  return new Promise((done) => {
    const child = spawn(argv[0], argv.slice(1), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (d) => {
      chunks.push(d);
      log.write(d);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) => keep(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      log.end();
      const took = seconds(Date.now() - begun);
      const cpu = timed && existsSync(cpuFile) ? readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1) : '';
      const [user, sys] = (cpu ?? '').split(' ').map(Number);
      const processor = Number.isFinite(user) && Number.isFinite(sys) ? Math.round(user + sys) : null;
      timings.push({ name, seconds: took, from: seconds(begun - started), cpu: processor });
      process.stdout.write(`\n▶ ${name} (${took} s)\n`);
      process.stdout.write(Buffer.concat(chunks));
      done(code === 0);
    });
  });
}

const step = async (name, cmd, env) => {
  const ok = await run(name, cmd, env);
  checks.push({ name, ok });
  return ok;
};

const vitest = (name, args) => [
  'npx',
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsDir}/${name}.json`,
];
const suite = async (name, args, env) => {
  const ok = await run(`${name} tests`, vitest(name, args), env);
  const report = `${resultsDir}/${name}.json`;
  if (!ok && !existsSync(report)) checks.push({ name: `${name} (crashed before reporting)`, ok: false });
  // vitest also fails a run whose tests all passed (an unhandled error, a global setup that threw and
  // ran none of them): the report's counts alone would call that green.
  else if (!ok && JSON.parse(readFileSync(report, 'utf8')).numFailedTests === 0)
    checks.push({ name: `${name} (failed outside its tests: see its log)`, ok: false });
  return ok;
};

/** Runs the jobs at most `limit` at a time, in the order given (the longest first). */
async function pool(limit, jobs) {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

// 1. The static checks, the build and the unit tests: independent of each other, the longest first.
//    The typecheck is one tsc per workspace (what `npm run typecheck` runs one after another).
const workspaces = ['apps/api', 'apps/web', 'apps/admin', 'e2e', 'packages/contracts'];
const unitProjects = ['contracts', 'web', 'admin', 'scripts'].flatMap((name) => ['--project', name]);
let built = false;
await pool(3, [
  async () => {
    built = await step('build', ['npm', 'run', '--silent', 'build']);
  },
  () => suite('unit', [...unitProjects, '--maxWorkers=2']),
  () => step('lint', ['npx', 'eslint', '.', '--max-warnings', '0']),
  ...workspaces.map((w) => () => step(`typecheck ${w}`, ['npx', 'tsc', '-p', w])),
  () => step('format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']),
]);

// 2. The suites that need the build: the API's (its graceful-stop test serves the build) and the
//    browsers'. The e2e files run in lanes, each lane against an app of its own (its own database,
//    inbox and port), files one after another within a lane; beside them the API suite.
// The e2e suite serves this build (`npm run serve`) instead of building it again through `npm start`.
// Without a build of this run's, one lane: its app's `npm start` builds (two would build at once into
// the same folders).
const e2eEnv = built ? { E2E_BUILD_FRESH: '1' } : {};
const lanes = built ? e2eLanes(resolve('e2e')) : [[]];
const e2e = lanes.map(
  (files, i) => () =>
    suite(`e2e-${i + 1}`, ['--config', 'e2e/vitest.config.ts', ...files], {
      ...e2eEnv,
      E2E_LANE: String(i + 1),
    }),
);
// Vitest's default is one worker per core less one: a single worker here. The API files spend much of
// their time waiting on timers, child processes and the database, so two share two cores well (three
// made a child-process test flaky on a busy machine).
const api = () => suite('api', ['--project', 'api', '--maxWorkers=2']);
// CI also runs the API suite on PostgreSQL (`.ci/run` sets TEST_ALSO_POSTGRES_URL), in the same total:
// after the PGlite run, not beside it: two API runs of two workers each, beside the browsers, would be
// far more busy processes than cores for the suites' timing-sensitive concurrency and child-process tests.
const postgresUrl = process.env.TEST_ALSO_POSTGRES_URL;
const apiSuites = async () => {
  await api();
  if (postgresUrl)
    await suite('api-postgres', ['--project', 'api', '--maxWorkers=2'], { TEST_DATABASE_URL: postgresUrl });
};
// The budget is a size check on what the build ships, so it needs this run's build of the web app.
const budget = async () => {
  if (built) await step('bundle budget', ['node', 'scripts/bundle-budget.mjs']);
  else checks.push({ name: 'bundle budget (no build to check)', ok: false });
};
await Promise.all([apiSuites(), ...e2e.map((lane) => lane()), budget()]);

writeFileSync(`${resultsDir}/checks.json`, JSON.stringify({ checks }));
const total = seconds(Date.now() - started);
writeFileSync(`${resultsDir}/timings.json`, JSON.stringify({ timings, total }));
console.log('\nSteps: started (s after the start), took (s), processor time (s)');
for (const t of timings)
  console.log(
    `  ${String(t.from).padStart(7)} ${String(t.seconds).padStart(7)} ${String(t.cpu ?? '–').padStart(6)}  ${t.name}`,
  );
console.log(`  all: ${total} s`);
process.exit(summarise(resultsDir) ? 0 : 1);
