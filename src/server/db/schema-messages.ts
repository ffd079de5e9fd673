/** The message outbox (§7 "Users and authentication": codes, confirmations, notices): every e-mail and SMS is a row until sent. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The channels a message goes out on (§7). */
export const messageChannels = ['email', 'sms'] as const;
/** §7 messages: where a message is: waiting its turn, taken by a worker, delivered to its channel, or given up after its last attempt. */
export const messageStates = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * One message to send. A `sending` row's `next_attempt_at` is when its worker's claim lapses (a crashed worker's row is
 * taken again then); `text` is cleared once sent, and rows are deleted by the retention sweep (accounts/retention.ts).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    recipient: text('recipient').notNull(),
    /** E-mails only. */
    subject: text('subject'),
    /** The body; null once sent (it may hold a one-time code). */
    text: text('text'),
    state: text('state', { enum: messageStates }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Why the last attempt failed (the channel's answer, never the message). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_messages_due_idx').on(t.state, t.nextAttemptAt)],
);
