/** Limits kept in the database (rate-limiter-flexible's RateLimiterDrizzle), so every instance behind a load balancer counts together. */
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema-orders.ts';

/** Counts one try for `key`; resolves with 0 when allowed, else the seconds to wait. */
export type Limiter = (key: string) => Promise<number>;

/** At most `points` tries per `seconds` for each key, under the name `prefix`. */
export function databaseLimiter(db: Db, prefix: string, points: number, seconds: number): Limiter {
  const limiter = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: prefix, points, duration: seconds });
  return async (key) => {
    try {
      await limiter.consume(key);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  };
}
