/** The built-in test provider ('Paiement de démonstration'), used when WAVE_API_KEY is unset: Wave's shapes and signature, served by the shop itself. */
import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, PaymentProvider, ProviderSession } from './provider.ts';
import { signWave, verifyWaveSignature } from './signature.ts';
import { decodeWaveEvent, fromWave, type WaveSession } from './wave.ts';

/** What the developer picks on the demonstration page. */
export const demoOutcomes = ['paid', 'failed', 'abandoned'] as const;
export type DemoOutcome = (typeof demoOutcomes)[number];

const WEBHOOK_PATH = '/api/payments/wave/webhook';

/** How long a demonstration session stays payable (Wave's sessions last 30 minutes too). */
const LIFETIME_MS = 30 * 60_000;

interface DemoSession {
  wave: WaveSession;
  successUrl: string;
  errorUrl: string;
  key: string;
}

/** The provider's message ready to be posted to our own route (`path`), and where the shopper goes next. */
export interface DemoSettlement {
  body: string | null;
  path: string;
  headers: Record<string, string>;
  redirect: string;
}

/** A demonstration provider: sessions live in this process; its messages take the same path as the real provider's. */
export interface DemoProvider extends PaymentProvider {
  /** The session shown on the demonstration page; null when unknown. */
  describe(id: string): { amount: number; reference: string; status: ProviderSession['status'] } | null;
  /** Applies the developer's choice and returns the message the real provider would have sent (none for an abandoned session). */
  settle(id: string, outcome: DemoOutcome, now: Date): DemoSettlement | null;
}

/** Builds the demonstration provider; `pageUrl(id)` is where its checkout page is served. */
export function demoProvider(options: { webhookSecret: string; pageUrl: (id: string) => string; now?: () => Date }): DemoProvider {
  const sessions = new Map<string, DemoSession>();
  const clock = options.now ?? (() => new Date());
  const byKey = new Map<string, string>();
  return {
    name: 'demo',
    method: 'wave',
    async createCheckout(req: CheckoutRequest) {
      const known = byKey.get(req.idempotencyKey);
      if (known) return fromWave(sessions.get(known)!.wave);
      const id = `demo-${randomBytes(9).toString('base64url')}`;
      const now = clock();
      const wave: WaveSession = {
        id,
        amount: String(req.amount),
        currency: req.currency,
        client_reference: req.reference,
        checkout_status: 'open',
        payment_status: 'processing',
        last_payment_error: null,
        transaction_id: null,
        wave_launch_url: options.pageUrl(id),
        when_expires: new Date(now.getTime() + LIFETIME_MS).toISOString(),
      };
      sessions.set(id, { wave, successUrl: req.successUrl, errorUrl: req.errorUrl, key: req.idempotencyKey });
      byKey.set(req.idempotencyKey, id);
      return fromWave(wave);
    },
    async readSession(id) {
      const s = sessions.get(id);
      return s ? fromWave(s.wave) : null;
    },
    async expireSession(id) {
      const s = sessions.get(id);
      if (s && s.wave.checkout_status === 'open') s.wave = { ...s.wave, checkout_status: 'expired', payment_status: 'cancelled' };
    },
    verifyWebhook(rawBody, signature, now) {
      verifyWaveSignature(options.webhookSecret, signature, rawBody, now);
      return decodeWaveEvent(rawBody);
    },
    describe(id) {
      const s = sessions.get(id);
      return s ? { amount: Number(s.wave.amount), reference: s.wave.client_reference ?? '', status: fromWave(s.wave).status } : null;
    },
    settle(id, outcome, now): DemoSettlement | null {
      const s = sessions.get(id);
      if (s?.wave.checkout_status !== 'open') return null;
      if (outcome === 'abandoned') {
        // Nothing is sent, as when a shopper closes Wave: the reconciliation finds the session expired.
        s.wave = { ...s.wave, checkout_status: 'expired', payment_status: 'cancelled' };
        return { body: null, path: WEBHOOK_PATH, headers: {}, redirect: s.errorUrl };
      }
      s.wave =
        outcome === 'paid'
          ? {
              ...s.wave,
              checkout_status: 'complete',
              payment_status: 'succeeded',
              transaction_id: `TDEMO${randomBytes(4).toString('hex').toUpperCase()}`,
              last_payment_error: null,
            }
          : {
              ...s.wave,
              payment_status: 'processing',
              last_payment_error: { code: 'insufficient-funds', message: 'Solde insuffisant (démonstration).' },
            };
      const type = outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.payment_failed';
      const body = JSON.stringify({ id: `EV_demo_${randomBytes(9).toString('base64url')}`, type, data: s.wave });
      return {
        body,
        path: WEBHOOK_PATH,
        headers: {
          'Content-Type': 'application/json',
          'Wave-Signature': signWave(options.webhookSecret, Math.floor(now.getTime() / 1000), body),
        },
        redirect: outcome === 'paid' ? s.successUrl : s.errorUrl,
      };
    },
  };
}

/** Whether a provider is a demonstration one, Wave's or Orange Money's (none is not). */
export const isDemo = (p: PaymentProvider | null | undefined): p is DemoProvider => p?.name === 'demo' || p?.name === 'demo-orange';
