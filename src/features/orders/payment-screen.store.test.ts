import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../../tests/fixtures/fake-browser.ts';
import type { PaymentState } from '../../domain/orders.schema.ts';
import { $payment } from './payment-entry.store.ts';
import { $paymentScreen, paymentAddress, payNow, payOnDelivery, readPayment, watchPayment, type ReadVia } from './payment-screen.store.ts';
import { paymentView } from './payment-view.ts';

const pending: PaymentState = {
  reference: 'BQ-ABCDEFGH',
  id: null,
  type_sale: 'order',
  amount_total: 121500,
  payment_mode: 'online',
  payment_status: 'pending',
  state: 'sale',
  cancel_reason: null,
  hold_until: null,
  checkout_open: true,
};
const TOKEN = 'abcdefghijklmnopqrstuv';
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** How the store reaches a fake API answering from `reply` (the shopper's access token given), and the calls it got. */
function clientOf(reply: (url: string, init: RequestInit) => Response, accessToken?: string) {
  const calls: Array<{ url: string; headers: Headers }> = [];
  const client: ReadVia = {
    base: 'http://boutique.test',
    accessToken,
    fetcher: (async (input: string, init: RequestInit = {}) => {
      calls.push({ url: input, headers: new Headers(init.headers) });
      return reply(input, init);
    }) as typeof fetch,
  };
  return { client, calls };
}

let jar: Map<string, string>;
beforeEach(() => {
  jar = installFakeBrowser();
  $paymentScreen.set({ status: 'loading' });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the answer of GET /api/paiement/{reference}', () => {
  it('is asked with the shopper’s token and the link’s payment token; an unknown order is null, a refusal says the server’s sentence', async () => {
    const { client, calls } = clientOf(() => answer(200, pending), 'abc.def.ghi');
    expect(await readPayment('BQ-ABCDEFGH', TOKEN, client)).toEqual(pending);
    expect(calls[0]?.url).toBe('http://boutique.test/api/paiement/BQ-ABCDEFGH');
    expect(calls[0]?.headers.get('Access-Token')).toBe('abc.def.ghi');
    expect(calls[0]?.headers.get('Payment-Token')).toBe(TOKEN);
    expect(await readPayment('BQ-22222222', null, clientOf(() => answer(404, { message: 'Commande introuvable.' })).client)).toBeNull();
    await expect(
      readPayment(
        'BQ-ABCDEFGH',
        null,
        clientOf(() => answer(429, { message: 'Trop de demandes : veuillez patienter une minute.' })).client,
      ),
    ).rejects.toMatchObject({ status: 429, sentence: 'Trop de demandes : veuillez patienter une minute.' });
    expect(console.error).toHaveBeenCalledWith('Erreur lors de la récupération du paiement', expect.anything());
  });

  it('sends the access token of the §3 `token` cookie when none is given', async () => {
    jar.set('token_prod', 'abc.def.ghi');
    const { client, calls } = clientOf(() => answer(200, pending));
    await readPayment('BQ-ABCDEFGH', null, { ...client, accessToken: undefined });
    expect(calls[0]?.headers.get('Access-Token')).toBe('abc.def.ghi');
    expect(calls[0]?.headers.get('Payment-Token')).toBeNull();
  });

  it('is refused when a field does not have the contract’s shape', async () => {
    for (const broken of [
      [],
      { ...pending, id: '3' },
      { ...pending, payment_status: 'paye' },
      { ...pending, checkout_open: 'yes' },
      { ...pending, amount_total: 1.5 },
    ]) {
      await expect(readPayment('BQ-ABCDEFGH', null, clientOf(() => answer(200, broken)).client)).rejects.toThrow();
    }
  });
});

describe('the address', () => {
  it('names the order and a well-formed payment token', () => {
    expect(paymentAddress(new URLSearchParams(`ref=%20BQ-ABCDEFGH%20&t=${TOKEN}&payment_status=paid`))).toEqual({
      reference: 'BQ-ABCDEFGH',
      token: TOKEN,
    });
    expect(paymentAddress(new URLSearchParams('t=short'))).toEqual({ reference: null, token: null });
  });
});

describe('watching a payment', () => {
  it('starts from the server’s read, asks again while the provider may confirm, and stops once it did', async () => {
    vi.useFakeTimers();
    const answers = [pending, { ...pending, payment_status: 'paid' as const }];
    const { client, calls } = clientOf(() => answer(200, answers.shift()));
    watchPayment('BQ-ABCDEFGH', {
      via: client,
      first: { status: 'ready', payment: pending, gaveUp: false, busy: false, actionError: null },
      poll: { everyMs: 1000, times: 5 },
    });
    expect($paymentScreen.get()).toMatchObject({ status: 'ready', payment: { payment_status: 'pending' } });
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect($paymentScreen.get()).toMatchObject({ status: 'ready', payment: { payment_status: 'paid' } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('without a server read, reads at once; without ?ref=, the order this browser is paying; with neither, says there is none', async () => {
    const { client, calls } = clientOf(() => answer(200, { ...pending, payment_status: 'paid' }));
    watchPayment('BQ-ABCDEFGH', { via: client });
    expect($paymentScreen.get()).toEqual({ status: 'loading' });
    await vi.waitFor(() => expect($paymentScreen.get()).toMatchObject({ status: 'ready', payment: { payment_status: 'paid' } }));
    $payment.set({ order: 'BQ-STORED22', totalAmount: 1000 });
    watchPayment(null, { via: client });
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('http://boutique.test/api/paiement/BQ-STORED22'));
    $payment.set(null);
    watchPayment(null, { via: client });
    expect($paymentScreen.get()).toEqual({ status: 'none' });
  });

  it('gives up after its last check, saying the shop will confirm by SMS', async () => {
    vi.useFakeTimers();
    const { client, calls } = clientOf(() => answer(200, pending));
    watchPayment('BQ-ABCDEFGH', { via: client, poll: { everyMs: 1000, times: 1 } });
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toHaveLength(2);
    const s = $paymentScreen.get();
    expect(s.status === 'ready' && paymentView(s.payment, s.gaveUp).text).toBe(
      'Le paiement n’est pas encore confirmé. La boutique vous confirmera votre commande par SMS dès qu’il arrive.',
    );
  });

  it('says when the check could not be made', async () => {
    const { client } = clientOf(() => {
      throw new TypeError('Failed to fetch');
    });
    watchPayment('BQ-ABCDEFGH', { via: client });
    await vi.waitFor(() =>
      expect($paymentScreen.get()).toEqual({
        status: 'error',
        message: 'Impossible de vérifier le paiement. Vérifiez votre connexion puis rechargez la page.',
      }),
    );
  });
});

describe('“Payer à la livraison”', () => {
  it('runs once however often it is tapped, the buttons busy meanwhile', async () => {
    const switched = { ...pending, payment_mode: 'domicile' as const, payment_status: 'unpaid' as const, checkout_open: false };
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, switched));
    $paymentScreen.set({ status: 'ready', payment: { ...pending, checkout_open: false }, gaveUp: false, busy: false, actionError: null });
    const first = payOnDelivery(TOKEN);
    expect($paymentScreen.get()).toMatchObject({ busy: true });
    await Promise.all([first, payOnDelivery(TOKEN)]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).get('Payment-Token')).toBe(TOKEN);
    expect($paymentScreen.get()).toMatchObject({ status: 'ready', payment: { payment_status: 'unpaid' }, busy: false });
  });
});

describe('the provider “Payer maintenant” pays with', () => {
  it('is the open session’s, else the one this browser chose for the order, else Wave; the other one is offered', () => {
    expect(paymentView({ ...pending, provider: 'orange' }, false, 'wave')).toMatchObject({ provider: 'orange', other: 'wave' });
    expect(paymentView({ ...pending, provider: null, payment_status: 'failed' }, false, 'orange')).toMatchObject({
      provider: 'orange',
      other: 'wave',
    });
    expect(paymentView({ ...pending, provider: null }, false)).toMatchObject({ provider: 'wave', other: 'orange' });
  });

  it('is sent with the checkout call and kept for the order, the page leaving for the provider', async () => {
    const failed = { ...pending, payment_status: 'failed' as const, checkout_open: false };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => answer(200, { url: 'http://boutique.test/api/payments/demo/demo-om-1' }));
    $paymentScreen.set({ status: 'ready', payment: failed, gaveUp: false, busy: false, actionError: null });
    const went: string[] = [];
    await payNow(TOKEN, 'orange', (url) => went.push(url));
    expect(went).toEqual(['http://boutique.test/api/payments/demo/demo-om-1']);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/paiement\/BQ-ABCDEFGH\/session$/);
    expect(JSON.parse(String(init?.body))).toEqual({ provider: 'orange' });
    expect($payment.get()).toMatchObject({ order: 'BQ-ABCDEFGH', provider: 'orange', token: TOKEN });
    expect($paymentScreen.get()).toMatchObject({ busy: true });
  });
});

