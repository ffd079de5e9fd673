import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { paymentStateSchema } from '../../domain/payment-state.ts';

const choose = (t: TestApi, url: string, outcome: string) =>
  t.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });

describe.each(testDatabases())('GET /api/paiement/{reference} of an order paid by instalments on $name', (kind) => {
  let t: TestApi;
  let customer: string;
  let n = 0;
  const ip = () => `198.51.100.${(++n % 250) + 1}`;

  beforeAll(async () => {
    t = await setupApi(kind);
    customer = (await t.login('customer')).access_token;
    await setStock(t, Object.fromEntries(Object.values(t.ids.product).map((id) => [id, 1000])));
    // The pre-order product is not here yet: only then may it be pre-ordered.
    await setStock(t, { [t.ids.product.tvLg!]: 0 });
  });
  afterAll(() => t.close());

  const read = async (reference: string) => {
    const res = await t.json(`/api/paiement/${reference}`, { token: customer, ip: ip() });
    expect(res.status).toBe(200);
    // The payment screen decodes it as it arrives.
    expect(paymentStateSchema.safeParse(res.body).success).toBe(true);
    return res.body;
  };
  const payNext = async (reference: string) => {
    const s = await t.json(`/api/paiement/${reference}/session`, { method: 'POST', token: customer, ip: ip(), body: { provider: 'wave' } });
    expect(s.status).toBe(200);
    await choose(t, s.body.url, 'paid');
  };

  it('names the tranche « Payer maintenant » pays, then the next one once it is paid, and says when all are paid', async () => {
    const body = orderBody(t.ids.user.customer!, [[t.ids.product.tvLg!, 1]], { type_sale: 'preorder', payment_mode: 'online' });
    const placed = await t.json('/api/commandes', { method: 'POST', token: customer, body });
    expect(placed.status).toBe(201);
    const { reference, tranches } = placed.body as { reference: string; tranches: { due_on: string | null }[] };

    const before = await read(reference);
    expect(before).toMatchObject({ amount_total: 430000, payment_mode: 'online', payment_status: 'pending' });
    expect(before.instalments).toEqual({
      next: { number: 1, label: 'Première tranche (30 %)', amount: 129000, due_on: tranches[0]!.due_on },
      last_paid: null,
      count: 3,
      paid_count: 0,
      amount_paid: 0,
      amount_left: 430000,
    });

    await payNext(reference);
    const after = await read(reference);
    expect(after.instalments).toMatchObject({
      next: { number: 2, label: 'Deuxième tranche (30 %)', amount: 129000, due_on: tranches[1]!.due_on },
      last_paid: { number: 1, label: 'Première tranche (30 %)', amount: 129000 },
      paid_count: 1,
      amount_paid: 129000,
      amount_left: 301000,
    });
    // An instalment's payment is not the order's: nothing is open, the order still waits for the rest.
    expect(after).toMatchObject({ payment_status: 'pending', checkout_open: false });

    await payNext(reference);
    await payNext(reference);
    const done = await read(reference);
    expect(done).toMatchObject({ payment_status: 'paid' });
    expect(done.instalments).toMatchObject({
      next: null,
      last_paid: { number: 3, label: 'Troisième tranche (40 %)', amount: 172000, due_on: null },
      paid_count: 3,
      amount_paid: 430000,
      amount_left: 0,
    });
  });

  it('answers no instalments for an order paid in one go, and an older answer without them still decodes', async () => {
    const body = orderBody(t.ids.user.customer!, [[t.ids.product.clim!, 1]], { payment_mode: 'online' });
    const placed = await t.json('/api/commandes', { method: 'POST', token: customer, body });
    const answer = await read(placed.body.reference);
    expect(answer.instalments).toBeNull();
    const { instalments: _, ...older } = answer;
    expect(paymentStateSchema.safeParse(older).success).toBe(true);
  });
});
