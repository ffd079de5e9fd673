import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../../tests/fixtures/fake-browser.ts';
import type { PaymentState } from '../../domain/orders.schema.ts';
import { $paymentScreen, decodePaymentState, paymentReference, readPayment, watchPayment } from './payment-screen.store.ts';
import { paymentView } from './payment-view.ts';

const pending: PaymentState = { reference: 'BQ-ABCDEFGH', id: null, type_sale: 'order', amount_total: 121500, payment_mode: 'online', payment_status: 'pending', state: 'sale', cancel_reason: null, hold_until: null, checkout_open: true };
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  installFakeBrowser();
  $paymentScreen.set({ status: 'loading' });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the answer of GET /api/paiement/{reference}', () => {
  it('is kept only when every field has the contract’s shape', () => {
    expect(decodePaymentState(pending)).toEqual(pending);
    for (const broken of [null, [], { ...pending, id: '3' }, { ...pending, payment_status: 'paye' }, { ...pending, checkout_open: 'yes' }, { ...pending, amount_total: 1.5 }]) {
      expect(decodePaymentState(broken)).toBeNull();
    }
  });

  it('is asked with the stored access token; an unknown order is null, a refusal says the server’s sentence', async () => {
    localStorage.setItem('access_token', 'abc.def.ghi');
    const fetcher = vi.fn(async (_url: string, _init?: RequestInit) => answer(200, pending));
    expect(await readPayment('BQ-ABCDEFGH', fetcher as typeof fetch)).toEqual(pending);
    expect(fetcher.mock.calls[0]![0]).toBe('/api/paiement/BQ-ABCDEFGH');
    expect(new Headers(fetcher.mock.calls[0]![1]!.headers).get('Access-Token')).toBe('abc.def.ghi');
    expect(await readPayment('BQ-22222222', (async () => answer(404, { message: 'Commande introuvable.' })) as typeof fetch)).toBeNull();
    await expect(readPayment('BQ-ABCDEFGH', (async () => answer(429, { message: 'Trop de demandes : veuillez patienter une minute.' })) as typeof fetch)).rejects.toThrow('Trop de demandes');
    expect(console.error).toHaveBeenCalledWith('Erreur lors de la récupération du paiement', expect.anything());
  });
});

describe('the reference shown', () => {
  it('is ?ref=, else the order this browser is paying; damaged storage gives none', () => {
    expect(paymentReference('?ref=BQ-ABCDEFGH&payment_status=paid')).toBe('BQ-ABCDEFGH');
    expect(paymentReference('')).toBeNull();
    localStorage.setItem('payment', JSON.stringify({ order: 'BQ-STORED22', totalAmount: 1000 }));
    expect(paymentReference('')).toBe('BQ-STORED22');
    localStorage.setItem('payment', '{"order":');
    expect(paymentReference('')).toBeNull();
  });
});

describe('watching a payment', () => {
  it('asks again while the provider may confirm, and stops once it did', async () => {
    vi.useFakeTimers();
    const answers = [pending, pending, { ...pending, payment_status: 'paid' as const }];
    const fetcher = vi.fn(async () => answer(200, answers.shift()));
    watchPayment('BQ-ABCDEFGH', { fetcher: fetcher as unknown as typeof fetch, poll: { everyMs: 1000, times: 5 } });
    await vi.waitFor(() => expect($paymentScreen.get()).toMatchObject({ status: 'ready', payment: { payment_status: 'pending' }, gaveUp: false }));
    await vi.advanceTimersByTimeAsync(2000);
    expect($paymentScreen.get()).toMatchObject({ status: 'ready', payment: { payment_status: 'paid' } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('gives up after its last check, saying the shop will confirm by SMS', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => answer(200, pending));
    watchPayment('BQ-ABCDEFGH', { fetcher: fetcher as unknown as typeof fetch, poll: { everyMs: 1000, times: 1 } });
    await vi.advanceTimersByTimeAsync(1500);
    expect(fetcher).toHaveBeenCalledTimes(2);
    const s = $paymentScreen.get();
    expect(s.status === 'ready' && paymentView(s.payment, s.gaveUp).text).toBe('Le paiement n’est pas encore confirmé. La boutique vous confirmera votre commande par SMS dès qu’il arrive.');
  });

  it('says when the check could not be made', async () => {
    watchPayment('BQ-ABCDEFGH', { fetcher: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    await vi.waitFor(() => expect($paymentScreen.get()).toEqual({ status: 'error', message: 'Impossible de vérifier le paiement. Vérifiez votre connexion puis rechargez la page.' }));
  });
});

describe('what the screen says', () => {
  it('offers paying again only for an online payment that ended without money or never started', () => {
    expect(paymentView(pending, false)).toEqual({ title: 'Paiement en attente', tone: 'waiting', text: 'Nous attendons la confirmation de votre paiement. Cette page se met à jour toute seule.', reference: 'BQ-ABCDEFGH', amount: expect.stringMatching(/^121\s500\sF\sCFA$/), orderHref: '/tracking-order?ref=BQ-ABCDEFGH', retry: false });
    expect(paymentView({ ...pending, checkout_open: false }, false)).toMatchObject({ tone: 'trouble', retry: true, text: expect.stringMatching(/^Le paiement en ligne n’a pas pu démarrer/) });
    expect(paymentView({ ...pending, payment_status: 'failed', id: 7 }, false)).toMatchObject({ title: 'Paiement échoué', retry: true, orderHref: '/commandes/7/détails' });
    expect(paymentView({ ...pending, payment_status: 'failed', state: 'cancel' }, false).retry).toBe(false);
    expect(paymentView({ ...pending, payment_status: 'unpaid', payment_mode: 'domicile' }, false)).toMatchObject({ title: 'À payer à la livraison', tone: 'waiting', retry: false });
  });
});