describe('what the screen says', () => {
  it('offers paying again only for an online payment that ended without money or never started', () => {
    expect(paymentView(pending, false)).toEqual({
      title: 'Paiement en attente',
      tone: 'waiting',
      text: 'Nous attendons la confirmation de votre paiement. Cette page se met à jour toute seule.',
      reference: 'BQ-ABCDEFGH',
      amount: expect.stringMatching(/^121\s500\sF\sCFA$/),
      progress: null,
      instalmentsHref: null,
      orderHref: '/tracking-order?ref=BQ-ABCDEFGH',
      retry: false,
      resume: true,
      provider: 'wave',
      other: 'orange',
    });
    expect(paymentView({ ...pending, checkout_open: false }, false)).toMatchObject({
      tone: 'trouble',
      retry: true,
      text: expect.stringMatching(/^Le paiement en ligne n’a pas pu démarrer/),
    });
    expect(paymentView({ ...pending, payment_status: 'failed', id: 7 }, false)).toMatchObject({
      title: 'Paiement échoué',
      retry: true,
      orderHref: '/commandes/7/détails',
    });
    expect(paymentView({ ...pending, payment_status: 'failed', state: 'cancel' }, false).retry).toBe(false);
    // Still waiting for the provider, given up or not: the shopper may pay again or switch, never only wait.
    expect(paymentView(pending, true)).toMatchObject({ retry: false, resume: true });
    expect(paymentView({ ...pending, state: 'cancel' }, false)).toMatchObject({ retry: false, resume: false });
    expect(paymentView({ ...pending, payment_status: 'paid' }, false)).toMatchObject({ retry: false, resume: false });
    expect(paymentView({ ...pending, payment_status: 'unpaid', payment_mode: 'domicile' }, false)).toMatchObject({
      title: 'À payer à la livraison',
      tone: 'waiting',
      retry: false,
    });
  });
});
