/** Orders as the §7 order calls answer them: one query per table, whatever the number of orders. */
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Order, TrackedOrder } from '../../domain/orders.schema.ts';
import type { Db } from '../db/client.ts';
import { imageUrl } from '../db/products.ts';
import { orderLines, orders, orderTranches } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';

/** A stored order row. */
export type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored line as the answer shows it, with the picture version of its product (null once the product is gone). */
export interface LineRow {
  orderId: number;
  product_id: number | null;
  name: string;
  quantity: number;
  price_unit: number;
  price_subtotal: number;
  imageVersion: string | null;
}

/** A stored tranche row. */
export type TrancheRow = typeof orderTranches.$inferSelect;

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
    order_lines: lines.map(({ orderId: _o, imageVersion, ...l }) => ({ ...l, image: imageUrl(imageVersion, 256) })),
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

/** Loads the lines and tranches of `rows` and answers them in the same order. */
export async function toOrders(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines: LineRow[] = await db
    .select({
      orderId: orderLines.orderId,
      product_id: orderLines.productId,
      name: orderLines.name,
      quantity: orderLines.quantity,
      price_unit: orderLines.priceUnit,
      price_subtotal: orderLines.priceSubtotal,
      imageVersion: products.imageVersion,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.id));
  const tranches = await db.select().from(orderTranches).where(inArray(orderTranches.orderId, ids)).orderBy(asc(orderTranches.number));
  return rows.map((o) =>
    orderAnswer(
      o,
      lines.filter((l) => l.orderId === o.id),
      tranches.filter((t) => t.orderId === o.id),
    ),
  );
}

async function ordersWhere(db: Db, where: SQL | undefined): Promise<Order[]> {
  return toOrders(db, await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)));
}

/** One order by id, or null. */
export async function orderById(db: Db, id: number): Promise<Order | null> {
  const [order] = await ordersWhere(db, eq(orders.id, id));
  return order ?? null;
}

/** §7 `GET /api/commandes/{id}`: a user's orders, newest first, without those they removed from their list. */
export async function ordersOfUser(db: Db, userId: number): Promise<Order[]> {
  return ordersWhere(db, and(eq(orders.userId, userId), isNull(orders.hiddenAt)));
}

/** §7 `POST /api/tracking`: what a reference and its contact show, never who placed the order or where it goes. */
export function toTracked(order: Order): TrackedOrder {
  const { id: _id, partner_id: _p, name: _n, email: _e, telephone: _t, adresse: _a, ...shown } = order;
  return shown;
}
