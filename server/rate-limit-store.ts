/**
 * A rate-limit store shared by every server process on one PostgreSQL (decision
 * 015): an express-rate-limit `Store` over rate-limiter-flexible's RateLimiterDrizzle, which
 * counts in the `rate_limits` table with one atomic upsert per request. While the database is
 * away, counting continues in this process's memory (rate-limiter-flexible's insurance
 * limiter), so a client is still limited and nobody is refused for the outage itself.
 */
import type { IncrementResponse, Store } from "express-rate-limit";
import { RateLimiterDrizzle, RateLimiterMemory, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema/rate-limits";

const answer = (res: RateLimiterRes): IncrementResponse => ({
  totalHits: res.consumedPoints,
  resetTime: new Date(Date.now() + Math.max(res.msBeforeNext, 0)),
});

/**
 * `name` prefixes the keys (one store per tier); `windowMs` is the tier's window in ms and
 * `limit` its requests per window. `getDb` is asked on first use and again after a failure.
 * Never throws: a failing database falls back to counting in memory.
 */
export function sharedRateLimitStore(options: { name: string; windowMs: number; limit: number; getDb: () => Promise<Database> }): Store {
  const duration = Math.ceil(options.windowMs / 1000);
  const insurance = new RateLimiterMemory({ keyPrefix: options.name, points: options.limit, duration });
  let shared: Promise<RateLimiterAbstract> | undefined;
  const limiter = (): Promise<RateLimiterAbstract> => {
    shared ??= options
      .getDb()
      .then((db) => new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: options.name, points: options.limit, duration, insuranceLimiter: insurance }) as RateLimiterAbstract)
      .catch(() => {
        shared = undefined;
        return insurance;
      });
    return shared;
  };
  return {
    prefix: options.name,
    localKeys: false,
    // penalty() adds a hit without refusing: express-rate-limit compares the count with the limit.
    async increment(key) {
      try {
        return answer(await (await limiter()).penalty(key, 1));
      } catch {
        return answer(await insurance.penalty(key, 1));
      }
    },
    async decrement(key) {
      await (await limiter()).reward(key, 1).catch(() => undefined);
    },
    async resetKey(key) {
      await (await limiter()).delete(key).catch(() => undefined);
    },
  };
}
