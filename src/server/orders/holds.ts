/** The end of holds (src/domain/holds.ts): orders neither paid nor confirmed in time are cancelled, their stock given back and their shopper told. */
import { and, asc, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema-orders.ts';
import type { Mailer } from '../mail/mailer.ts';
import { holdEndedEmail, holdEndedSms } from '../mail/templates.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { closeSessions, reconcile } from '../payments/reconcile.ts';
import { cancelExpired } from './moves.ts';
import type { OrderRow } from './read.ts';

/** Orders handled per run: the rest wait for the next minute. */
const BATCH = 200;

/** What the hold job needs. */
export interface HoldDeps {
  db: Db;
  provider: PaymentProvider | null;
  /** Orange Money, when the shop has it. */
  orange?: PaymentProvider | null;
  mailer: Mailer;
  siteUrl: string;
  log: (line: string) => void;
}

/** Tells the shopper by e-mail and SMS; a failure is logged, the cancellation stands. */
async function tell(deps: HoldDeps, o: OrderRow): Promise<void> {
  const ended = { reference: o.reference, name: o.name, payment_mode: o.paymentMode, type_sale: o.typeSale };
  const tries: Array<Promise<void>> = [];
  if (o.email) tries.push(deps.mailer.email({ to: o.email, ...holdEndedEmail(ended, deps.siteUrl) }));
  if (o.telephone) tries.push(deps.mailer.sms({ to: o.telephone, text: holdEndedSms(ended, deps.siteUrl) }));
  for (const r of await Promise.allSettled(tries)) {
    if (r.status === 'rejected')
      deps.log(`[réservations] avis d’annulation de ${o.reference} non envoyé : ${(r.reason as Error)?.message ?? r.reason}`);
  }
}

/**
 * Cancels the orders whose hold ended by `now`: an online one is first asked about at its provider (a payment whose webhook
 * was lost keeps its order), then its open sessions are closed so it can no longer be paid. Returns the cancelled orders.
 */
export async function expireHolds(deps: HoldDeps, now: Date): Promise<OrderRow[]> {
  const due = await deps.db
    .select({ id: orders.id, paymentMode: orders.paymentMode })
    .from(orders)
    .where(and(isNotNull(orders.holdUntil), lte(orders.holdUntil, now)))
    .orderBy(asc(orders.holdUntil))
    .limit(BATCH);
  const cancelled: OrderRow[] = [];
  const providers = [deps.provider, deps.orange].filter((p): p is PaymentProvider => !!p);
  for (const { id, paymentMode } of due) {
    if (paymentMode === 'online') for (const p of providers) await reconcile(deps.db, p, now, deps.log, id);
    const row = await cancelExpired(deps.db, id, now);
    if (!row) continue;
    cancelled.push(row);
    deps.log(
      `[réservations] ${row.reference} annulée : réservée jusqu’au ${row.holdUntil?.toISOString()}, ni payée ni confirmée ; stock rendu.`,
    );
    if (row.paymentMode === 'online') for (const p of providers) await closeSessions(deps.db, p, id, now, deps.log);
    await tell(deps, row);
  }
  return cancelled;
}
