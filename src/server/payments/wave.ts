/** Wave's Checkout API (`POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`, bearer key) and its signed webhooks. */
import { z } from 'zod';
import {
  answerExcerpt,
  type CheckoutRequest,
  callProvider,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSession,
  ProviderUnavailable,
  WebhookRefused,
  webhookJson,
  wholeFrancs,
} from './provider.ts';
import { verifyWaveSignature } from './signature.ts';

/** Wave's production API. */
export const WAVE_API_URL = 'https://api.wave.com';
/** How long one call to Wave may take before the shopper is told to retry. */
const WAVE_TIMEOUT_MS = 10_000;

/** A checkout session object as Wave answers it (amounts are decimal strings). */
export const waveSessionSchema = z.object({
  id: z.string().min(1),
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string(),
  client_reference: z.string().nullish(),
  checkout_status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['processing', 'cancelled', 'succeeded']).nullish(),
  last_payment_error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  transaction_id: z.string().nullish(),
  wave_launch_url: z.string().nullish(),
  when_expires: z.string().nullish(),
});
export type WaveSession = z.infer<typeof waveSessionSchema>;

/** A webhook event: `{ id, type, data }`; checkout events carry a session in `data`. */
const waveEventSchema = z.object({ id: z.string().min(1).max(200), type: z.string().min(1).max(100), data: z.unknown() });

/** Our view of a Wave session: paid only when complete and succeeded; a payment error on an open session is a failure. */
export function fromWave(s: WaveSession): ProviderSession {
  const status =
    s.checkout_status === 'complete' && s.payment_status === 'succeeded'
      ? 'paid'
      : s.checkout_status === 'expired'
        ? 'expired'
        : s.last_payment_error
          ? 'failed'
          : 'open';
  return {
    id: s.id,
    amount: wholeFrancs(s.amount),
    currency: s.currency,
    clientReference: s.client_reference ?? null,
    status,
    launchUrl: s.wave_launch_url ?? null,
    transactionId: s.transaction_id ?? null,
    expiresAt: s.when_expires ? new Date(s.when_expires) : null,
  };
}

/** Decodes a verified event body (Wave's shapes, also used by the demo provider). */
export function decodeWaveEvent(rawBody: string): ProviderEvent {
  const event = waveEventSchema.safeParse(webhookJson(rawBody, 'Webhook refusé'));
  if (!event.success) throw new WebhookRefused(400, 'Webhook refusé : événement illisible.');
  const session = event.data.type.startsWith('checkout.session.') ? waveSessionSchema.safeParse(event.data.data) : null;
  if (session && !session.success) throw new WebhookRefused(400, 'Webhook refusé : session de paiement illisible.');
  return { id: event.data.id, type: event.data.type, session: session ? fromWave(session.data) : null };
}

/** The Wave provider for one business wallet. */
export function waveProvider(options: {
  apiKey: string;
  apiUrl?: string;
  webhookSecret: string | null;
  timeoutMs?: number;
}): PaymentProvider {
  const base = (options.apiUrl ?? WAVE_API_URL).replace(/\/$/, '');
  const call = (path: string, init: RequestInit = {}) =>
    callProvider(
      'Wave',
      `${base}${path}`,
      { ...init, headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json', ...init.headers } },
      options.timeoutMs ?? WAVE_TIMEOUT_MS,
    );
  async function session(res: Response): Promise<ProviderSession> {
    const parsed = waveSessionSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new ProviderUnavailable('Wave a répondu une session illisible.');
    return fromWave(parsed.data);
  }
  return {
    name: 'wave',
    method: 'wave',
    async createCheckout(req: CheckoutRequest) {
      const res = await call('/v1/checkout/sessions', {
        method: 'POST',
        headers: { 'Idempotency-Key': req.idempotencyKey },
        body: JSON.stringify({
          amount: String(req.amount),
          currency: req.currency,
          client_reference: req.reference,
          success_url: req.successUrl,
          error_url: req.errorUrl,
        }),
      });
      if (!res.ok) throw new ProviderUnavailable(`Wave a refusé la session (${res.status}) : ${await answerExcerpt(res)}`);
      return session(res);
    },
    async readSession(id: string) {
      const res = await call(`/v1/checkout/sessions/${encodeURIComponent(id)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new ProviderUnavailable(`Wave n’a pas donné la session ${id} (${res.status}).`);
      return session(res);
    },
    async expireSession(id: string) {
      const res = await call(`/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, { method: 'POST' });
      // 404 or 409: already gone, completed or expired; the caller reads it again anyway.
      if (!res.ok && res.status !== 404 && res.status !== 409)
        throw new ProviderUnavailable(`Wave n’a pas fermé la session ${id} (${res.status}).`);
    },
    verifyWebhook(rawBody, signature, now) {
      verifyWaveSignature(options.webhookSecret, signature, rawBody, now);
      return decodeWaveEvent(rawBody);
    },
  };
}
