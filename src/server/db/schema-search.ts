/** Search-term records of spec §3 / §7 "CRM and search tracking" (`POST /api/termeRecherche`). */
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const searchTerms = pgTable('search_terms', {
  id: serial('id').primaryKey(),
  terme: text('terme').notNull(),
  source: text('source').notNull(),
  // Who sent it (user id, guest id or address), for the per-visitor rate limit.
  visitor: text('visitor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('search_terms_visitor_idx').on(t.visitor, t.createdAt)]);
