/**
 * The state of `/payment-state` (§2): where the payment of one order stands (§7 `GET /api/paiement/{reference}`), asked
 * again while the provider may still confirm it, and the shopper's two ways out, 'Payer maintenant' and 'Payer à la
 * livraison'. Read with `fetch` and the zod/mini schema, so the screen hydrates without the HTTP client and zod (~80 KB);
 * the actions' code (payment.store.ts) starts loading once the screen is live.
 */
import { atom } from 'nanostores';
import { paymentStateSchema, type PaymentState } from '../../domain/payment-state.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { cookieName, parseCookies } from '../account/session-cookies.ts';
import { $payment } from './payment-entry.store.ts';
import { awaitsProvider, POLL } from './payment-view.ts';

/** What the screen shows: checking, no such order, a failed check, or the payment (with an action under way or refused). */
export type PaymentScreen =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'error'; message: string }
  | { status: 'ready'; payment: PaymentState; gaveUp: boolean; busy: boolean; actionError: string | null };
export const $paymentScreen = atom<PaymentScreen>({ status: 'loading' });

/** What the screen says when the payment could not be read and the server gave no sentence of its own. */
const UNREADABLE = 'Impossible de vérifier le paiement. Vérifiez votre connexion puis rechargez la page.';

/** The order the address names (`?ref=`) and the payment token of a message's link (`?t=`; a malformed one is dropped). */
export function paymentAddress(search: URLSearchParams): { reference: string | null; token: string | null } {
  const t = search.get('t');
  return { reference: search.get('ref')?.trim() || null, token: t && /^[\w-]{22}$/.test(t) ? t : null };
}

/** A read the server refused or answered oddly (`status` 0: no answer), with its French sentence when it gave one. */
export class ReadFailure extends Error {
  readonly status: number;
  readonly sentence: string | null;
  constructor(status: number, sentence: string | null, cause?: unknown) {
    super(sentence ?? `HTTP ${status}`, { cause });
    this.status = status;
    this.sentence = sentence;
  }
}

/** How a read reaches the API: the browser's own fetch and the §3 `token` cookie by default; the server gives its own. */
export interface ReadVia {
  base?: string;
  accessToken?: string | undefined;
  fetcher?: typeof fetch;
  log?: (message: string, error: unknown) => void;
  forwardedFor?: string | null;
}

const cookieToken = () => (typeof document === 'undefined' ? undefined : parseCookies(document.cookie).get(cookieName('token')));
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * §7 `GET /api/paiement/{reference}`, with the shopper's access token (so the owner gets the order's link) and the
 * link's payment token; null when there is no such order, a ReadFailure otherwise (logged, §8).
 */
export async function readPayment(reference: string, token: string | null, via: ReadVia = {}): Promise<PaymentState | null> {
  const {
    base = import.meta.env.PUBLIC_API_URL ?? '',
    accessToken = cookieToken(),
    fetcher = fetch,
    log = (m, e) => console.error(m, e),
    forwardedFor,
  } = via;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A server render reads for its shopper, who counts against the API's limits, not the server.
  if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
  if (accessToken) headers['Access-Token'] = accessToken;
  if (token) headers['Payment-Token'] = token;
  try {
    let res: Response;
    try {
      res = await fetcher(`${base}/api/paiement/${encodeURIComponent(reference)}`, { headers, signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new ReadFailure(0, null, err);
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new ReadFailure(res.status, isObj(body) && typeof body.message === 'string' && body.message ? body.message : null);
    const read = paymentStateSchema.safeParse(body);
    if (!read.success) throw new ReadFailure(res.status, null, read.error);
    return read.data;
  } catch (err) {
    log('Erreur lors de la récupération du paiement', err);
    if (err instanceof ReadFailure && err.status === 404) return null;
    throw err;
  }
}

/** The screen of a read that failed: the server's sentence, else UNREADABLE. */
export const unreadable = (err: unknown): PaymentScreen => ({
  status: 'error',
  message: err instanceof ReadFailure && err.sentence ? err.sentence : UNREADABLE,
});

/** A payment as the screen shows it, before any action. */
export const shownPayment = (payment: PaymentState, gaveUp = false): PaymentScreen => ({
  status: 'ready',
  payment,
  gaveUp,
  busy: false,
  actionError: null,
});

interface Watch {
  token?: string | null;
  first?: PaymentScreen | null;
  via?: ReadVia;
  poll?: { everyMs: number; times: number };
}

/**
 * Shows the payment of `reference` (`first`, what the server read, else a read of its own) and asks again every few
 * seconds while the provider may still confirm it; without `?ref=`, the order this browser is paying (§3 `payment`).
 * Returns the stop.
 */
export function watchPayment(reference: string | null, { token = null, first = null, via, poll = POLL }: Watch = {}): () => void {
  // The actions' code, ready for the first tap.
  void actions().catch(() => {});
  const ref = reference ?? $payment.get()?.order;
  if (!ref) {
    $paymentScreen.set({ status: 'none' });
    return () => {};
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (payment: PaymentState, left: number) => {
    const again = awaitsProvider(payment) && left > 0;
    $paymentScreen.set(shownPayment(payment, awaitsProvider(payment) && !again));
    if (again) timer = setTimeout(() => void check(left - 1), poll.everyMs);
  };
  const check = async (left: number) => {
    try {
      const payment = await readPayment(ref, token, via);
      const shown = $paymentScreen.get();
      // An action under way decides what the screen shows next.
      if (stopped || (shown.status === 'ready' && shown.busy)) return;
      if (!payment) $paymentScreen.set({ status: 'none' });
      else show(payment, left);
    } catch (err) {
      if (!stopped) $paymentScreen.set(unreadable(err));
    }
  };
  if (first?.status === 'ready') show(first.payment, poll.times);
  else if (first) $paymentScreen.set(first);
  else {
    $paymentScreen.set({ status: 'loading' });
    void check(poll.times);
  }
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The actions' code (the HTTP client, zod). */
const actions = () => import('./payment.store.ts');

/** Runs an action on the payment shown: busy at once, the sentence of a refusal kept beside the buttons. */
async function act(run: (payment: PaymentState, m: Awaited<ReturnType<typeof actions>>) => Promise<PaymentState | null>): Promise<void> {
  const s = $paymentScreen.get();
  if (s.status !== 'ready' || s.busy) return;
  $paymentScreen.set({ ...s, busy: true, actionError: null });
  try {
    const next = await run(s.payment, await actions());
    if (next) $paymentScreen.set(shownPayment(next));
  } catch (err) {
    $paymentScreen.set({ ...s, busy: false, actionError: (err as Error).message });
  }
}

/**
 * 'Payer maintenant', 'Réessayer le paiement', and 'Payer avec …': on to `provider`'s page (an open session, or a new
 * one; the server judges the choice), the provider remembered for the order's next try.
 */
export const payNow = (token: string | null, provider?: PaymentProviderChoice, go: (url: string) => void = (url) => location.assign(url)) =>
  act(async (p, m) => {
    go(await m.checkoutUrl(p.reference, p.amount_total, token, provider ? { provider } : {}));
    // Still busy: the page is leaving for the provider.
    return null;
  });

/** 'Payer à la livraison': the order is paid on delivery from now on, and the screen says so. */
export const payOnDelivery = (token: string | null) => act((p, m) => m.switchToDelivery(p.reference, token));
