/** The online payment providers behind 'En ligne' (§2 "Pack cart", `/payment-state`): Wave and Orange Money, each real or the built-in demonstration one. */

/** How the shopper pays online: with Wave or with Orange Money. */
export const paymentMethods = ['wave', 'orange'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A provider as stored on its sessions: `wave`, `orange`, or their demonstration stand-ins `demo` and `demo-orange`. */
export const providerNames = ['wave', 'demo', 'orange', 'demo-orange'] as const;
export type ProviderName = (typeof providerNames)[number];

/** Which of the shopper's choices a stored provider name serves. */
export const methodOf = (name: ProviderName): PaymentMethod => (name === 'orange' || name === 'demo-orange' ? 'orange' : 'wave');

/** Where a checkout session stands, in our words: open, paid, payment refused (still payable until it expires), or expired. */
export type SessionStatus = 'open' | 'paid' | 'failed' | 'expired';

/** A checkout session as a provider describes it. */
export interface ProviderSession {
  id: string;
  /** Whole francs. */
  amount: number;
  currency: string;
  clientReference: string | null;
  status: SessionStatus;
  launchUrl: string | null;
  transactionId: string | null;
  expiresAt: Date | null;
  /** Orange Money only, on creation: the secret its notifications will carry (stored hashed, never as is). */
  notifToken?: string;
}

/** What we know of a session we opened, for a provider that cannot read a session from its id alone (Orange Money). */
export interface KnownSession {
  reference: string;
  amount: number;
  /** Our session row's id (Orange's `order_id` is `<reference>-<attempt>`). */
  attempt: number;
}

/** What we ask a provider to open: the order's total in whole francs and its reference. */
export interface CheckoutRequest {
  reference: string;
  amount: number;
  currency: 'XOF';
  successUrl: string;
  errorUrl: string;
  /** Sent as `Idempotency-Key`: a retried call opens no second session. */
  idempotencyKey: string;
  /** Our session row's id: unique per attempt. */
  attempt: number;
}

/** A verified provider event: its id (for idempotency), its type and the session it carries. */
export interface ProviderEvent {
  id: string;
  type: string;
  session: ProviderSession | null;
}

/** The provider did not answer, or answered with an error: the order stays as it is. */
export class ProviderUnavailable extends Error {}

/** Online payment is off (production without WAVE_API_KEY nor DEMO_PAYMENTS, or Orange Money without its settings): asking again will not help, paying on delivery will. */
export class PaymentsOff extends Error {}

/** A webhook that is not from the provider (bad or missing signature, stale timestamp) or not readable. */
export class WebhookRefused extends Error {
  readonly status: 400 | 401;
  constructor(status: 400 | 401, message: string) {
    super(message);
    this.status = status;
  }
}

/** What the shop needs from a provider: open a checkout, read one, and check an event is genuinely its own. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Which of the shopper's choices it serves. */
  readonly method: PaymentMethod;
  createCheckout(req: CheckoutRequest): Promise<ProviderSession>;
  /** The session as the provider has it now; null when it does not know it. */
  readSession(id: string, known?: KnownSession): Promise<ProviderSession | null>;
  /** Closes an open session so that it can no longer be paid (the order was cancelled); a no-op where the provider cannot. */
  expireSession(id: string): Promise<void>;
  /** Verifies the signature on the raw body and decodes the event; throws `WebhookRefused`. */
  verifyWebhook(rawBody: string, signature: string | undefined, now: Date): ProviderEvent;
}

/** One call to a provider within `timeoutMs`; no answer is `ProviderUnavailable` (« `label` injoignable : … »). */
export async function callProvider(label: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderUnavailable(
      `${label} injoignable : ${(err as Error).name === 'TimeoutError' ? 'délai dépassé' : (err as Error).message}`,
    );
  }
}

/** The start of a provider's error answer, for the message of a refusal. */
export const answerExcerpt = async (res: Response) => (await res.text().catch(() => '')).slice(0, 300);

/** A provider's amount in whole francs; a fractional amount can never match an order in whole francs: -1 makes that plain. */
export const wholeFrancs = (amount: string) => (/^\d+$/.test(amount) ? Number(amount) : -1);

/** The JSON of a posted body; throws `WebhookRefused` (400, « `refused` : le corps n’est pas un JSON valide. ») when it is not JSON. */
export function webhookJson(rawBody: string, refused: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new WebhookRefused(400, `${refused} : le corps n’est pas un JSON valide.`);
  }
}
