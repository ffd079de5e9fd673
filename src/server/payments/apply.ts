/** What a provider's word about a session does to our records: one transaction, the order row locked, and nothing unless everything matches. */
import { and, desc, eq } from 'drizzle-orm';
import { instalmentOnMoney } from '../../domain/instalment-payments.ts';
import { paymentMoveRefusal, paymentOnMoney } from '../../domain/payments.ts';
import { audit } from '../admin/audit.ts';
import type { Db } from '../db/client.ts';
import type { OrderRow } from '../orders/read.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { paymentEvents, paymentSessions } from '../db/schema-payments.ts';
import { retrying } from '../orders/refusal.ts';
import { writePayment } from '../orders/moves.ts';
import { methodOf, type PaymentProvider, type ProviderName, type ProviderSession } from './provider.ts';

/** A provider's word that does not fit our records: logged, nothing written. */
export class PaymentMismatch extends Error {}

/** A provider event as stored: its id is what makes it apply once. */
type EventKey = { provider: ProviderName; eventId: string; type: string };

/** Records event `e` with `outcome` unless it is already recorded; whether it was new. */
export async function recordEvent(tx: Db, e: EventKey, outcome: string, receivedAt: Date): Promise<boolean> {
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({ ...e, outcome, receivedAt })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return fresh !== undefined;
}

/** Applies event `e` at most once: recorded in the transaction of what `apply` does, with its outcome; `duplicate` when already recorded. */
export function applyOnce(db: Db, e: EventKey, now: () => Date, apply: (tx: Db) => Promise<string>): Promise<string> {
  return retrying(() =>
    db.transaction(async (tx) => {
      if (!(await recordEvent(tx, e, 'applied', now()))) return 'duplicate';
      const done = await apply(tx);
      await tx
        .update(paymentEvents)
        .set({ outcome: done })
        .where(and(eq(paymentEvents.provider, e.provider), eq(paymentEvents.eventId, e.eventId)));
      return done;
    }),
  );
}

/** What applying a session did. */
export type Applied = 'paid' | 'refund_due' | 'failed' | 'cancelled' | 'unchanged';

/** Order payment status for a session that ended without money. */
const endedStatus: Partial<Record<ProviderSession['status'], 'failed' | 'cancelled'>> = { failed: 'failed', expired: 'cancelled' };

/**
 * Applies the provider's view of session `s` (inside `tx`) along the payment machine: marks the order paid only when
 * reference, amount and currency match; a second payment is kept on its session and flagged for a refund, and money for
 * a cancelled order makes it « À rembourser ». A session for one instalment (pre-order, credit order) pays that
 * instalment only, see `applyInstalment`.
 */
export async function applySession(tx: Db, provider: PaymentProvider['name'], s: ProviderSession, now: Date): Promise<Applied> {
  const [row] = await tx
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.provider, provider), eq(paymentSessions.providerId, s.id)));
  if (!row) throw new PaymentMismatch(`session ${s.id} inconnue`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
  if (!order) throw new PaymentMismatch(`session ${s.id} : commande absente`);
  if (s.clientReference !== order.reference)
    throw new PaymentMismatch(`session ${s.id} : référence ${s.clientReference} au lieu de ${order.reference}`);
  if (s.amount !== row.amount || (row.trancheNumber === null && s.amount !== order.amountTotal))
    throw new PaymentMismatch(`session ${s.id} : montant ${s.amount} au lieu de ${order.amountTotal}`);
  if (s.currency !== row.currency) throw new PaymentMismatch(`session ${s.id} : devise ${s.currency} au lieu de ${row.currency}`);
  // Re-read under the order's lock: two deliveries of the same news serialize here.
  const [current] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, row.id));
  if (current!.status === 'paid' || current!.status === s.status || s.status === 'open') return 'unchanged';
  if (row.trancheNumber !== null) return applyInstalment(tx, provider, s, { id: row.id, number: row.trancheNumber }, order, now);

  if (s.status === 'paid') {
    const to = paymentOnMoney(order.paymentStatus, order);
    await tx
      .update(paymentSessions)
      .set({ status: 'paid', transactionId: s.transactionId, refundDue: to !== 'paid', updatedAt: now })
      .where(eq(paymentSessions.id, row.id));
    if (to !== 'paid') return refundDue(tx, provider, s, order, to, {}, now);
    const changes = { payment_status: [order.paymentStatus, 'paid'], provider, transaction: s.transactionId };
    await writePayment(tx, order, { paymentStatus: 'paid', paymentMode: 'online' }, { userId: null, changes }, now);
    return 'paid';
  }

  await tx.update(paymentSessions).set({ status: s.status, updatedAt: now }).where(eq(paymentSessions.id, row.id));
  // Only the latest attempt speaks for the order: an old session ending does not undo a newer one.
  const [latest] = await tx
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, order.id))
    .orderBy(desc(paymentSessions.id))
    .limit(1);
  const to = endedStatus[s.status]!;
  if (latest?.id !== row.id || order.paymentMode !== 'online' || paymentMoveRefusal('provider', order.paymentStatus, to, order))
    return 'unchanged';
  await tx.update(orders).set({ paymentStatus: to, updatedAt: now }).where(eq(orders.id, order.id));
  const changes = { payment_status: [order.paymentStatus, to], provider };
  await audit(tx, { userId: null, entity: 'order', entityId: order.id, action: 'payment', changes }, now);
  return to;
}

