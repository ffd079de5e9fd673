/** Order tables of spec §7 "Orders": orders, their lines and pre-order tranches, idempotency keys, shared rate limits. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { packs, products, users, cascadeTo } from './schema.ts';

/** An order. Rows are never deleted: `hidden_at` only takes a cancelled order off its shopper's list. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    typeSale: text('type_sale', { enum: ['order', 'preorder', 'creditorder'] }).notNull(),
    packId: integer('pack_id').references(() => packs.id, { onDelete: 'set null' }),
    paymentMode: text('payment_mode', { enum: ['domicile', 'online'] }).notNull(),
    /** Where the money stands; its moves are the machine of src/domain/payments.ts. */
    paymentStatus: text('payment_status', {
      enum: ['unpaid', 'pending', 'paid', 'failed', 'cancelled', 'refund_due', 'refunded'],
    }).notNull(),
    state: text('state', { enum: ['sale', 'confirmed', 'shipped', 'delivered', 'cancel'] }).notNull(),
    amountTotal: bigint('amount_total', { mode: 'number' }).notNull(),
    /** The welcome offer taken off this order's lines (src/domain/welcome.ts); `amount_total` is already reduced. */
    welcomeReduction: integer('welcome_reduction').notNull().default(0),
    /** Whether creating the order took stock (pre-orders do not); cancelling gives it back once. */
    stockTaken: boolean('stock_taken').notNull(),
    commitmentDate: timestamp('commitment_date', { withTimezone: true }).notNull(),
    name: text('name'),
    email: text('email'),
    telephone: text('telephone'),
    adresse: text('adresse'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When the stock this order took is given back unless it is paid or confirmed first (src/domain/holds.ts); null when it holds none. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** Who or what cancelled it: its shopper, the retailer, or the end of its hold. */
    cancelReason: text('cancel_reason', { enum: ['shopper', 'retailer', 'hold_expired', 'parent'] }),
    /** A credit order's number of monthly instalments, chosen at checkout among the retailer's terms (src/domain/schedule.ts). */
    months: smallint('months'),
    /** A credit order's parent account when it was placed: the one that must approve it (§6). */
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the shop and the parent account approved a credit order; it is confirmed once both have. */
    shopApprovedAt: timestamp('shop_approved_at', { withTimezone: true }),
    parentApprovedAt: timestamp('parent_approved_at', { withTimezone: true }),
    /** Why the parent account refused a credit order (French, shown to the member). */
    parentRefusal: text('parent_refusal'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_state_idx').on(t.state, t.createdAt),
    index('orders_hold_idx').on(t.holdUntil).where(sql`${t.holdUntil} IS NOT NULL`),
    index('orders_parent_idx').on(t.parentId, t.createdAt).where(sql`${t.parentId} IS NOT NULL`),
    // The back office's default page (newest first) and the dashboard's day ranges.
    // (read backwards: ORDER BY created_at DESC, id DESC).
    index('orders_created_idx').on(t.createdAt, t.id),
    // The back office's searches, one index per kind of query (src/server/admin/orders-list.ts).
    index('orders_telephone_idx').on(t.telephone),
    index('orders_telephone_trgm_idx').using('gin', sql`${t.telephone} gin_trgm_ops`),
    index('orders_name_trgm_idx').using('gin', sql`search_fold(${t.name}) gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('orders_refund_due_idx').on(t.createdAt).where(sql`${t.paymentStatus} = 'refund_due'`),
  ],
);

/**
 * The dashboard's figures (§7 back office) per UTC day of an order's placing and slot (its id mod 64), kept by the triggers
 * of migration 0020 in the transaction that writes the order: orders not cancelled and their revenue, orders waiting
 * (sale, confirmed) and refunds due. A day's figure is the sum of its slots.
 */
export const orderDayTallies = pgTable(
  'order_day_tallies',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
    refundsDue: integer('refunds_due').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.slot] }),
    index('order_day_tallies_open_idx').on(t.day).where(sql`${t.waiting} <> 0 OR ${t.refundsDue} <> 0`),
  ],
);

/**
 * The dashboard's stock alerts (§7 back office) per slot (a product's id mod 64), kept by the triggers of migration 0020:
 * products for sale with no stock, and with 1 to LOW_STOCK (3) units. The shop's figure is the sum of the slots.
 */
export const productStockTallies = pgTable('product_stock_tallies', {
  slot: smallint('slot').primaryKey(),
  outOfStock: integer('out_of_stock').notNull().default(0),
  lowStock: integer('low_stock').notNull().default(0),
});

/** A line, priced by the server; the name is kept as sold even if the product changes later. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: cascadeTo('order_id', () => orders.id),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    priceUnit: bigint('price_unit', { mode: 'number' }).notNull(),
    priceSubtotal: bigint('price_subtotal', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_product_idx').on(t.productId)],
);

/**
 * An instalment of an order's schedule (src/domain/schedule.ts): a pre-order's tranche (§4: 30 %, 30 %, 40 %) or a credit
 * order's monthly instalment (`percent` null). Paid online through a payment session naming it, or recorded by an admin.
 */
export const orderTranches = pgTable(
  'order_tranches',
  {
    orderId: cascadeTo('order_id', () => orders.id),
    number: smallint('number').notNull(),
    percent: smallint('percent'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: text('state', { enum: ['due', 'paid'] })
      .notNull()
      .default('due'),
    /** The day it falls due (Dakar time is UTC); null for a pre-order's last tranche, paid at delivery. */
    dueOn: date('due_on', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How it was paid: online (`wave`, `orange`) or recorded by an admin (`cash`, `payroll` deduction through the parent account). */
    paidVia: text('paid_via', { enum: ['wave', 'orange', 'cash', 'payroll'] }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.number] }), index('order_tranches_due_idx').on(t.dueOn).where(sql`${t.state} = 'due'`)],
);

/** An `Idempotency-Key` already answered: who sent it, a hash of what it carried, the order it made. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Counters of rate-limiter-flexible (RateLimiterDrizzle): one row per key, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
