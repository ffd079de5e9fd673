/** Limits kept in the database (rate-limiter-flexible's RateLimiterDrizzle), so every instance behind a load balancer counts together. */
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema-orders.ts';

/** Counts one try for `key`; resolves with 0 when allowed, else the seconds to wait. */
export type Limiter = (key: string) => Promise<number>;

// One limiter per database and name: routes built once for every app still count in each app's own database.
const made = new WeakMap<object, Map<string, Limiter>>();

/** At most `points` tries per `seconds` for each key, under the name `prefix`, counted in the `rate_limits` table of `db`. */
export function databaseLimiter(db: Db, prefix: string, points: number, seconds: number): Limiter {
  let byName = made.get(db);
  if (!byName) {
    byName = new Map();
    made.set(db, byName);
  }
  const name = `${prefix}:${points}/${seconds}`;
  const found = byName.get(name);
  if (found) return found;
  // Ended windows are swept by the retention job (accounts/retention.ts), not by a timer per limiter.
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: prefix,
    points,
    duration: seconds,
    clearExpiredByTimeout: false,
  });
  const consume: Limiter = async (key) => {
    try {
      await limiter.consume(key);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  };
  byName.set(name, consume);
  return consume;
}
