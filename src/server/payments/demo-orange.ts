/** The built-in stand-in for Orange Money ('Paiement de démonstration') when its settings are unset: Orange's shapes and notification, served by the shop itself. */
import { randomBytes } from 'node:crypto';
import type { DemoProvider, DemoSettlement } from './demo.ts';
import { fromOrangeStatus, ORANGE_NOTIFICATION_PATH, ORANGE_SESSION_MS, orangeOrderId, orangeSession } from './orange-money.ts';
import { WebhookRefused } from './provider.ts';

interface DemoPayment {
  orderId: string;
  reference: string;
  amount: number;
  status: 'INITIATED' | 'SUCCESS' | 'FAILED' | 'EXPIRED';
  txnid: string | null;
  notifToken: string;
  launchUrl: string;
  successUrl: string;
  errorUrl: string;
  expiresAt: Date;
}

/** Builds the Orange Money demonstration provider; `pageUrl(id)` is where its payment page is served. */
export function demoOrangeProvider(options: { pageUrl: (id: string) => string; now?: () => Date }): DemoProvider {
  const payments = new Map<string, DemoPayment>();
  const byKey = new Map<string, string>();
  const clock = options.now ?? (() => new Date());
  const view = (id: string, p: DemoPayment) => ({
    ...orangeSession(id, { reference: p.reference, amount: p.amount, attempt: 0 }, { status: p.status, txnid: p.txnid }, p.launchUrl),
    expiresAt: p.expiresAt,
  });
  return {
    name: 'demo-orange',
    method: 'orange',
    async createCheckout(req) {
      const known = byKey.get(req.idempotencyKey);
      if (known) return { ...view(known, payments.get(known)!), notifToken: payments.get(known)!.notifToken };
      const id = `demo-om-${randomBytes(9).toString('base64url')}`;
      const p: DemoPayment = {
        orderId: orangeOrderId(req.reference, req.attempt),
        reference: req.reference,
        amount: req.amount,
        status: 'INITIATED',
        txnid: null,
        notifToken: randomBytes(16).toString('hex'),
        launchUrl: options.pageUrl(id),
        successUrl: req.successUrl,
        errorUrl: req.errorUrl,
        expiresAt: new Date(clock().getTime() + ORANGE_SESSION_MS),
      };
      payments.set(id, p);
      byKey.set(req.idempotencyKey, id);
      return { ...view(id, p), notifToken: p.notifToken };
    },
    async readSession(id) {
      const p = payments.get(id);
      return p ? view(id, p) : null;
    },
    async expireSession() {
      // As at Orange: a payment cannot be cancelled.
    },
    verifyWebhook() {
      throw new WebhookRefused(400, `Orange Money notifie sur ${ORANGE_NOTIFICATION_PATH}, sans signature.`);
    },
    describe(id) {
      const p = payments.get(id);
      return p ? { amount: p.amount, reference: p.reference, status: fromOrangeStatus(p.status) } : null;
    },
    settle(id, outcome): DemoSettlement | null {
      const p = payments.get(id);
      if (!p || (p.status !== 'INITIATED' && p.status !== 'FAILED')) return null;
      if (outcome === 'abandoned') {
        // Nothing is sent, as when a shopper closes Orange's page: the reconciliation reads it expired.
        p.status = 'EXPIRED';
        return { body: null, path: ORANGE_NOTIFICATION_PATH, headers: {}, redirect: p.errorUrl };
      }
      p.status = outcome === 'paid' ? 'SUCCESS' : 'FAILED';
      if (outcome === 'paid') p.txnid = `MP${randomBytes(5).toString('hex').toUpperCase()}`;
      return {
        body: JSON.stringify({ status: p.status, notif_token: p.notifToken, txnid: p.txnid ?? undefined }),
        path: ORANGE_NOTIFICATION_PATH,
        headers: { 'Content-Type': 'application/json' },
        redirect: outcome === 'paid' ? p.successUrl : p.errorUrl,
      };
    },
  };
}
