import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema.ts';

/** `db`, or the transaction whose commit must carry the job (a rollback then drops it too). */
export type Executor = Kysely<Database>;

/**
 * How a queue treats a job that does not finish. `expireInSeconds` is both the longest a handler may
 * run and how long a job stays claimed by a process that died: then it is retried. pg-boss's default
 * (15 minutes) would leave a crashed job waiting that long; one minute suits short jobs.
 */
export interface QueuePolicy {
  expireInSeconds: number;
  /** Retries after the first attempt. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay with each retry (with jitter). */
  retryBackoff: boolean;
  /**
   * Poll loops this process runs for the queue. Each takes up to `batchSize` jobs at a time and runs
   * them together, so up to `workers × batchSize` of the queue's jobs run at once in a process.
   */
  workers: number;
  batchSize: number;
  /**
   * How soon a job nobody announced is noticed (the jobs' default when absent): one sent by another
   * process or inside a transaction, a delayed one come due, a retry. The process's ready check looks
   * at the queue this often and wakes a worker only when a job is ready; a worker that found a full
   * batch asks again at once, and `wake()` cuts the wait short.
   */
  pollingIntervalSeconds?: number;
}

/**
 * How often each idle worker asks for work by itself, should the ready check fail to wake it. The
 * check is what keeps queues prompt: a worker asking on its own costs a job-claiming query each time,
 * and an idle process with ~25 workers spent about a tenth of a core on PGlite doing only that.
 */
const WORKER_FALLBACK_SECONDS = 30;

/** One job at a time per process: cron work and anything that need not keep up with traffic. */
export const DEFAULT_QUEUE_POLICY: QueuePolicy = {
  expireInSeconds: 60,
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  workers: 1,
  batchSize: 1,
};

export interface JobInfo {
  id: string;
  queue: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface SendOptions {
  /** Not before this moment, or this many seconds from now. */
  startAfter?: Date | number;
  /** With `singletonSeconds`: at most one job per key in each slot of that many seconds. */
  singletonKey?: string;
  singletonSeconds?: number;
}

export interface Queue<T extends object> {
  readonly name: string;
  /** Enqueues with `executor`'s connection: pass the transaction so the job commits or rolls back with it. */
  send: (executor: Executor, data: T, options?: SendOptions) => Promise<string | null>;
  /**
   * Tells an idle worker of this queue to look now rather than at its next poll. `send` on `db` does it
   * itself; after sending inside a transaction, call it once that transaction has committed (a worker
   * woken before the commit finds nothing and goes back to sleep for a whole poll).
   */
  wake: () => void;
}

export interface JobsLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface JobsOptions {
  log: JobsLog;
  /** pg-boss's tables live here; by default `pgboss` (see `jobsSchemaFor`). */
  schema?: string;
  /** How soon a job nobody announced is noticed, for queues that do not say (see `QueuePolicy`). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed into retry (one process does it per interval). */
  maintenanceIntervalSeconds?: number;
  /** How often cron schedules are checked (one process per interval); cron's own unit is a minute. */
  cronMonitorIntervalSeconds?: number;
}

export interface Jobs {
  /** Declares a queue and its handler; before `start()`. */
  define: <T extends object>(name: string, handler: JobHandler<T>, policy?: Partial<QueuePolicy>) => Queue<T>;
  /** Runs `queue` on a cron schedule (Asia/Bangkok), once per period across all processes; before `start()`. */
  schedule: <T extends object>(queue: Queue<T>, cron: string, data: T, options?: SendOptions) => void;
  /**
   * Runs `task` each time this process's workers have started, before `start()` resolves: work that a
   * process which died left half-done (a failure is logged, not thrown). Before `start()`.
   */
  atStart: (name: string, task: () => Promise<void>) => void;
  /** Installs or migrates pg-boss's tables, creates the queues, starts workers and the scheduler. */
  start: () => Promise<void>;
  /** Stops taking jobs, waits up to `timeoutMs` for running ones; those left are retried later. */
  stop: (timeoutMs?: number) => Promise<void>;
}

/**
 * Every pg-boss query runs on the app's own Kysely connection — on PGlite, the one embedded session
 * behind the dialect's mutex. A pool of its own would share that session and commit the app's
 * half-finished transactions with its own BEGIN…COMMIT.
 */
export const executorFor = (db: Kysely<Database>): PgBoss.Db => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const query = CompiledQuery.raw(text, values ?? []);
    if (db.isTransaction || !/^\s*begin\b/i.test(text)) return db.executeQuery(query);
    // A script with its own BEGIN that fails half-way leaves its session inside the failed transaction
    // (on PGlite, the only session): roll back on that same connection before giving it back.
    return db.connection().execute(async (conn) => {
      try {
        return await conn.executeQuery(query);
      } catch (err) {
        await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
        throw err;
      }
    });
  },
});

