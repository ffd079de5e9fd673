/** CRM tables (§3 "CRM record", §7 "CRM and search tracking"): one record per guest and collection type, upserted on every change. */
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** §3 CRM record; `total` and each line's `prix` are the server's own prices, not the client's. */
export const crmRecords = pgTable(
  'crm_records',
  {
    id: serial('id').primaryKey(),
    guestId: text('guest_id').notNull(),
    type: text('type', { enum: ['commande', 'precommande', 'acredit'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    phone: text('phone'),
    email: text('email'),
    location: jsonb('location'),
    localisation: text('localisation').notNull().default(''),
    total: bigint('total', { mode: 'number' }).notNull(),
    date: text('date').notNull(),
    produits: jsonb('produits').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_records_guest_type_key').on(t.guestId, t.type),
    // Carts left: a range of updated_at, with the shopper's id in the index to look for an order since (0020).
    index('crm_records_updated_idx').on(t.updatedAt, t.userId),
    // The back office's pages of one type, newest first.
    index('crm_records_type_updated_idx').on(t.type, t.updatedAt),
  ],
);
