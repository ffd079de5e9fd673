/** Moves along the §4 state machine (cancel, confirm, ship, deliver), payment moves (src/domain/payments.ts) and removal from a shopper's list, one locked row at a time. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { approvalOutcome, parentRefusalRefusal, type Approvals, type Approver } from '../../domain/credit-approval.ts';
import { holdAfterChange, holdEnd } from '../../domain/holds.ts';
import { hideRefusal, moveRefusal, type CancelReason, type OrderState, type PaymentStatus } from '../../domain/orders.ts';
import { adminTrancheMove, paymentOnCancelWithInstalments, paysByInstalments } from '../../domain/instalment-payments.ts';
import { paymentMoveRefusal, paymentOnCancel } from '../../domain/payments.ts';
import { audit } from '../admin/audit.ts';
import type { Principal } from '../context.ts';
import type { Db } from '../db/client.ts';
import { orderLines, orders, orderTranches } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';
import type { OrderRow } from './read.ts';
import { OrderRefusal, retrying } from './refusal.ts';

/** Who acts: an admin may act on any order, a shopper on their own only; the shop itself (a hold that ended) has no id. */
export type Actor = Pick<Principal, 'id' | 'role'> | { id: null; role: 'system' };

/** The French 404 of every order an id does not give the caller. */
export const ORDER_NOT_FOUND = 'Commande introuvable.';

const stampOf: Partial<Record<OrderState, 'confirmedAt' | 'shippedAt' | 'deliveredAt' | 'cancelledAt'>> = {
  confirmed: 'confirmedAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancel: 'cancelledAt',
};

/** Locks the order row; 404 when it is not there or not the actor's. */
async function lockOrder(tx: Db, id: number, actor: Actor): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row || (actor.role === 'customer' && row.userId !== actor.id)) throw new OrderRefusal(404, ORDER_NOT_FOUND);
  return row;
}

/** The hold an order keeps after a change (src/domain/holds.ts), from its row as it will be; `sessionEnds` when a checkout session was opened. */
export const holdOf = (next: OrderRow, sessionEnds?: Date | null): Date | null =>
  holdAfterChange({ ...next, guest: next.userId === null }, next.holdUntil, sessionEnds);

/** Where an order's payment goes: its mode and status. */
type PaymentWrite = Pick<OrderRow, 'paymentMode' | 'paymentStatus'>;

/**
 * Writes an order's payment mode and status in `tx` (its row locked), with the hold that follows them (src/domain/holds.ts),
 * and journals the move as `userId`'s (null: a shopper or the provider) with `changes`.
 */
export async function writePayment(
  tx: Db,
  row: OrderRow,
  to: PaymentWrite,
  journal: { userId: number | null; changes: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...to, holdUntil: holdOf({ ...row, ...to }), updatedAt: now })
    .where(eq(orders.id, row.id));
  await audit(tx, { userId: journal.userId, entity: 'order', entityId: row.id, action: 'payment', changes: journal.changes }, now);
}

/** Whether an order still waits for payment or confirmation with stock taken. */
const waits = (row: OrderRow) => holdEnd({ ...row, guest: row.userId === null }) !== null;

