/** Moves along the §4 state machine (cancel, confirm, ship, deliver) and removal from a shopper's list, one locked row at a time. */
import { asc, eq, sql } from 'drizzle-orm';
import { hideRefusal, moveRefusal, type OrderState, type PaymentStatus } from '../../domain/orders.ts';
import type { Db } from '../db/client.ts';
import { orderLines, orders } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';
import type { OrderRow } from './read.ts';
import { OrderRefusal, retrying } from './refusal.ts';

/** Who may act on a row: the owner or an admin for shoppers' calls, anyone for the admin's. */
export type MayAct = (row: OrderRow) => boolean;

/** The French 404 of every order an id does not give the caller. */
export const ORDER_NOT_FOUND = 'Commande introuvable.';

const stampOf: Partial<Record<OrderState, 'confirmedAt' | 'shippedAt' | 'deliveredAt' | 'cancelledAt'>> = {
  confirmed: 'confirmedAt', shipped: 'shippedAt', delivered: 'deliveredAt', cancel: 'cancelledAt',
};

/** Locks the order row; 404 when it is not there or not the caller's. */
async function lockOrder(tx: Db, id: number, mayAct: MayAct): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row || !mayAct(row)) throw new OrderRefusal(404, ORDER_NOT_FOUND);
  return row;
}

/** Moves an order to `to`; a cancellation gives its stock back, exactly once even when two arrive together. */
export async function moveOrder(db: Db, id: number, to: OrderState, mayAct: MayAct, now: Date): Promise<void> {
  await retrying(() => db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, mayAct);
    const refusal = moveRefusal(row.state, to);
    if (refusal) throw new OrderRefusal(409, refusal, { state: row.state });
    const stamp = stampOf[to];
    await tx.update(orders).set({ state: to, updatedAt: now, ...(stamp ? { [stamp]: now } : {}) }).where(eq(orders.id, id));
    if (to !== 'cancel' || !row.stockTaken) return;
    const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines)
      .where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.productId));
    for (const l of lines) {
      if (l.productId === null) continue;
      await tx.update(products).set({ quantity: sql`${products.quantity} + ${l.quantity}`, updatedAt: now }).where(eq(products.id, l.productId));
    }
  }));
}

/** Takes a cancelled order off its shopper's list; the row itself stays. */
export async function hideOrder(db: Db, id: number, mayAct: MayAct, now: Date): Promise<void> {
  await retrying(() => db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, mayAct);
    const refusal = hideRefusal(row.state);
    if (refusal) throw new OrderRefusal(409, refusal, { state: row.state });
    if (!row.hiddenAt) await tx.update(orders).set({ hiddenAt: now, updatedAt: now }).where(eq(orders.id, id));
  }));
}

/** Records where an order's payment stands (admins: cash received on delivery, a provider's answer read by hand). */
export async function setPaymentStatus(db: Db, id: number, status: PaymentStatus, now: Date): Promise<void> {
  const [row] = await db.update(orders).set({ paymentStatus: status, updatedAt: now }).where(eq(orders.id, id)).returning({ id: orders.id });
  if (!row) throw new OrderRefusal(404, ORDER_NOT_FOUND);
}
