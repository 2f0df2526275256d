import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { generateVapidKeys, type VapidConfig } from '../../config.ts';
import { anyPushDue } from './push.repository.ts';
import { drainPushOutbox } from './push.sender.ts';

/** How often a process looks for due pushes: the longest a new notification waits to be pushed. */
export const PUSH_POLL_MS = 1000;

/** The config's VAPID keys; a test's hand-made config without them gets a pair for this app's life. */
export const vapidOf = (deps: AppDeps): VapidConfig =>
  deps.config.vapid ?? { ...generateVapidKeys(), subject: 'mailto:no-reply@localhost' };

export interface PushWorker {
  start(): void;
  stop(): void;
}

/**
 * The push queue (pg-boss): its job sends every due push. A light poll (one indexed probe a
 * second) sends the job when pushes are due, at most one per second across processes; a minute's
 * cron is the backstop should every poll have missed. The notifications themselves are written by
 * their producers' transactions; the table's trigger queues their pushes (push_outbox).
 */
export const definePushJobs = (deps: AppDeps, vapid: VapidConfig, log: FastifyBaseLogger): PushWorker => {
  const queue = deps.jobs.define<Record<string, never>>(
    'notifications.push',
    async () => {
      await drainPushOutbox({ db: deps.db, now: deps.now, vapid, log });
    },
    { retryLimit: 3, expireInSeconds: 600 },
  );
  deps.jobs.schedule(queue, '* * * * *', {});
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      if (await anyPushDue(deps.db, deps.now()))
        await queue.send(deps.db, {}, { singletonKey: 'drain', singletonSeconds: 1 });
    } catch (err) {
      log.warn({ err }, 'push: looking for due pushes failed');
    } finally {
      polling = false;
    }
  };
  return {
    start() {
      timer = setInterval(() => void poll(), PUSH_POLL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
};