/** pg-boss's job-settling commands (complete, fail, cancel, …) all end by counting what they changed. */
const SETTLING_COMMAND = /select\s+count\(\*\)\s+from\s+results\s*$/i;

/**
 * pg-boss sends a batch's completion (or failure) without awaiting it, so that query failing — the
 * database restarting, or closing under a stop — would be an unhandled rejection and end the process.
 * Such a failure is logged and answered "nothing changed": the job stays active and pg-boss retries it
 * once it expires, as it does for a process that died. Any other query that fails once the stop has
 * begun is answered empty for the same reason; before that, its error goes to whoever asked.
 */
export const forgivingExecutor = (executor: PgBoss.Db, stopping: () => boolean, log: JobsLog): PgBoss.Db => ({
  executeSql: (text, values) =>
    executor.executeSql(text, values).catch((err: unknown) => {
      if (SETTLING_COMMAND.test(text)) {
        log.error({ err }, 'could not settle a job; it is retried once it expires');
        return { rows: [{ count: '0' }] };
      }
      if (!stopping()) throw err;
      log.info({ err }, 'a job queue query failed while stopping; its job is retried later');
      return { rows: [] };
    }),
});

/**
 * One pg-boss schema per application schema: `pgboss` beside `public`, `<schema>_jobs` beside any
 * other (a test's or the benchmark's), so two apps sharing a server never take each other's jobs.
 */
