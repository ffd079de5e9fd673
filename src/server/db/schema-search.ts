/** Search-term records of spec §3 / §7 "CRM and search tracking" (`POST /api/termeRecherche`), and their counts per day. */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/** A count per day (UTC, which is Dakar's time) and term (trimmed, lower-cased). */
const countsPerDayAndTerm = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      day: date('day', { mode: 'string' }).notNull(),
      terme: text('terme').notNull(),
      count: integer('count').notNull(),
    },
    (t) => [primaryKey({ columns: [t.day, t.terme] })],
  );

/** How many times a term was searched on a day. */
export const searchTermDays = countsPerDayAndTerm('search_term_days');

/**
 * Words shoppers use (§9 search) and the catalogue's word for them, edited in the back office: a search for `word` also
 * finds `meaning`. Kept as the retailer wrote them; one meaning per word, accents and case aside.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    meaning: text('meaning').notNull(),
  },
  (t) => [uniqueIndex('search_synonyms_word_key').on(sql`search_fold(${t.word})`)],
);

/** How many searches and suggestions found no product, per day and term, for "Suivi clients". */
export const searchMissDays = countsPerDayAndTerm('search_miss_days');
