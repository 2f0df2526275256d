import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { forgivingExecutor } from './jobs.ts';

// pg-boss's own SQL, so the test follows the library should its wording change.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<
  string,
  (schema: string) => string
>;

const failing = { executeSql: () => Promise.reject(new Error('Connection terminated')) };

const logged = () => {
  const lines: string[] = [];
  const log = {
    info: (_: object, msg: string) => void lines.push(msg),
    error: (_: object, msg: string) => void lines.push(msg),
  };
  return { lines, log };
};

describe('forgivingExecutor', () => {
  it.each(['completeJobs', 'failJobsById', 'cancelJobs', 'resumeJobs', 'deleteJobs', 'retryJobs'])(
    'answers a failed %s as nothing changed, at any time, and logs it',
    async (plan) => {
      const { lines, log } = logged();
      const db = forgivingExecutor(failing, () => false, log);
      await expect(db.executeSql(plans[plan]!('pgboss'), [])).resolves.toEqual({ rows: [{ count: '0' }] });
      expect(lines).toEqual(['could not settle a job; it is retried once it expires']);
    },
  );

  it('passes any other failure on before the stop, and answers it empty once stopping', async () => {
    const { lines, log } = logged();
    let stopping = false;
    const db = forgivingExecutor(failing, () => stopping, log);
    await expect(db.executeSql(plans.insertJobs!('pgboss'), [])).rejects.toThrow('Connection terminated');
    stopping = true;
    await expect(db.executeSql(plans.insertJobs!('pgboss'), [])).resolves.toEqual({ rows: [] });
    expect(lines).toHaveLength(1);
  });

  it('hands back what the database answered', async () => {
    const answer = { rows: [{ count: '2' }] };
    const db = forgivingExecutor({ executeSql: () => Promise.resolve(answer) }, () => false, logged().log);
    await expect(db.executeSql(plans.completeJobs!('pgboss'), [])).resolves.toBe(answer);
  });
});
