/** Account tables of issue 5: one-time codes (hashed), their send log, login failures and avatars. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** A one-time code, stored as an HMAC; at most one live code per user and purpose. */
export const otpCodes = pgTable('otp_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [index('otp_codes_user_idx').on(t.userId, t.purpose)]);

/** Every code sent, for the per-account and per-phone send limits (kept when the account goes, for the phone's limit). */
export const otpSends = pgTable('otp_sends', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  phone: text('phone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [index('otp_sends_user_idx').on(t.userId, t.createdAt), index('otp_sends_phone_idx').on(t.phone, t.createdAt)]);

/** Failed logins, keyed by account (`u:<id>`) or by the unknown name tried, for throttling. */
export const loginFailures = pgTable('login_failures', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [index('login_failures_subject_idx').on(t.subject, t.createdAt)]);

/** A user's avatar as a small data URL. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  dataUrl: text('data_url').notNull(),
});
