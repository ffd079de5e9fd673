import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { book, setStock } from '../../../tests/fixtures/orders.ts';
import { orders } from '../db/schema-orders.ts';
import { paymentSessions } from '../db/schema-payments.ts';
import { PAYMENT_TEXT } from './checkout.ts';

describe.each(testDatabases())('online payment off (no provider) on $name', (kind) => {
  let t: TestApi;
  let n = 0;
  let ip: string;

  beforeAll(async () => {
    t = await setupApi(kind, { payments: null });
    await setStock(t, { [t.ids.product.tvSamsung!]: 10_000, [t.ids.product.ventiPied!]: 10_000 });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    ip = `198.51.100.${++n}`;
  });

  // The payment token each guest got with their order: only its bearer may pay.
  const tokens = new Map<string, string>();
  /** A guest pack order paid online, as the pack cart sends it. */
  async function order(): Promise<{ id: number; reference: string }> {
    const res = await book(t, 'online');
    expect(res.status).toBe(201);
    tokens.set(res.body.reference, res.body.payment_token);
    return res.body;
  }
  const proof = (reference: string) => ({ 'Payment-Token': tokens.get(reference) ?? '' });
  const pay = (reference: string) => t.json(`/api/paiement/${reference}/session`, { method: 'POST', ip, headers: proof(reference) });
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('answers 503 with the French sentence, writes nothing, and the shopper can still pay on delivery', async () => {
    const o = await order();
    const before = await row(o.id);
    expect(await pay(o.reference)).toMatchObject({ status: 503, body: { message: PAYMENT_TEXT.off, retry: false } });
    expect(await row(o.id)).toEqual(before);
    expect(await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, o.id))).toEqual([]);
    // What /payment-state reads: pending with no checkout open, so it offers 'Payer maintenant' and 'Payer à la livraison'.
    expect((await t.json(`/api/paiement/${o.reference}`, { ip })).body).toMatchObject({
      payment_mode: 'online',
      payment_status: 'pending',
      checkout_open: false,
    });
    expect((await t.json(`/api/paiement/${o.reference}/domicile`, { method: 'POST', ip, headers: proof(o.reference) })).body).toMatchObject(
      { payment_mode: 'domicile', payment_status: 'unpaid' },
    );
  });

  it.each([
    ['an unknown reference', async (): Promise<string> => 'BQ-AAAAAAAA', 404, PAYMENT_TEXT.notFound],
    [
      'a paid order',
      async (): Promise<string> => {
        const o = await order();
        await t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, o.id));
        return o.reference;
      },
      409,
      PAYMENT_TEXT.paid,
    ],
    [
      'a cancelled order',
      async (): Promise<string> => {
        const o = await order();
        await t.database.db.update(orders).set({ state: 'cancel' }).where(eq(orders.id, o.id));
        return o.reference;
      },
      409,
      PAYMENT_TEXT.cancelled,
    ],
  ] as const)('still says what is wrong with %s first', async (_, make, status, message) => {
    expect(await pay(await make())).toMatchObject({ status, body: { message } });
  });

  it('refuses webhooks and has no demonstration page', async () => {
    const hook = await t.json('/api/payments/wave/webhook', {
      method: 'POST',
      body: { id: 'EV_1', type: 'checkout.session.completed', data: {} },
    });
    expect(hook).toMatchObject({ status: 404, body: { message: 'Le paiement en ligne n’est pas activé sur cette boutique.' } });
    const page = await t.json('/api/payments/demo/demo-x');
    expect(page.status).toBe(404);
    expect(
      (
        await t.json('/api/payments/demo/demo-x', {
          method: 'POST',
          body: 'outcome=paid',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(400);
  });

  it('an admin still cancels an order paid online', async () => {
    const o = await order();
    const { access_token } = await t.login('admin');
    const res = await t.json(`/api/commandes/${o.id}`, { method: 'PUT', token: access_token, body: { state: 'cancel' } });
    expect(res).toMatchObject({ status: 200, body: { state: 'cancel' } });
    // No provider to close sessions at: nothing is attempted, so nothing fails in the background.
    expect(t.logs.filter((l) => l.includes('[paiement]'))).toEqual([]);
  });
});
