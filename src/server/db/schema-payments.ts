/** Online payment tables (§2 `/payment-state`): one checkout session per attempt at a provider, and each provider event handled once. */
import { bigint, boolean, index, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeTo } from './schema.ts';
import { orders } from './schema-orders.ts';

/** A checkout session opened at a provider for an order; the amount is the order's total when it was opened, never changed. */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: serial('id').primaryKey(),
    orderId: cascadeTo('order_id', () => orders.id),
    /** `wave`, `orange` (Orange Money), or `demo` / `demo-orange` (their built-in test providers). */
    provider: text('provider', { enum: ['wave', 'demo', 'orange', 'demo-orange'] }).notNull(),
    /** The provider's id (`cos-…` at Wave, the `pay_token` at Orange Money); null while the creation call has not answered. */
    providerId: text('provider_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Set when the session pays one instalment of the order's schedule (order_tranches.number), not the order's total. */
    trancheNumber: smallint('tranche_number'),
    currency: text('currency').notNull(),
    /** `creating` (call under way or failed), `open`, `paid`, `failed` (payment refused), `expired` (abandoned). */
    status: text('status', { enum: ['creating', 'open', 'paid', 'failed', 'expired'] }).notNull(),
    launchUrl: text('launch_url'),
    transactionId: text('transaction_id'),
    /** Paid while the order was already paid by another session, or cancelled: the money goes back to the shopper. */
    refundDue: boolean('refund_due').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_sessions_order_idx').on(t.orderId),
    index('payment_sessions_status_idx').on(t.status, t.createdAt),
    uniqueIndex('payment_sessions_provider_key').on(t.provider, t.providerId),
  ],
);

/** A provider event already handled (webhooks are delivered at least once): the second copy changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /**
     * What it did: `paid`, `failed`, `cancelled`, `refund_due`, `unchanged`, `ignored`, or `mismatch` (an Orange Money
     * notification whose amount or order did not match: kept, nothing paid; Wave's refused events are not kept). A row of
     * type `notif_token` is no event but the SHA-256 of an Orange Money session's notif_token (in `event_id`), its
     * `outcome` naming the session (`session:<id>`): the one place a notification is checked against.
     */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
