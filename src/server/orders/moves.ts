/** Moves along the §4 state machine (cancel, confirm, ship, deliver) and removal from a shopper's list, one locked row at a time. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { hideRefusal, moveRefusal, type OrderState, type PaymentStatus } from '../../domain/orders.ts';
import { audit } from '../admin/audit.ts';
import type { Principal } from '../context.ts';
import type { Db } from '../db/client.ts';
import { orderLines, orders, orderTranches } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';
import type { OrderRow } from './read.ts';
import { OrderRefusal, retrying } from './refusal.ts';

/** Who acts: an admin may act on any order, a shopper on their own only. */
export type Actor = Pick<Principal, 'id' | 'role'>;

/** The French 404 of every order an id does not give the caller. */
export const ORDER_NOT_FOUND = 'Commande introuvable.';

const stampOf: Partial<Record<OrderState, 'confirmedAt' | 'shippedAt' | 'deliveredAt' | 'cancelledAt'>> = {
  confirmed: 'confirmedAt', shipped: 'shippedAt', delivered: 'deliveredAt', cancel: 'cancelledAt',
};

/** Locks the order row; 404 when it is not there or not the actor's. */
async function lockOrder(tx: Db, id: number, actor: Actor): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row || (actor.role !== 'admin' && row.userId !== actor.id)) throw new OrderRefusal(404, ORDER_NOT_FOUND);
  return row;
}

/** Moves an order to `to`; a cancellation gives its stock back, exactly once even when two arrive together. */
export async function moveOrder(db: Db, id: number, to: OrderState, actor: Actor, now: Date): Promise<void> {
  await retrying(() => db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, actor);
    const refusal = moveRefusal(row.state, to);
    if (refusal) throw new OrderRefusal(409, refusal, { state: row.state });
    const stamp = stampOf[to];
    await tx.update(orders).set({ state: to, updatedAt: now, ...(stamp ? { [stamp]: now } : {}) }).where(eq(orders.id, id));
    await audit(tx, { userId: actor.id, entity: 'order', entityId: id, action: 'state', changes: { state: [row.state, to] } }, now);
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
export async function hideOrder(db: Db, id: number, actor: Actor, now: Date): Promise<void> {
  await retrying(() => db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, actor);
    const refusal = hideRefusal(row.state);
    if (refusal) throw new OrderRefusal(409, refusal, { state: row.state });
    if (!row.hiddenAt) await tx.update(orders).set({ hiddenAt: now, updatedAt: now }).where(eq(orders.id, id));
  }));
}

/** Records where an order's payment stands (admins: cash received on delivery, a provider's answer read by hand). */
export async function setPaymentStatus(db: Db, id: number, status: PaymentStatus, actor: Actor, now: Date): Promise<void> {
  await retrying(() => db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, actor);
    if (row.paymentStatus === status) return;
    await tx.update(orders).set({ paymentStatus: status, updatedAt: now }).where(eq(orders.id, id));
    await audit(tx, { userId: actor.id, entity: 'order', entityId: id, action: 'payment', changes: { payment_status: [row.paymentStatus, status] } }, now);
  }));
}

/** Records a pre-order tranche as paid (or due again, to undo a mistake). */
export async function setTrancheState(db: Db, id: number, number: number, state: 'due' | 'paid', actor: Actor, now: Date): Promise<void> {
  await retrying(() => db.transaction(async (tx) => {
    await lockOrder(tx, id, actor);
    const [t] = await tx.select().from(orderTranches).where(and(eq(orderTranches.orderId, id), eq(orderTranches.number, number)));
    if (!t) throw new OrderRefusal(404, 'Cette commande n’a pas de tranche ' + number + '.');
    if (t.state === state) return;
    await tx.update(orderTranches).set({ state }).where(and(eq(orderTranches.orderId, id), eq(orderTranches.number, number)));
    await audit(tx, { userId: actor.id, entity: 'order', entityId: id, action: 'tranche', changes: { [`tranche_${number}`]: [t.state, state] } }, now);
  }));
}
