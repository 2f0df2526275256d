import type { AppDeps } from '../../context.ts';
import { expirePoints } from './points-ledger.ts';
import { reviewTiers } from './tiers.ts';

/**
 * The points jobs (cron in Asia/Bangkok, once per period across all processes):
 * - 00:05 daily: expire rows for buckets past their expiry (the quarter ended at 23:59:59.999);
 * - 01:00 on the 1st of each month: the tier review (see tiers.ts).
 * Both are idempotent, so a retried or doubled run changes nothing more.
 */
export const createPointsRuntime = (deps: AppDeps): void => {
  const expire = deps.jobs.define<Record<string, never>>(
    'points.expire',
    async () => {
      await expirePoints(deps.db, deps.now());
    },
    { retryLimit: 3, expireInSeconds: 600 },
  );
  deps.jobs.schedule(expire, '5 0 * * *', {});
  const review = deps.jobs.define<Record<string, never>>(
    'points.review',
    async () => {
      await reviewTiers(deps.db, deps.now());
    },
    { retryLimit: 3, expireInSeconds: 600 },
  );
  deps.jobs.schedule(review, '0 1 1 * *', {});
};
