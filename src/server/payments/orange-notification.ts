/**
 * `POST /api/payments/orange/notification`: Orange Money's word that a payment ended. Unsigned, so trusted only when its
 * `notif_token` is the one stored (hashed) for a session we opened AND `transactionstatus` agrees on status and amount;
 * each applied at most once (its id is stored in the same transaction).
 */
import { payments as paymentCount } from '../observe/metrics.ts';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { orders } from '../db/schema-orders.ts';
import { paymentEvents, paymentSessions } from '../db/schema-payments.ts';
import { applyOnce, applySession, PaymentMismatch, recordEvent } from './apply.ts';
import { NOTIF_TOKEN_TYPE, notifTokenEventId } from './checkout.ts';
import { decodeOrangeNotification, fromOrangeStatus, hashNotifToken, type OrangeNotification } from './orange-money.ts';
import { ProviderUnavailable, type ProviderSession, WebhookRefused } from './provider.ts';

/** The French answers of this route. */
export const ORANGE_TEXT = {
  off: 'Le paiement Orange Money n’est pas activé sur cette boutique.',
  forged: 'Notification refusée : jeton de notification inconnu.',
  unconfirmed: 'Notification refusée : Orange Money ne confirme pas ce statut pour ce paiement.',
  unreachable: 'Orange Money ne répond pas pour confirmer ce paiement : renvoyez la notification plus tard.',
  mismatch: 'Notification refusée : elle ne correspond à aucune commande en attente de ce montant.',
} as const;

/** The notification sub-app, mounted at `/api/payments/orange`. */
export function orangeNotificationRoutes() {
  return new Hono<AppEnv>().post('/notification', async (c) => {
    const { db, now, log, payments } = c.var.deps;
    const provider = payments?.orange;
    if (!provider) return c.json({ message: ORANGE_TEXT.off }, 404);
    let n: OrangeNotification;
    try {
      n = decodeOrangeNotification(await c.req.text());
    } catch (err) {
      if (!(err instanceof WebhookRefused)) throw err;
      log(`[paiement] Orange Money : ${err.message}`);
      return c.json({ message: err.message }, err.status);
    }
    // An exact lookup of the token's hash: it names the one session it was given for.
    const [link] = await db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.provider, provider.name),
          eq(paymentEvents.eventId, notifTokenEventId(n.notif_token)),
          eq(paymentEvents.type, NOTIF_TOKEN_TYPE),
        ),
      );
    const sessionId = Number(/^session:(\d+)$/.exec(link?.outcome ?? '')?.[1] ?? Number.NaN);
    const [row] = Number.isSafeInteger(sessionId)
      ? await db
          .select({
            id: paymentSessions.id,
            providerId: paymentSessions.providerId,
            amount: paymentSessions.amount,
            reference: orders.reference,
          })
          .from(paymentSessions)
          .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
          .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.provider, provider.name)))
      : [];
    if (!row?.providerId) {
      log('[paiement] Orange Money : notification au jeton inconnu refusée.');
      return c.json({ message: ORANGE_TEXT.forged }, 401);
    }
    const eventId = `notification:${hashNotifToken(n.notif_token)}:${n.status}:${n.txnid ?? ''}`;
    const type = `webpayment.${n.status}`.slice(0, 100);
    const [seen] = await db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, eventId)));
    if (seen) return c.json({ received: true, outcome: 'duplicate' });

    let s: ProviderSession | null;
    try {
      s = await provider.readSession(row.providerId, { reference: row.reference, amount: row.amount, attempt: row.id });
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      log(`[paiement] Orange Money : confirmation de ${row.reference} impossible (${err.message})`);
      return c.json({ message: ORANGE_TEXT.unreachable }, 503);
    }
    // The notification says what happened; only Orange's own answer to our call is believed, and both must agree.
    if (!s || s.status !== fromOrangeStatus(n.status) || (n.txnid && s.transactionId && n.txnid !== s.transactionId)) {
      log(`[paiement] Orange Money : ${row.reference} notifiée ${n.status}, non confirmée (${s?.status ?? 'inconnue'}).`);
      return c.json({ message: ORANGE_TEXT.unconfirmed }, 409);
    }
    const key = { provider: provider.name, eventId, type };
    try {
      const outcome = await applyOnce(db, key, now, (tx) => applySession(tx, provider.name, s, now()));
      log(`[paiement] Orange Money ${row.reference} (${n.status}) : ${outcome}`);
      paymentCount.inc({ provider: provider.name, outcome });
      return c.json({ received: true, outcome });
    } catch (err) {
      if (!(err instanceof PaymentMismatch)) throw err;
      // Nothing of it applied; kept as refused so that the back office's log and a resend both see it.
      await recordEvent(db, key, 'mismatch', now());
      log(`[paiement] Orange Money ${row.reference} (${n.status}) refusée : ${err.message}`);
      paymentCount.inc({ provider: provider.name, outcome: 'mismatch' });
      return c.json({ message: ORANGE_TEXT.mismatch }, 422);
    }
  });
}
