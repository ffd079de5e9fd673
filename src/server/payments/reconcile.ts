/** Reconciliation: asks a provider (Wave or Orange Money) where our open sessions stand, so a lost webhook or notification never leaves a paid order unpaid. */
import { payments as paymentCount } from '../observe/metrics.ts';
import { and, eq, gt, inArray, isNotNull, or, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema-orders.ts';
import { paymentSessions } from '../db/schema-payments.ts';
import { retrying } from '../orders/refusal.ts';
import { applySession, PaymentMismatch } from './apply.ts';
import type { PaymentProvider } from './provider.ts';

/** How often the whole pass runs in the background (jobs/shop-jobs.ts). */
export const RECONCILE_EVERY_MS = 5 * 60_000;
// Sessions past their expiry are still asked about for this long: a provider may report a late completion.
const GRACE_MS = 24 * 3600_000;

/** Reads each open (or refused but still payable) session of `orderId` (all orders when omitted) and applies what the provider says. */
export async function reconcile(
  db: Db,
  provider: PaymentProvider,
  now: Date,
  log: (line: string) => void,
  orderId?: number,
): Promise<number> {
  const since = new Date(now.getTime() - GRACE_MS);
  const rows = await db
    .select({ id: paymentSessions.id, providerId: paymentSessions.providerId, amount: paymentSessions.amount, reference: orders.reference })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(
      and(
        eq(paymentSessions.provider, provider.name),
        inArray(paymentSessions.status, ['open', 'failed']),
        isNotNull(paymentSessions.providerId),
        or(isNull(paymentSessions.expiresAt), gt(paymentSessions.expiresAt, since)),
        orderId === undefined ? undefined : eq(paymentSessions.orderId, orderId),
      ),
    );
  let changed = 0;
  for (const { id, providerId, amount, reference } of rows) {
    try {
      const s = await provider.readSession(providerId!, { reference, amount, attempt: id });
      if (!s) continue;
      const outcome = await retrying(() => db.transaction((tx) => applySession(tx, provider.name, s, now)));
      paymentCount.inc({ provider: provider.name, outcome });
      if (outcome !== 'unchanged') {
        changed++;
        log(`[paiement] rapprochement ${providerId} : ${outcome}`);
      }
    } catch (err) {
      log(
        `[paiement] rapprochement ${providerId} impossible : ${err instanceof PaymentMismatch ? 'refusé, ' : ''}${(err as Error).message}`,
      );
    }
  }
  return changed;
}

/** After a cancellation: closes the order's sessions still payable, then records what the provider says of each (a payment that won the race is kept, flagged for a refund). */
export async function closeSessions(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  now: Date,
  log: (line: string) => void,
): Promise<void> {
  const rows = await db
    .select({ providerId: paymentSessions.providerId })
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.orderId, orderId),
        eq(paymentSessions.provider, provider.name),
        inArray(paymentSessions.status, ['open', 'failed']),
        isNotNull(paymentSessions.providerId),
      ),
    );
  for (const { providerId } of rows) {
    try {
      await provider.expireSession(providerId!);
    } catch (err) {
      log(`[paiement] fermeture de ${providerId} impossible : ${(err as Error).message}`);
    }
  }
  if (rows.length > 0) await reconcile(db, provider, now, log, orderId);
}
