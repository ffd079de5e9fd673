/** Orders as the §7 order calls answer them: each read with its lines and tranches in one statement, whatever their number. */
import { and, desc, eq, getTableColumns, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Order, TrackedOrder } from '../../domain/orders.schema.ts';
import type { PricedLine } from '../../domain/orders.ts';
import type { Db } from '../db/client.ts';
import { imageUrl } from '../db/products.ts';
import { orderLines, orders, orderTranches } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';

/** A stored order row. */
export type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored line as the answer shows it, with the picture version of its product (null once the product is gone). */
export type LineRow = Omit<PricedLine, 'product_id'> & { product_id: number | null; imageVersion: string | null };

/** A stored tranche, as the answer needs it. */
export type TrancheRow = Omit<typeof orderTranches.$inferSelect, 'orderId'>;

/** §7: one stored order as the order calls answer it, from its row, its lines (in line order) and its tranches (by number). */
export function orderAnswer(o: OrderRow, lines: readonly LineRow[], tranches: readonly TrancheRow[]): Order {
  return {
    id: o.id,
    reference: o.reference,
    partner_id: o.userId,
    type_sale: o.typeSale,
    type_order: o.packId !== null ? 'pack' : null,
    payment_mode: o.paymentMode,
    payment_status: o.paymentStatus,
    state: o.state,
    amount_total: o.amountTotal,
    welcome_reduction: o.welcomeReduction,
    commitment_date: o.commitmentDate.toISOString(),
    date_order: o.createdAt.toISOString(),
    dates: { confirmed: iso(o.confirmedAt), shipped: iso(o.shippedAt), delivered: iso(o.deliveredAt), cancelled: iso(o.cancelledAt) },
    hold_until: iso(o.holdUntil),
    cancel_reason: o.cancelReason,
    name: o.name,
    email: o.email,
    telephone: o.telephone,
    adresse: o.adresse,
    order_lines: lines.map(({ imageVersion, ...l }) => ({ ...l, image: imageUrl(imageVersion, 256) })),
    tranches: tranches.map((t) => ({
      number: t.number,
      percent: t.percent,
      amount: t.amount,
      state: t.state,
      due_on: t.dueOn,
      paid_at: iso(t.paidAt),
      paid_via: t.paidVia,
    })),
    credit:
      o.typeSale === 'creditorder' && o.months !== null
        ? {
            months: o.months,
            shop_approved_at: iso(o.shopApprovedAt),
            parent_approved_at: iso(o.parentApprovedAt),
            parent_refusal: o.parentRefusal,
          }
        : null,
  };
}

// A line and a tranche as the statement below hands them over: JSON built by the database, read with the order's row.
type LineJson = Omit<LineRow, 'imageVersion'> & { image_version: string | null };
type TrancheJson = Omit<TrancheRow, 'paidAt'> & { paid_ms: number | null };

// Correlated on the order's id: evaluated once per order the statement answers, each an index read.
const linesJson = sql<LineJson[]>`(select coalesce(json_agg(json_build_object(
    'product_id', l.product_id, 'name', l.name, 'quantity', l.quantity, 'price_unit', l.price_unit,
    'price_subtotal', l.price_subtotal, 'image_version', p.image_version) order by l.id), '[]')
  from ${orderLines} l left join ${products} p on p.id = l.product_id where l.order_id = ${orders}.id)`;
// paid_at as whole milliseconds since the epoch: the precision the driver gives a timestamp, without parsing a text form.
const tranchesJson = sql<TrancheJson[]>`(select coalesce(json_agg(json_build_object(
    'number', t.number, 'percent', t.percent, 'amount', t.amount, 'state', t.state, 'dueOn', t.due_on,
    'paid_ms', floor(extract(epoch from t.paid_at) * 1000), 'paidVia', t.paid_via) order by t.number), '[]')
  from ${orderTranches} t where t.order_id = ${orders}.id)`;

const detailed = { ...getTableColumns(orders), lines: linesJson, tranches: tranchesJson };
type DetailedRow = OrderRow & { lines: LineJson[]; tranches: TrancheJson[] };

/** §7: a row of `ordersQuery` as the order calls answer it. */
export const answerOf = ({ lines, tranches, ...o }: DetailedRow): Order =>
  orderAnswer(
    o,
    lines.map(({ image_version, ...l }) => ({ ...l, imageVersion: image_version })),
    tranches.map(({ paid_ms, ...t }) => ({ ...t, paidAt: paid_ms === null ? null : new Date(paid_ms) })),
  );

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/**
 * The statement answering the orders matching `where`, newest first, each with its lines and tranches; with `page`, only
 * that slice. The slice is chosen by ids first, so lines and tranches are read for the orders answered, not those skipped.
 */
export function ordersQuery(db: Db, where: SQL | undefined, page?: { limit: number | Placeholder; offset: number | Placeholder }) {
  const chosen = page
    ? inArray(
        orders.id,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(where)
          .orderBy(...newestFirst)
          .limit(page.limit)
          .offset(page.offset),
      )
    : where;
  return db
    .select(detailed)
    .from(orders)
    .where(chosen)
    .orderBy(...newestFirst);
}

/** The orders matching `where` (one page of them with `page`), newest first, as the order calls answer them (§7). */
export async function readOrders(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<Order[]> {
  return (await ordersQuery(db, where, page)).map(answerOf);
}

/** One order by id, or null. */
export async function orderById(db: Db, id: number): Promise<Order | null> {
  const [order] = await readOrders(db, eq(orders.id, id));
  return order ?? null;
}

/** §7 `GET /api/commandes/{id}`: a user's orders, newest first, without those they removed from their list. */
export async function ordersOfUser(db: Db, userId: number): Promise<Order[]> {
  return readOrders(db, and(eq(orders.userId, userId), isNull(orders.hiddenAt)));
}

/** §7 `POST /api/tracking`: what a reference and its contact show, never who placed the order or where it goes. */
export function toTracked(order: Order): TrackedOrder {
  const { id: _id, partner_id: _p, name: _n, email: _e, telephone: _t, adresse: _a, ...shown } = order;
  return shown;
}
