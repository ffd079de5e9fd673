/** Account tables of §7 "Users and authentication": one-time codes (hashed) and avatars; limits live in `rate_limits`. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A one-time code, stored as an HMAC; at most one live code per user and purpose. `verify` and `reset` codes prove the
 * account's own e-mail or phone; `email` and `phone` codes prove a new value (`target`), which replaces the old one once confirmed.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
