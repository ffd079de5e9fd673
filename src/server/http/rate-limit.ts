/** Limits kept in the database (rate-limiter-flexible's RateLimiterDrizzle), so every instance behind a load balancer counts together. */
import { routePath } from 'hono/route';
import { rateLimited } from '../observe/metrics.ts';
import type { Context } from 'hono';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema-orders.ts';

/** Counts one try for `key`; resolves with 0 when allowed, else the seconds to wait. */
export type Limiter = (key: string) => Promise<number>;

// One limiter per database (or transaction) and name: routes built once for every app still count in each app's own database.
const made = new WeakMap<object, Map<string, RateLimiterDrizzle>>();

/** At most `points` tries per `seconds` for each key, under the name `keyPrefix`, counted in the `rate_limits` table of `db`. */
export function drizzleLimiter(db: Db, keyPrefix: string, points: number, seconds: number): RateLimiterDrizzle {
  let byName = made.get(db);
  if (!byName) {
    byName = new Map();
    made.set(db, byName);
  }
  const name = `${keyPrefix}:${points}/${seconds}`;
  let found = byName.get(name);
  if (!found) {
    // Ended windows are swept by the retention job (accounts/retention.ts), not by a timer per limiter.
    found = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration: seconds,
      clearExpiredByTimeout: false,
    });
    byName.set(name, found);
  }
  return found;
}

/** Counts one try of `key` on `limiter`: 0 when allowed, else the seconds to wait. */
export async function consume(limiter: RateLimiterDrizzle, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw err;
  }
}

/** At most `points` tries per `seconds` for each key, under the name `prefix`, counted in the `rate_limits` table of `db`. */
export function databaseLimiter(db: Db, prefix: string, points: number, seconds: number): Limiter {
  const limiter = drizzleLimiter(db, prefix, points, seconds);
  return (key) => consume(limiter, key);
}

/** The 429 answer: `message`, and `Retry-After` set to `wait` seconds. */
export function tooMany(c: Context, wait: number, message: string) {
  c.header('Retry-After', String(wait));
  rateLimited.inc({ route: routePath(c) });
  return c.json({ message }, 429);
}