export const jobsSchemaFor = async (db: Kysely<Database>): Promise<string> => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_jobs`;
};

/**
 * Which of `$1`'s queues have a job ready to take: one index probe per queue (pg-boss's own index
 * for fetching, on ready jobs by start time), however long a queue's backlog.
 */
export const readyQueuesSql = (schema: string): string => `
  select q.name from unnest($1::text[]) as q(name)
  where exists (
    select 1 from ${schema}.job j
    where j.name = q.name and j.state < 'active' and j.start_after < now()
  )`;

/**
 * A new queue is a partition of pg-boss's job table: two processes starting at once on PostgreSQL can
 * deadlock creating theirs. PostgreSQL aborts one; it tries again once the other has committed.
 */
const retryOnDeadlock = async <T>(fn: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt === 5) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 250));
    }
  }
};

const startAfterOf = (v: Date | number | undefined) => (v instanceof Date ? v.toISOString() : v);

/** Durable jobs in the app's database (pg-boss), on PGlite and PostgreSQL alike. */
export const createJobs = (db: Kysely<Database>, options: JobsOptions): Jobs => {
  const { log } = options;
  const queues = new Map<string, { handler: JobHandler<object>; policy: QueuePolicy }>();
  /** Each queue's poll loops in this process: pg-boss's worker id, and whether it is running a batch. */
  const workers = new Map<string, { id?: string; busy: boolean }[]>();
  const startTasks: { name: string; task: () => Promise<void> }[] = [];
  const schedules: { name: string; cron: string; data: object; options: SendOptions }[] = [];
  const cronMonitor = options.cronMonitorIntervalSeconds ?? 30;
  let boss: PgBoss | undefined;
  let started = false;
  let readyCheck: ReturnType<typeof setTimeout> | undefined;
  /**
   * pg-boss's own queries in flight, and the batches our handlers are running. pg-boss completes a
   * batch without awaiting it, and its graceful stop can resolve while a batch still runs: `stop` waits
   * for both (within its time limit). A pg-boss query that still fails once the stop has begun (the
   * database closing under it) is logged and answered empty rather than rejected with nobody to catch
   * it: that job stays active and is retried after its expiry, as any job a stop cut short.
   */
  const inFlight = new Set<Promise<unknown>>();
  const batches = new Set<Promise<unknown>>();
  let stopping = false;
  const track = (set: Set<Promise<unknown>>, work: Promise<unknown>) => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    set.add(settled);
    void settled.then(() => set.delete(settled));
  };

  const guarded = forgivingExecutor(executorFor(db), () => stopping, log);
  const trackedExecutor: PgBoss.Db = {
    executeSql: (text, values) => {
      const query = guarded.executeSql(text, values);
      track(inFlight, query);
      return query;
    },
  };
  const define = <T extends object>(
    name: string,
    handler: JobHandler<T>,
    policy: Partial<QueuePolicy> = {},
  ): Queue<T> => {
    if (started) throw new Error(`queue ${name}: define queues before jobs.start()`);
    if (queues.has(name)) throw new Error(`queue ${name} is defined twice`);
    const full = { ...DEFAULT_QUEUE_POLICY, ...policy };
    if (!(
      Number.isInteger(full.workers) &&
      full.workers >= 1 &&
      Number.isInteger(full.batchSize) &&
      full.batchSize >= 1
    ))
      throw new Error(`queue ${name}: workers and batchSize must be whole numbers of at least 1`);
    queues.set(name, { handler: handler as JobHandler<object>, policy: full });
    const wake = () => wakeQueue(name);
    return {
      name,
      wake,
      send: async (executor, data, opts = {}) => {
        // Before start the queue may not exist, and finding pg-boss's schema would need `db` — which,
        // on PGlite inside the caller's transaction, waits for that very transaction.
        if (!boss || !started) throw new Error(`queue ${name}: call jobs.start() before sending`);
        const { startAfter, singletonKey, singletonSeconds } = opts;
        const id = await boss.send(name, data, {
          db: executorFor(executor),
          ...(startAfter !== undefined ? { startAfter: startAfterOf(startAfter) } : {}),
          ...(singletonKey !== undefined ? { singletonKey } : {}),
          ...(singletonSeconds !== undefined ? { singletonSeconds } : {}),
        });
        // Null is a throttled duplicate; without throttling it would mean the queue is gone.
        if (id === null && singletonSeconds === undefined) throw new Error(`queue ${name} does not exist`);
        if (id !== null && !executor.isTransaction) wake();
        return id;
      },
    };
  };

  /** How soon a queue's unannounced jobs are noticed, in seconds. */
  const noticeSeconds = (policy: QueuePolicy) =>
    policy.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2;

  const wakeQueue = (name: string) => {
    const loops = workers.get(name) ?? [];
    // One idle loop is enough for one job; when all are busy, the first asks again after its batch.
    const loop = loops.find((w) => w.id && !w.busy) ?? loops.find((w) => w.id);
    if (boss && started && loop?.id) boss.notifyWorker(loop.id);
  };

  /**
   * Every queue is looked at by one query per tick, each at its own polling interval, and only a
   * queue with a job ready has a worker woken. A failure is logged once per run of failures; the
   * workers' own fallback polls carry on meanwhile.
   */
  const startReadyCheck = (schema: string) => {
    const text = readyQueuesSql(schema);
    const intervalMs = (name: string) => 1000 * noticeSeconds(queues.get(name)!.policy);
    const tickMs = Math.min(...[...queues.keys()].map(intervalMs));
    const due = new Map([...queues.keys()].map((name) => [name, Date.now() + intervalMs(name)]));
    let failing = false;
    const tick = async () => {
      const now = Date.now();
      const names = [...due].filter(([, at]) => at <= now + tickMs / 2).map(([name]) => name);
      for (const name of names) due.set(name, now + intervalMs(name));
      if (names.length) {
        try {
          const { rows } = (await trackedExecutor.executeSql(text, [names])) as { rows: { name: string }[] };
          if (failing) log.info({}, 'the job queues can be read again');
          failing = false;
          for (const { name } of rows) wakeQueue(name);
        } catch (err) {
          if (!failing) log.error({ err }, 'could not look for ready jobs; workers fall back to polling');
          failing = true;
        }
      }
      if (started) readyCheck = setTimeout(() => void tick(), tickMs);
    };
    if (queues.size) readyCheck = setTimeout(() => void tick(), tickMs);
  };

  const schedule: Jobs['schedule'] = (queue, cron, data, opts = {}) => {
    if (started) throw new Error(`queue ${queue.name}: schedule before jobs.start()`);
    schedules.push({ name: queue.name, cron, data, options: opts });
  };

  const atStart: Jobs['atStart'] = (name, task) => {
    if (started) throw new Error(`${name}: register start tasks before jobs.start()`);
    startTasks.push({ name, task });
  };

  /**
   * Runs a batch's jobs together and settles each on its own: a job that throws is failed (and so
   * retried) alone; the rest are completed by pg-boss when this returns. (pg-boss fails a whole batch
   * when its handler throws, and completes only jobs still active, so the failed ones stay failed.)
   */
  const runBatch = async (
    b: PgBoss,
    name: string,
    handler: JobHandler<object>,
    batch: PgBoss.JobWithMetadata<object>[],
  ) => {
    const outcomes = await Promise.allSettled(
      batch.map((job) => handler(job.data, { id: job.id, queue: name, retryCount: job.retryCount })),
    );
    const failed = outcomes.flatMap((o, i) =>
      o.status === 'rejected' ? [{ job: batch[i]!, err: o.reason }] : [],
    );
    for (const { job, err } of failed) {
      log.error({ err, queue: name, jobId: job.id }, 'job failed; it will be retried while retries remain');
      const reason =
        err instanceof Error ? { message: err.message, stack: err.stack } : { value: String(err) };
      // Should this fail too, the job stays active until its expiry, and is retried then.
      await b
        .fail(name, job.id, reason)
        .catch((e: unknown) => log.error({ err: e, queue: name, jobId: job.id }, 'could not fail a job'));
    }
  };

  const start = async () => {
    if (boss) throw new Error('jobs.start() was called twice');
    const schema = options.schema ?? (await jobsSchemaFor(db));
    const b = new PgBoss({
      db: trackedExecutor,
      schema,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      cronMonitorIntervalSeconds: cronMonitor,
      // How soon a cron job, once due, is moved into its queue.
      cronWorkerIntervalSeconds: Math.min(cronMonitor, 5),
    });
    b.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
    boss = b;
    await b.start();
    for (const [name, { policy }] of queues) {
      const settings = {
        name,
        expireInSeconds: policy.expireInSeconds,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
      };
      await retryOnDeadlock(() => b.createQueue(name, settings));
      // createQueue keeps an existing queue as it was: apply today's policy.
      await b.updateQueue(name, settings);
    }
    for (const s of schedules) {
      const { startAfter: _ignored, ...rest } = s.options;
      await b.schedule(s.name, s.cron, s.data, { ...rest, tz: 'Asia/Bangkok' });
    }
    // A schedule dropped from the code would otherwise go on filling a queue nobody works.
    for (const old of await b.getSchedules())
      if (!schedules.some((s) => s.name === old.name)) await b.unschedule(old.name);
    started = true;
    for (const [name, { handler, policy }] of queues) {
      const loops: { id?: string; busy: boolean }[] = [];
      workers.set(name, loops);
      const { batchSize } = policy;
      const pollingIntervalSeconds = Math.max(WORKER_FALLBACK_SECONDS, noticeSeconds(policy));
      for (let n = 0; n < policy.workers; n++) {
        const loop: { id?: string; busy: boolean } = { busy: false };
        loops.push(loop);
        loop.id = await b.work<object>(
          name,
          { batchSize, pollingIntervalSeconds, includeMetadata: true },
          async (batch) => {
            if (!batch.length) return;
            loop.busy = true;
            // A full batch means a backlog: an idle sibling takes the next batch meanwhile.
            if (batch.length === batchSize) {
              const idle = loops.find((w) => w.id && !w.busy);
              if (idle?.id) b.notifyWorker(idle.id);
            }
            try {
              const run = runBatch(b, name, handler, batch);
              track(batches, run);
              await run;
            } finally {
              loop.busy = false;
            }
            // A full batch means more may be waiting: pg-boss would otherwise sleep a whole poll first.
            if (batch.length === batchSize && loop.id) b.notifyWorker(loop.id);
          },
        );
      }
    }
    startReadyCheck(schema);
    log.info({ queues: [...queues.keys()] }, 'jobs started');
    for (const { name, task } of startTasks)
      await task().catch((err: unknown) => log.error({ err, task: name }, 'a start task failed'));
  };

  const stop = async (timeoutMs = 5000) => {
    if (!boss || !started) return;
    started = false;
    stopping = true;
    clearTimeout(readyCheck);
    const until = Date.now() + timeoutMs;
    // Within the same time limit: a batch or a query that hangs must not hold the stop past it.
    const within = (work: Promise<unknown>) =>
      Promise.race([
        work,
        new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())).unref()),
      ]);
    await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    await within(Promise.all(batches));
    // pg-boss sends a batch's completion in the turn after the batch settles.
    await new Promise((resolve) => setImmediate(resolve));
    await within(Promise.all(inFlight));
  };

  return { define, schedule, atStart, start, stop };
};
