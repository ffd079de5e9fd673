/**
 * The state of `/payment-state` (§2): where the payment of one order stands (§7 `GET /api/paiement/{reference}`), asked
 * again while the provider may still confirm it, and the shopper's two ways out, 'Payer maintenant' and 'Payer à la livraison'.
 */
import { atom } from 'nanostores';
import { paymentStateSchema, type PaymentState } from '../../domain/orders.schema.ts';
import { api, callApi, type ApiClient } from '../../lib/api.ts';
import { failure } from './order-views.store.ts';
import { $payment, checkoutUrl, paymentProof, switchToDelivery } from './payment.store.ts';
import { awaitsProvider, POLL } from './payment-view.ts';

/** What the screen shows: checking, no such order, a failed check, or the payment (with an action under way or refused). */
export type PaymentScreen =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'error'; message: string }
  | { status: 'ready'; payment: PaymentState; gaveUp: boolean; busy: boolean; actionError: string | null };
export const $paymentScreen = atom<PaymentScreen>({ status: 'loading' });

/** What the screen says when the payment could not be read and the server gave no sentence of its own. */
export const UNREADABLE = 'Impossible de vérifier le paiement. Vérifiez votre connexion puis rechargez la page.';

/** The order the address names (`?ref=`) and the payment token of a message's link (`?t=`; a malformed one is dropped). */
export function paymentAddress(search: URLSearchParams): { reference: string | null; token: string | null } {
  const t = search.get('t');
  return { reference: search.get('ref')?.trim() || null, token: t && /^[\w-]{22}$/.test(t) ? t : null };
}

/** §7 `GET /api/paiement/{reference}` (the client sends the shopper's token, so the owner gets the order's link); null when there is no such order. */
export async function readPayment(reference: string, token: string | null, client: ApiClient = api): Promise<PaymentState | null> {
  try {
    return await callApi(paymentStateSchema, 'Erreur lors de la récupération du paiement', `/api/paiement/${encodeURIComponent(reference)}`, { client, headers: paymentProof(token ?? undefined) });
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

/** The screen of a read that failed: the server's sentence, else UNREADABLE. */
export const unreadable = (err: unknown): PaymentScreen => ({ status: 'error', message: failure(err, UNREADABLE) });

/** A payment as the screen shows it, before any action. */
export const shownPayment = (payment: PaymentState, gaveUp = false): PaymentScreen => ({ status: 'ready', payment, gaveUp, busy: false, actionError: null });

const isBusy = () => {
  const s = $paymentScreen.get();
  return s.status === 'ready' && s.busy;
};

interface Watch { token?: string | null; first?: PaymentScreen | null; client?: ApiClient; poll?: { everyMs: number; times: number } }

/**
 * Shows the payment of `reference` (`first`, what the server read, else a read of its own) and asks again every few
 * seconds while the provider may still confirm it; without `?ref=`, the order this browser is paying (§3 `payment`).
 * Returns the stop.
 */
export function watchPayment(reference: string | null, { token = null, first = null, client = api, poll = POLL }: Watch = {}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ref = reference ?? $payment.get()?.order ?? null;
  const show = (payment: PaymentState, left: number) => {
    const again = awaitsProvider(payment) && left > 0;
    $paymentScreen.set(shownPayment(payment, awaitsProvider(payment) && !again));
    if (again) timer = setTimeout(() => void check(left - 1), poll.everyMs);
  };
  const check = async (left: number) => {
    try {
      const payment = await readPayment(ref!, token, client);
      // An action under way decides what the screen shows next.
      if (stopped || isBusy()) return;
      if (!payment) $paymentScreen.set({ status: 'none' });
      else show(payment, left);
    } catch (err) {
      if (!stopped) $paymentScreen.set(unreadable(err));
    }
  };
  if (!ref) $paymentScreen.set({ status: 'none' });
  else if (first?.status === 'ready') show(first.payment, poll.times);
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

/** Runs an action on the payment shown: busy meanwhile, the sentence of a refusal kept beside the buttons. */
async function act(run: (payment: PaymentState) => Promise<PaymentState | null>): Promise<void> {
  const s = $paymentScreen.get();
  if (s.status !== 'ready' || s.busy) return;
  $paymentScreen.set({ ...s, busy: true, actionError: null });
  try {
    const next = await run(s.payment);
    if (next) $paymentScreen.set(shownPayment(next));
  } catch (err) {
    $paymentScreen.set({ ...s, busy: false, actionError: (err as Error).message });
  }
}

/** 'Payer maintenant': on to the provider's page (an open session, or a new one). */
export const payNow = (token: string | null, go: (url: string) => void = (url) => location.assign(url)) =>
  act(async (p) => {
    go(await checkoutUrl(p.reference, p.amount_total, token));
    // Still busy: the page is leaving for the provider.
    return null;
  });

/** 'Payer à la livraison': the order is paid on delivery from now on, and the screen says so. */
export const payOnDelivery = (token: string | null) => act((p) => switchToDelivery(p.reference, token));
