import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentState } from '../../domain/payment-state.ts';
import { paymentFirst } from './payment-first.ts';

const paid: PaymentState = {
  reference: 'BQ-ABCDEFGH',
  id: 7,
  type_sale: 'order',
  amount_total: 121500,
  payment_mode: 'online',
  payment_status: 'paid',
  state: 'sale',
  cancel_reason: null,
  hold_until: null,
  checkout_open: false,
};
const TOKEN = 'abcdefghijklmnopqrstuv';
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const cookies = (jar: Record<string, string>) => (name: string) => jar[name];

let reply: () => Response;
let fetched: Array<{ url: string; headers: Headers }>;
beforeEach(() => {
  fetched = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    fetched.push({ url: String(input), headers: new Headers(init?.headers) });
    return reply();
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the payment screen’s first view, read by the server (§2 /payment-state)', () => {
  it('reads the order of ?ref= with the token cookie and the link’s token', async () => {
    reply = () => answer(200, paid);
    const first = await paymentFirst(new URLSearchParams(`ref=BQ-ABCDEFGH&t=${TOKEN}`), cookies({ token_prod: 'abc.def.ghi' }));
    expect(first).toEqual({
      reference: 'BQ-ABCDEFGH',
      token: TOKEN,
      first: { status: 'ready', payment: paid, gaveUp: false, busy: false, actionError: null },
    });
    expect(fetched[0]?.url).toMatch(/\/api\/paiement\/BQ-ABCDEFGH$/);
    expect(fetched[0]?.headers.get('Access-Token')).toBe('abc.def.ghi');
    expect(fetched[0]?.headers.get('Payment-Token')).toBe(TOKEN);
  });

  it('draws an unknown order and a refusal with its sentence; leaves to the browser what it could not read', async () => {
    const read = (r: () => Response, search = 'ref=BQ-22222222') => {
      reply = r;
      return paymentFirst(new URLSearchParams(search), cookies({})).then((f) => f.first);
    };
    expect(await read(() => answer(404, { message: 'Commande introuvable.' }))).toEqual({ status: 'none' });
    expect(await read(() => answer(400, { message: 'Référence invalide.' }))).toEqual({ status: 'error', message: 'Référence invalide.' });
    expect(await read(() => answer(200, { ...paid, payment_status: 'paye' }))).toEqual({
      status: 'error',
      message: 'Impossible de vérifier le paiement. Vérifiez votre connexion puis rechargez la page.',
    });
    expect(await read(() => answer(429, { message: 'Trop de demandes : veuillez patienter une minute.' }))).toBeNull();
    expect(await read(() => answer(503, {}))).toBeNull();
    expect(
      await read(() => {
        throw new TypeError('fetch failed');
      }),
    ).toBeNull();
    expect(await read(() => answer(200, paid), '')).toBeNull();
    expect(fetched).toHaveLength(6);
  });
});
