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
  /**
   * The connections to the shared Redis when REDIS_URL is set (counters, and the live updates'
   * publisher and subscriber); none: nothing to check.
   */
  redis: Pick<Redis, 'ping'>[];
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

/**
 * Every connection answers PING. A subscriber answers `['pong', '']`, after the subscriptions it
 * sent on reconnecting (one connection answers in order): so once ready, live updates cross again.
 */
const checkRedis = async (connections: Pick<Redis, 'ping'>[]) => {
  for (const redis of connections) {
    const answer: unknown = await withTimeout(redis.ping(), 'Redis');
    const pong = Array.isArray(answer) ? String(answer[0]).toUpperCase() : answer;
    if (pong !== 'PONG') throw new Error(`Redis answered ${String(answer)} to PING`);
  }
};

/** Whether this process can do its work: database migrated, job queue running, Redis reachable. */
export const checkDependencies = async (deps: ReadinessDeps): Promise<Readiness> => {
  const checks: [string, Promise<string | undefined>][] = [
    [
      'database',
      checkReadiness(deps.database).then((result) => (result.ready ? undefined : result.reason)),
    ],
    ['queue', checkQueue(deps).then(() => undefined)],
    ...(deps.redis.length > 0
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
