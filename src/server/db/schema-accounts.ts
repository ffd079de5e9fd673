/** Account tables of §7 "Users and authentication": one-time codes (hashed), avatars and delivery addresses; limits live in `rate_limits`. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users, cascadeTo } from './schema.ts';

/**
 * A one-time code, stored as an HMAC; at most one live code per user and purpose. `verify` and `reset` codes prove the
 * account's own e-mail or phone; `email` and `phone` codes prove a new value (`target`), which replaces the old one once confirmed.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: cascadeTo('user_id', () => users.id),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email', 'phone'] }).notNull(),
    target: text('target'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('otp_codes_user_idx').on(t.userId, t.purpose)],
);

/** A user's avatar as a small data URL. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dataUrl: text('data_url').notNull(),
});

/** A delivery address kept in the profile ("Mes adresses"): at most 5 per user, exactly one default when any exist. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: cascadeTo('user_id', () => users.id),
    label: text('label').notNull(),
    adresse: text('adresse').notNull(),
    /** Normalised like every phone (221, then 7, then 8 digits). */
    telephone: text('telephone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId, t.id),
    // The database keeps the "one default" half of the rule even if two writes race.
    uniqueIndex('user_addresses_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
