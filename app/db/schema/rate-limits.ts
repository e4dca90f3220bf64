/**
 * Rate-limit counters shared by every server process (server/rate-limit-store.ts):
 * one row per tier and client key, in the layout rate-limiter-flexible's RateLimiterDrizzle
 * reads and writes (key, points, expire).
 */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);
