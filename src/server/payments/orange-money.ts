/** Orange Money's Web Payment API (Senegal): an OAuth2 client-credentials token, `webpayment` to open a payment, `transactionstatus` to confirm one, and notifications that carry the `notif_token` given at creation. */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  answerExcerpt,
  type CheckoutRequest,
  callProvider,
  type KnownSession,
  type PaymentProvider,
  type ProviderSession,
  ProviderUnavailable,
  type SessionStatus,
  WebhookRefused,
  webhookJson,
  wholeFrancs,
} from './provider.ts';

/** Orange's production API. */
export const ORANGE_MONEY_API_URL = 'https://api.orange.com';
/** Where Orange posts its notifications, under the shop's public origin. */
export const ORANGE_NOTIFICATION_PATH = '/api/payments/orange/notification';
/** How long an Orange Money payment stays payable on our side (the hold follows it); Orange's page has no documented expiry to read. */
export const ORANGE_SESSION_MS = 30 * 60_000;
const TIMEOUT_MS = 10_000;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().int().positive().optional() });
const webpaymentSchema = z.object({
  pay_token: z.string().min(1).max(200),
  payment_url: z.string().min(1).max(2000),
  notif_token: z.string().min(1).max(200),
});
/** `transactionstatus`'s answer; `amount` is read when Orange gives it. */
export const orangeStatusSchema = z.object({
  status: z.string().min(1),
  order_id: z.string().nullish(),
  txnid: z.string().nullish(),
  amount: z.union([z.number(), z.string()]).nullish(),
});
export type OrangeStatus = z.infer<typeof orangeStatusSchema>;
/** A notification posted to `notif_url`. */
const notificationSchema = z.object({
  status: z.string().min(1).max(40),
  notif_token: z.string().min(1).max(200),
  txnid: z.string().max(200).nullish(),
});
export type OrangeNotification = z.infer<typeof notificationSchema>;

/** Orange's status in our words: SUCCESS paid, FAILED refused, EXPIRED abandoned, anything else (INITIATED, PENDING) still open. */
export function fromOrangeStatus(status: string): SessionStatus {
  return status === 'SUCCESS' ? 'paid' : status === 'FAILED' ? 'failed' : status === 'EXPIRED' ? 'expired' : 'open';
}

/** Orange's `order_id` for an attempt: unique per merchant, and it names the order. */
export const orangeOrderId = (reference: string, attempt: number) => `${reference}-${attempt}`;

/** The stored form of a `notif_token`: its SHA-256 (a leaked database cannot forge a notification). */
export const hashNotifToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Reads a notification body; throws `WebhookRefused` (400) when it is not one. */
export function decodeOrangeNotification(rawBody: string): OrangeNotification {
  const n = notificationSchema.safeParse(webhookJson(rawBody, 'Notification refusée'));
  if (!n.success) throw new WebhookRefused(400, 'Notification refusée : notification Orange Money illisible.');
  return n.data;
}

/** Our view of a payment from what `transactionstatus` answered for the attempt we know (another `order_id` or amount cannot match). */
export function orangeSession(
  payToken: string,
  known: KnownSession,
  answer: OrangeStatus,
  launchUrl: string | null = null,
): ProviderSession {
  const sameOrder = !answer.order_id || answer.order_id === orangeOrderId(known.reference, known.attempt);
  return {
    id: payToken,
    amount: wholeFrancs(String(answer.amount ?? known.amount)),
    currency: 'XOF',
    clientReference: sameOrder ? known.reference : (answer.order_id ?? null),
    status: fromOrangeStatus(answer.status),
    launchUrl,
    transactionId: answer.txnid ?? null,
    expiresAt: null,
  };
}

/** The Orange Money provider for one merchant account; `country` is `sn`, or `dev` for Orange's sandbox (currency OUV). */
export function orangeMoneyProvider(options: {
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  notifUrl: string;
  apiUrl?: string;
  country?: string;
  timeoutMs?: number;
  now?: () => Date;
}): PaymentProvider {
  const base = (options.apiUrl ?? ORANGE_MONEY_API_URL).replace(/\/$/, '');
  const country = options.country ?? 'sn';
  const clock = options.now ?? (() => new Date());
  let token: { value: string; until: number } | null = null;

  const send = (path: string, init: RequestInit) => callProvider('Orange Money', `${base}${path}`, init, options.timeoutMs ?? TIMEOUT_MS);
  async function accessToken(): Promise<string> {
    if (token && token.until > clock().getTime()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await send('/oauth/v3/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenSchema.safeParse(res.ok ? await res.json().catch(() => null) : null);
    if (!parsed.success) throw new ProviderUnavailable(`Orange Money a refusé le jeton d’accès (${res.status}).`);
    // Renewed a minute early: a token never expires mid-call.
    token = { value: parsed.data.access_token, until: clock().getTime() + ((parsed.data.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }
  async function call(path: string, body: unknown): Promise<Response> {
    const res = await send(`/orange-money-webpay/${country}/v1${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    // A token revoked before its time: forgotten, asked again next call.
    if (res.status === 401) token = null;
    return res;
  }
  return {
    name: 'orange',
    method: 'orange',
    async createCheckout(req: CheckoutRequest) {
      const res = await call('/webpayment', {
        merchant_key: options.merchantKey,
        currency: country === 'dev' ? 'OUV' : req.currency,
        order_id: orangeOrderId(req.reference, req.attempt),
        amount: req.amount,
        return_url: req.successUrl,
        cancel_url: req.errorUrl,
        notif_url: options.notifUrl,
        lang: 'fr',
        reference: req.reference,
      });
      const parsed = webpaymentSchema.safeParse(res.ok ? await res.json().catch(() => null) : null);
      if (!parsed.success) throw new ProviderUnavailable(`Orange Money a refusé le paiement (${res.status}) : ${await answerExcerpt(res)}`);
      return {
        id: parsed.data.pay_token,
        amount: req.amount,
        currency: req.currency,
        clientReference: req.reference,
        status: 'open',
        launchUrl: parsed.data.payment_url,
        transactionId: null,
        expiresAt: new Date(clock().getTime() + ORANGE_SESSION_MS),
        notifToken: parsed.data.notif_token,
      };
    },
    async readSession(id: string, known?: KnownSession) {
      if (!known) throw new ProviderUnavailable('Orange Money ne relit un paiement qu’avec sa commande et son montant.');
      const res = await call('/transactionstatus', {
        order_id: orangeOrderId(known.reference, known.attempt),
        amount: known.amount,
        pay_token: id,
      });
      if (res.status === 404) return null;
      const parsed = orangeStatusSchema.safeParse(res.ok ? await res.json().catch(() => null) : null);
      if (!parsed.success) throw new ProviderUnavailable(`Orange Money n’a pas donné le paiement ${id} (${res.status}).`);
      return orangeSession(id, known, parsed.data);
    },
    async expireSession() {
      // The Web Payment API has no call to cancel a payment: it ends by itself; a late success is flagged for a refund.
    },
    verifyWebhook() {
      throw new WebhookRefused(400, `Orange Money notifie sur ${ORANGE_NOTIFICATION_PATH}, sans signature.`);
    },
  };
}
