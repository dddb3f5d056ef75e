import type { Redis } from 'ioredis';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.js';
import { checkReadiness } from '../../db/migrate.js';

/** How long one dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessDeps = {
  database: Database;
  queue: Pick<PgBoss, 'getQueues'>;
  /** False once the queue has stopped (shutting down): it takes no more jobs. */
  queueRunning: () => boolean;
  /** The shared Redis when REDIS_URL is set; null: nothing to check. */
  redis: Pick<Redis, 'ping'> | null;
};

export type Readiness = { ready: true } | { ready: false; failed: string[]; reason: string };

const withTimeout = <T>(work: Promise<T>, what: string) =>
  Promise.race([
    work,
    new Promise<never>((_resolve, reject) =>
      setTimeout(
        () => reject(new Error(`${what} did not answer in ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

const checkQueue = async (deps: ReadinessDeps) => {
  if (!deps.queueRunning()) throw new Error('the job queue has stopped');
  await withTimeout(deps.queue.getQueues(), 'the job queue');
};

const checkRedis = async (redis: Pick<Redis, 'ping'>) => {
  const answer = await withTimeout(redis.ping(), 'Redis');
  if (answer !== 'PONG') throw new Error(`Redis answered ${answer} to PING`);
};

/** Whether this process can do its work: database migrated, job queue running, Redis reachable. */
export const checkDependencies = async (deps: ReadinessDeps): Promise<Readiness> => {
  const checks: [string, Promise<string | undefined>][] = [
    [
      'database',
      checkReadiness(deps.database).then((result) => (result.ready ? undefined : result.reason)),
    ],
    ['queue', checkQueue(deps).then(() => undefined)],
    ...(deps.redis
      ? [['redis', checkRedis(deps.redis).then(() => undefined)] as [string, Promise<undefined>]]
      : []),
  ];
  const problems = await Promise.all(
    checks.map(async ([name, check]) => {
      const problem = await check.catch((error: Error) => error.message);
      return problem === undefined ? undefined : { name, problem };
    }),
  );
  const failed = problems.filter((found) => found !== undefined);
  if (failed.length === 0) return { ready: true };
  return {
    ready: false,
    failed: failed.map((found) => found.name),
    reason: failed.map((found) => `${found.name}: ${found.problem}`).join('; '),
  };
};