/** Money kept on its session for a refund: the order moves to `to` when that is « À rembourser », and the audit says so. */
async function refundDue(
  tx: Db,
  provider: PaymentProvider['name'],
  s: ProviderSession,
  order: OrderRow,
  to: string | null,
  more: Record<string, unknown>,
  now: Date,
): Promise<Applied> {
  if (to === 'refund_due') await tx.update(orders).set({ paymentStatus: to, updatedAt: now }).where(eq(orders.id, order.id));
  const changes = {
    refund_due: [null, s.transactionId ?? s.id],
    provider,
    ...more,
    ...(to ? { payment_status: [order.paymentStatus, to] } : {}),
  };
  await audit(tx, { userId: null, entity: 'order', entityId: order.id, action: 'payment', changes }, now);
  return 'refund_due';
}

/**
 * The provider's word on a session paying instalment `session.number` of `order` (its row locked by the caller): money
 * marks that instalment paid (and the order paid with its last one) once; money for an instalment already paid, or for
 * a cancelled order, stays on its session flagged for a refund. A session ending without money changes only itself.
 */
async function applyInstalment(
  tx: Db,
  provider: PaymentProvider['name'],
  s: ProviderSession,
  session: { id: number; number: number },
  order: OrderRow,
  now: Date,
): Promise<Applied> {
  const lines = await tx
    .select({ number: orderTranches.number, amount: orderTranches.amount, state: orderTranches.state })
    .from(orderTranches)
    .where(eq(orderTranches.orderId, order.id));
  const line = lines.find((l) => l.number === session.number);
  if (line?.amount !== s.amount)
    throw new PaymentMismatch(`session ${s.id} : montant ${s.amount} au lieu de ${line?.amount} (échéance ${session.number})`);
  if (s.status !== 'paid') {
    await tx.update(paymentSessions).set({ status: s.status, updatedAt: now }).where(eq(paymentSessions.id, session.id));
    return endedStatus[s.status]!;
  }
  const money = instalmentOnMoney({ state: order.state, payment_status: order.paymentStatus }, lines, session.number);
  await tx
    .update(paymentSessions)
    .set({ status: 'paid', transactionId: s.transactionId, refundDue: money.outcome === 'refund', updatedAt: now })
    .where(eq(paymentSessions.id, session.id));
  const tranche = `tranche_${session.number}`;
  if (money.outcome === 'refund') return refundDue(tx, provider, s, order, money.order, { tranche: session.number }, now);
  const via = methodOf(provider);
  await tx
    .update(orderTranches)
    .set({ state: 'paid', paidAt: now, paidVia: via })
    .where(and(eq(orderTranches.orderId, order.id), eq(orderTranches.number, session.number)));
  const changes = { [tranche]: ['due', 'paid'], paid_via: via, provider, transaction: s.transactionId };
  await audit(tx, { userId: null, entity: 'order', entityId: order.id, action: 'tranche', changes }, now);
  if (money.order === 'paid') {
    const paid = { payment_status: [order.paymentStatus, 'paid'], provider, transaction: s.transactionId };
    await writePayment(tx, order, { paymentStatus: 'paid', paymentMode: order.paymentMode }, { userId: null, changes: paid }, now);
  }
  return 'paid';
}
