/** The back office's view of an order's online payment attempts, with those flagged for a refund. */
import { asc, eq } from 'drizzle-orm';
import type { PaymentSession } from '../../domain/orders.schema.ts';
import type { Db } from '../db/client.ts';
import { paymentSessions } from '../db/schema-payments.ts';

/** Every checkout session of an order, oldest first. */
export async function sessionsOf(db: Db, orderId: number): Promise<PaymentSession[]> {
  const rows = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).orderBy(asc(paymentSessions.id));
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    provider_id: r.providerId,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    transaction_id: r.transactionId,
    refund_due: r.refundDue,
    created_at: r.createdAt.toISOString(),
  }));
}
