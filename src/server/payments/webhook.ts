/** `POST /api/payments/wave/webhook`: Wave's signed events, each applied at most once (its id is stored in the same transaction). */
import { payments as paymentCount } from '../observe/metrics.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { applyOnce, applySession, PaymentMismatch } from './apply.ts';
import { type ProviderEvent, WebhookRefused } from './provider.ts';

// Event types that carry a session whose news we record; others are acknowledged and ignored.
const HANDLED = new Set(['checkout.session.completed', 'checkout.session.payment_failed']);

/** The webhook sub-app, mounted at `/api/payments/wave`. */
export function webhookRoutes() {
  return new Hono<AppEnv>().post('/webhook', async (c) => {
    const { db, now, log, payments } = c.var.deps;
    const provider = payments?.provider;
    if (!provider) return c.json({ message: 'Le paiement en ligne n’est pas activé sur cette boutique.' }, 404);
    // The signature covers the exact bytes sent: read them before anything parses them.
    const raw = await c.req.text();
    let event: ProviderEvent;
    try {
      event = provider.verifyWebhook(raw, c.req.header('wave-signature'), now());
    } catch (err) {
      if (!(err instanceof WebhookRefused)) throw err;
      log(`[paiement] ${err.message}`);
      return c.json({ message: err.message }, err.status);
    }
    try {
      const key = { provider: provider.name, eventId: event.id, type: event.type };
      const outcome = await applyOnce(db, key, now, async (tx) =>
        !HANDLED.has(event.type) || !event.session ? 'ignored' : applySession(tx, provider.name, event.session, now()),
      );
      log(`[paiement] événement ${event.id} (${event.type}) : ${outcome}`);
      paymentCount.inc({ provider: provider.name, outcome });
      return c.json({ received: true, outcome });
    } catch (err) {
      if (!(err instanceof PaymentMismatch)) throw err;
      // Rolled back, event id included: nothing of it is kept.
      log(`[paiement] événement ${event.id} (${event.type}) refusé : ${err.message}`);
      paymentCount.inc({ provider: provider.name, outcome: 'mismatch' });
      return c.json({ message: 'Événement refusé : il ne correspond à aucune commande en attente de ce montant.' }, 422);
    }
  });
}
