/** Search-term records of spec §3 / §7 "CRM and search tracking" (`POST /api/termeRecherche`). */
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const searchTerms = pgTable('search_terms', {
  id: serial('id').primaryKey(),
  terme: text('terme').notNull(),
  source: text('source').notNull(),
  // Who sent it (user id, else guest id, else address), for the per-visitor rate limit.
  visitor: text('visitor').notNull(),
  // The connection's address, for a looser cap that a visitor changing guest ids cannot dodge.
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('search_terms_visitor_idx').on(t.visitor, t.createdAt), index('search_terms_ip_idx').on(t.ip, t.createdAt)]);
