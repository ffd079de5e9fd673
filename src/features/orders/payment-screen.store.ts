/**
 * The state of `/payment-state` (§2): where the payment of one order stands, asked of the server again while it is
 * pending (§7 `GET /api/paiement/{reference}`), and the shopper's two ways out. Loaded on the first view, so it reads the
 * answer with `fetch` and a hand-written check (the HTTP client and zod weigh ~80 KB); the actions' code
 * (payment.store.ts) loads only when the shopper touches them.
 */
import { atom } from 'nanostores';
import { cancelReasons, orderStates, paymentModes, paymentStatuses, saleTypes } from '../../domain/orders.ts';
import type { PaymentState } from '../../domain/orders.schema.ts';
import { awaitsProvider, POLL } from './payment-view.ts';

/** What the screen shows: checking, no such order, a failed check, or the payment (with an action under way or refused). */
export type PaymentScreen =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'error'; message: string }
  | { status: 'ready'; payment: PaymentState; gaveUp: boolean; busy: boolean; actionError: string | null };
export const $paymentScreen = atom<PaymentScreen>({ status: 'loading' });

const UNREADABLE = 'Impossible de vérifier le paiement. Vérifiez votre connexion puis rechargez la page.';
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = (list: readonly string[], v: unknown) => typeof v === 'string' && list.includes(v);

/** The server's answer checked field by field (same contract as paymentStateSchema), or null. */
export function decodePaymentState(v: unknown): PaymentState | null {
  if (!isObj(v)) return null;
  const ok = typeof v.reference === 'string' && (v.id === null || Number.isInteger(v.id)) && oneOf(saleTypes, v.type_sale)
    && Number.isInteger(v.amount_total) && oneOf(paymentModes, v.payment_mode) && oneOf(paymentStatuses, v.payment_status)
    && oneOf(orderStates, v.state) && typeof v.checkout_open === 'boolean' && (v.cancel_reason === null || oneOf(cancelReasons, v.cancel_reason))
    && (v.hold_until === null || typeof v.hold_until === 'string');
  return ok ? (v as unknown as PaymentState) : null;
}

// Tokens are JWTs or opaque base64url strings (as tokens.store.ts reads them); anything else in storage is not sent.
const TOKEN = /^[\w.~+/=-]{1,4096}$/;
function accessToken(): string | null {
  try {
    const token = localStorage.getItem('access_token') ?? localStorage.getItem('accessToken');
    return token && TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** The order to show: `?ref=`, else the one this browser is paying (§3 `payment`); null when neither. */
export function paymentReference(search: string): string | null {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (ref) return ref;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem('payment') ?? 'null');
    return isObj(stored) && typeof stored.order === 'string' && stored.order.length <= 40 && stored.order ? stored.order : null;
  } catch {
    return null;
  }
}

/** The payment token of a message's link (`?t=`), which lets whoever placed the order pay it without an account; null when absent or malformed. */
export function linkToken(search: string): string | null {
  const t = new URLSearchParams(search).get('t');
  return t && /^[\w-]{22}$/.test(t) ? t : null;
}
const tokenHere = () => (typeof location === 'undefined' ? null : linkToken(location.search));

/** A read the server refused or answered oddly, with its French sentence when it gave one. */
class ReadFailure extends Error {
  readonly status: number;
  readonly sentence: string | null;
  constructor(status: number, sentence: string | null) {
    super(sentence ?? `HTTP ${status}`);
    this.status = status;
    this.sentence = sentence;
  }
}

/** §7 `GET /api/paiement/{reference}` (with the shopper's token, so the owner gets the order's link); null when there is no such order. */
export async function readPayment(reference: string, fetcher: typeof fetch = fetch): Promise<PaymentState | null> {
  const token = accessToken();
  const base = import.meta.env.PUBLIC_API_URL ?? '';
  try {
    const res = await fetcher(`${base}/api/paiement/${encodeURIComponent(reference)}`, { headers: { Accept: 'application/json', ...(token ? { 'Access-Token': token } : {}) } });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new ReadFailure(res.status, isObj(body) && typeof body.message === 'string' && body.message ? body.message : null);
    const payment = decodePaymentState(body);
    if (!payment) throw new ReadFailure(res.status, null);
    return payment;
  } catch (err) {
    // §8: every failed call is logged.
    console.error('Erreur lors de la récupération du paiement', err);
    if (err instanceof ReadFailure && err.status === 404) return null;
    throw err;
  }
}

/** Shows the payment of `reference` and asks again every few seconds while the provider may still confirm it; returns the stop. */
export function watchPayment(reference: string, { fetcher = fetch, poll = POLL }: { fetcher?: typeof fetch; poll?: { everyMs: number; times: number } } = {}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async (left: number) => {
    try {
      const payment = await readPayment(reference, fetcher);
      // An action under way decides what the screen shows next.
      if (stopped || isBusy()) return;
      if (!payment) return $paymentScreen.set({ status: 'none' });
      const again = awaitsProvider(payment) && left > 0;
      $paymentScreen.set({ status: 'ready', payment, gaveUp: awaitsProvider(payment) && !again, busy: false, actionError: null });
      if (again) timer = setTimeout(() => void check(left - 1), poll.everyMs);
    } catch (err) {
      if (!stopped) $paymentScreen.set({ status: 'error', message: err instanceof ReadFailure && err.sentence ? err.sentence : UNREADABLE });
    }
  };
  void check(poll.times);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

const isBusy = () => {
  const s = $paymentScreen.get();
  return s.status === 'ready' && s.busy;
};

/** Loads the actions' code (the HTTP client, zod): at the shopper's first touch of an action, before the tap lands. */
export const actions = () => import('./payment.store.ts');

/** Runs an action on the payment shown: busy meanwhile, the sentence of a refusal kept beside the buttons. */
async function act(run: (payment: PaymentState, m: Awaited<ReturnType<typeof actions>>) => Promise<PaymentState | null>): Promise<void> {
  const s = $paymentScreen.get();
  if (s.status !== 'ready' || s.busy) return;
  $paymentScreen.set({ ...s, busy: true, actionError: null });
  try {
    const next = await run(s.payment, await actions());
    if (next) $paymentScreen.set({ status: 'ready', payment: next, gaveUp: false, busy: false, actionError: null });
  } catch (err) {
    $paymentScreen.set({ ...s, busy: false, actionError: (err as Error).message });
  }
}

/** 'Payer maintenant': on to the provider's page (an open session, or a new one). */
export const payNow = (go: (url: string) => void = (url) => location.assign(url)) =>
  act(async (p, m) => {
    go(await m.checkoutUrl(p.reference, p.amount_total, tokenHere()));
    // Still busy: the page is leaving for the provider.
    return null;
  });

/** 'Payer à la livraison': the order is paid on delivery from now on, and the screen says so. */
export const payOnDelivery = () => act((p, m) => m.switchToDelivery(p.reference, tokenHere()));
