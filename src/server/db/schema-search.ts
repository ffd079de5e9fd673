/** Search-term records of spec §3 / §7 "CRM and search tracking" (`POST /api/termeRecherche`), and their counts per day. */
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Each term as sent, kept a few days (`SEARCH_TERMS_KEPT_DAYS`), then only its day's count remains. */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: serial('id').primaryKey(),
    terme: text('terme').notNull(),
    source: text('source').notNull(),
    // Who sent it (user id, else guest id, else address).
    visitor: text('visitor').notNull(),
    // The client's address.
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_terms_created_idx').on(t.createdAt)],
);

/** How many times a term (trimmed, lower-cased) was searched on a day (UTC, which is Dakar's time). */
export const searchTermDays = pgTable(
  'search_term_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    terme: text('terme').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.terme] })],
);
