import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { HttpError } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';

const WINDOW_SECONDS = 60;

const limiter = (redis: Redis | null, keyPrefix: string, points: number): RateLimiterAbstract =>
  redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points,
        duration: WINDOW_SECONDS,
        // Redis down: count in this process rather than refuse every send.
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS }),
      })
    : new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS });

const tooFast = (who: string, limit: number, result: RateLimiterRes) => {
  const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  return new HttpError(
    'RATE_LIMITED',
    `${who} sending faster than ${limit} messages a minute. Try again in ${seconds} seconds.`,
    { 'retry-after': String(seconds) },
  );
};

/**
 * Messages a person, and their whole company, may send by hand in a minute (shared by every
 * process through Redis when it is configured). A refused send stores nothing.
 */
export const createSendLimits = (
  redis: Redis | null,
  perMinute: { user: number; company: number },
) => {
  const perUser = limiter(redis, 'send-user', perMinute.user);
  const perCompany = limiter(redis, 'send-company', perMinute.company);
  const take = async (
    from: RateLimiterAbstract,
    key: string,
    refusal: (result: RateLimiterRes) => HttpError,
  ) => {
    try {
      await from.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw refusal(error);
      throw error;
    }
  };
  return {
    consume: async (principal: Pick<Principal, 'id' | 'companyId'>) => {
      await take(perUser, principal.id, (result) => tooFast('You are', perMinute.user, result));
      await take(perCompany, principal.companyId, (result) =>
        tooFast('Your company is', perMinute.company, result),
      );
    },
  };
};

export type SendLimits = ReturnType<typeof createSendLimits>;