/** Gives back the stock a cancelled order took, in product id order (the order placement's lock order). */
async function giveStockBack(tx: Db, id: number, now: Date): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.productId));
  for (const l of lines) {
    if (l.productId === null) continue;
    await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${l.quantity}`, updatedAt: now })
      .where(eq(products.id, l.productId));
  }
}

/** The payment status a locked order takes when cancelled: instalments already paid are owed back (src/domain/instalment-payments.ts). */
async function cancelledPayment(tx: Db, row: OrderRow): Promise<PaymentStatus> {
  if (!paysByInstalments(row.typeSale)) return paymentOnCancel(row.paymentStatus);
  const [paid] = await tx
    .select({ n: count() })
    .from(orderTranches)
    .where(and(eq(orderTranches.orderId, row.id), eq(orderTranches.state, 'paid')));
  return paymentOnCancelWithInstalments(row.paymentStatus, paid?.n ?? 0);
}

/** Moves a locked order to `to`: its stamp, hold and payment follow; a cancellation gives the stock back once (`reason` names who cancelled, else the actor says). */
async function moveLocked(tx: Db, row: OrderRow, to: OrderState, actor: Actor, now: Date, reason?: CancelReason): Promise<void> {
  const refusal = moveRefusal(row.state, to);
  if (refusal) throw new OrderRefusal(409, refusal, { state: row.state });
  const stamp = stampOf[to];
  const paymentStatus: PaymentStatus = to === 'cancel' ? await cancelledPayment(tx, row) : row.paymentStatus;
  const cancelReason =
    to !== 'cancel'
      ? null
      : reason
        ? reason
        : actor.role === 'system'
          ? ('hold_expired' as const)
          : actor.role === 'admin' && row.userId !== actor.id
            ? ('retailer' as const)
            : ('shopper' as const);
  const next = { ...row, state: to, paymentStatus };
  await tx
    .update(orders)
    .set({
      state: to,
      paymentStatus,
      holdUntil: holdOf(next),
      updatedAt: now,
      ...(stamp ? { [stamp]: now } : {}),
      ...(cancelReason ? { cancelReason } : {}),
    })
    .where(eq(orders.id, row.id));
  const changes: Record<string, unknown> = { state: [row.state, to] };
  if (paymentStatus !== row.paymentStatus) changes.payment_status = [row.paymentStatus, paymentStatus];
  if (cancelReason) changes.cancel_reason = cancelReason;
  await audit(tx, { userId: actor.id, entity: 'order', entityId: row.id, action: 'state', changes }, now);
  if (to === 'cancel' && row.stockTaken) await giveStockBack(tx, row.id, now);
}

/** Whether an order is a credit order that waits for its two approvals before it is confirmed (src/domain/credit-approval.ts). */
export const needsApprovals = (row: Pick<OrderRow, 'typeSale' | 'months'>): boolean =>
  row.typeSale === 'creditorder' && row.months !== null;

/** A credit order row's approvals, as the domain reads them. */
export const approvalsOf = (row: OrderRow): Approvals => ({
  shop_approved_at: row.shopApprovedAt?.toISOString() ?? null,
  parent_approved_at: row.parentApprovedAt?.toISOString() ?? null,
  parent_refusal: row.parentRefusal,
});

/** What an approval did: `changed` when it was new, `confirmed` when it was the second and confirmed the order. */
export interface ApprovalDone {
  changed: boolean;
  confirmed: boolean;
}

/** Records `by`'s approval of a locked credit order; the second approval confirms it (src/domain/credit-approval.ts). */
async function approveLocked(tx: Db, row: OrderRow, by: Approver, actor: Actor, now: Date): Promise<ApprovalDone> {
  const outcome = approvalOutcome(row.state, approvalsOf(row), by);
  if (outcome.kind === 'refused') throw new OrderRefusal(409, outcome.message, { state: row.state });
  if (outcome.kind === 'already') return { changed: false, confirmed: false };
  const stamp = by === 'shop' ? { shopApprovedAt: now } : { parentApprovedAt: now };
  await tx
    .update(orders)
    .set({ ...stamp, updatedAt: now })
    .where(eq(orders.id, row.id));
  const field = by === 'shop' ? 'shop_approved_at' : 'parent_approved_at';
  await audit(
    tx,
    { userId: actor.id, entity: 'order', entityId: row.id, action: 'approval', changes: { [field]: [null, now.toISOString()] } },
    now,
  );
  if (outcome.confirms) await moveLocked(tx, { ...row, ...stamp }, 'confirmed', actor, now);
  return { changed: true, confirmed: outcome.confirms };
}

/**
 * Moves an order to `to`; a cancellation gives its stock back, exactly once even when two arrive together, and owes back
 * money received. Confirming a credit order records the shop's approval instead, and confirms it only once its parent
 * account approved too: the answer says what the approval did (null for any other move).
 */
export async function moveOrder(db: Db, id: number, to: OrderState, actor: Actor, now: Date): Promise<ApprovalDone | null> {
  return retrying(() =>
    db.transaction(async (tx) => {
      const row = await lockOrder(tx, id, actor);
      if (to === 'confirmed' && needsApprovals(row)) return approveLocked(tx, row, 'shop', actor, now);
      await moveLocked(tx, row, to, actor, now);
      return null;
    }),
  );
}

/** Locks a credit order awaiting approvals for its parent account; 404 when it is not there or `parentId` is not its parent account. */
async function lockForParent(tx: Db, id: number, parentId: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row || !needsApprovals(row) || row.parentId !== parentId) throw new OrderRefusal(404, ORDER_NOT_FOUND);
  return row;
}

/** §6: the parent account `parent` approves its member's credit order; the second approval confirms it; approving again changes nothing. */
export async function approveAsParent(db: Db, id: number, parent: { id: number }, now: Date): Promise<ApprovalDone> {
  return retrying(() =>
    db.transaction(async (tx) =>
      approveLocked(tx, await lockForParent(tx, id, parent.id), 'parent', { id: parent.id, role: 'customer' }, now),
    ),
  );
}

/** §6: the parent account refuses its member's credit order with `reason`: the order is cancelled (`parent`) and its stock given back. */
export async function refuseAsParent(db: Db, id: number, parent: { id: number }, reason: string, now: Date): Promise<void> {
  await retrying(() =>
    db.transaction(async (tx) => {
      const row = await lockForParent(tx, id, parent.id);
      const refusal = parentRefusalRefusal(row.state, approvalsOf(row));
      if (refusal) throw new OrderRefusal(409, refusal, { state: row.state });
      await tx.update(orders).set({ parentRefusal: reason, updatedAt: now }).where(eq(orders.id, row.id));
      await moveLocked(tx, { ...row, parentRefusal: reason }, 'cancel', { id: parent.id, role: 'customer' }, now, 'parent');
    }),
  );
}

/** Cancels an order whose hold has ended (checked again under its lock) and answers it as it was; null when it was paid, confirmed, given more time or cancelled meanwhile. */
export async function cancelExpired(db: Db, id: number, now: Date): Promise<OrderRow | null> {
  return retrying(() =>
    db.transaction(async (tx) => {
      const row = await lockOrder(tx, id, { id: null, role: 'system' });
      if (!waits(row)) {
        // Paid or confirmed without its hold being cleared: it holds nothing any more.
        if (row.holdUntil) await tx.update(orders).set({ holdUntil: null }).where(eq(orders.id, id));
        return null;
      }
      if (!row.holdUntil || row.holdUntil > now) return null;
      await moveLocked(tx, row, 'cancel', { id: null, role: 'system' }, now);
      return row;
    }),
  );
}

/** Takes a cancelled order off its shopper's list; the row itself stays. */
export async function hideOrder(db: Db, id: number, actor: Actor, now: Date): Promise<void> {
  await retrying(() =>
    db.transaction(async (tx) => {
      const row = await lockOrder(tx, id, actor);
      const refusal = hideRefusal(row.state);
      if (refusal) throw new OrderRefusal(409, refusal, { state: row.state });
      if (!row.hiddenAt) await tx.update(orders).set({ hiddenAt: now, updatedAt: now }).where(eq(orders.id, id));
    }),
  );
}

/** An admin records where an order's payment stands (cash received, a provider's answer read by hand, a refund made), along the payment machine; some moves need a reason, kept in the audit log. */
export async function setPaymentStatus(
  db: Db,
  id: number,
  status: PaymentStatus,
  actor: Actor,
  now: Date,
  reason?: string | null,
): Promise<void> {
  await retrying(() =>
    db.transaction(async (tx) => {
      const row = await lockOrder(tx, id, actor);
      const refusal = paymentMoveRefusal('admin', row.paymentStatus, status, row, reason);
      if (refusal) throw new OrderRefusal(409, refusal, { payment_status: row.paymentStatus });
      // 'À payer à la livraison' is a cash payment: the order is paid on delivery from now on.
      const paymentMode = status === 'unpaid' ? ('domicile' as const) : row.paymentMode;
      const changes: Record<string, unknown> = { payment_status: [row.paymentStatus, status] };
      if (paymentMode !== row.paymentMode) changes.payment_mode = [row.paymentMode, paymentMode];
      if (reason?.trim()) changes.reason = reason.trim();
      await writePayment(tx, row, { paymentMode, paymentStatus: status }, { userId: actor.id, changes }, now);
    }),
  );
}

/**
 * An admin records instalment `number` of a pre-order or credit order as paid `via` cash or payroll deduction (§6), or
 * due again to undo a mistake (never one paid online); the order is paid with its last instalment, unpaid again when a
 * paid order loses one (src/domain/instalment-payments.ts).
 */
export async function setTrancheState(
  db: Db,
  id: number,
  number: number,
  state: 'due' | 'paid',
  actor: Actor,
  now: Date,
  via: 'cash' | 'payroll' = 'cash',
): Promise<void> {
  await retrying(() => db.transaction(async (tx) => writeTranche(tx, await lockOrder(tx, id, actor), number, state, via, actor, now)));
}

/** `setTrancheState` on an order row the caller has locked in `tx`; answers whether anything was written (false: it was so already). */
export async function writeTranche(
  tx: Db,
  row: OrderRow,
  number: number,
  state: 'due' | 'paid',
  via: 'cash' | 'payroll',
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const lines = await tx
    .select({ number: orderTranches.number, amount: orderTranches.amount, state: orderTranches.state, paid_via: orderTranches.paidVia })
    .from(orderTranches)
    .where(eq(orderTranches.orderId, row.id));
  const move = adminTrancheMove({ state: row.state, payment_status: row.paymentStatus }, lines, number, state);
  if (move.kind === 'refused') throw new OrderRefusal(move.status, move.message);
  if (move.kind === 'same') return false;
  await tx
    .update(orderTranches)
    .set(state === 'paid' ? { state, paidAt: now, paidVia: via } : { state, paidAt: null, paidVia: null })
    .where(and(eq(orderTranches.orderId, row.id), eq(orderTranches.number, number)));
  const changes: Record<string, unknown> = { [`tranche_${number}`]: [state === 'paid' ? 'due' : 'paid', state] };
  if (state === 'paid') changes.paid_via = via;
  await audit(tx, { userId: actor.id, entity: 'order', entityId: row.id, action: 'tranche', changes }, now);
  if (move.order) {
    const reason = `tranche ${number} ${state === 'paid' ? 'payée, la dernière' : 'remise à payer'}`;
    const paymentChanges = { payment_status: [row.paymentStatus, move.order], reason };
    await writePayment(
      tx,
      row,
      { paymentMode: row.paymentMode, paymentStatus: move.order },
      { userId: actor.id, changes: paymentChanges },
      now,
    );
  }
  return true;
}

/** Locks order `id` for an admin's write in `tx` (src/server/credit/payroll.ts records a month in one transaction). */
export const lockForAdmin = (tx: Db, id: number, actor: Actor): Promise<OrderRow> => lockOrder(tx, id, actor);
