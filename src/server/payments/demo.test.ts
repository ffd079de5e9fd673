import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { book, setStock } from '../../../tests/fixtures/orders.ts';
import { formatFCFA } from '../../domain/money.ts';
import { orders } from '../db/schema-orders.ts';

describe.each(testDatabases())('the demonstration provider on $name', (kind) => {
  let t: TestApi;
  let n = 0;

  beforeAll(async () => {
    // No provider given: the app runs the built-in demonstration provider, as the shop does without WAVE_API_KEY.
    t = await setupApi(kind);
    await setStock(t, { [t.ids.product.tvSamsung!]: 10_000, [t.ids.product.ventiPied!]: 10_000 });
  });
  afterAll(() => t.close());

  async function checkout(provider?: 'orange') {
    const o = (await book(t, 'online')).body;
    const res = await t.json(`/api/paiement/${o.reference}/session`, {
      method: 'POST',
      ip: `192.0.2.${++n}`,
      headers: { 'Payment-Token': o.payment_token },
      ...(provider ? { body: { provider } } : {}),
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/api\/payments\/demo\/demo-[\w-]+$/);
    return { o, url: res.body.url as string };
  }
  const choose = (url: string, outcome: string) =>
    t.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });
  const status = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.paymentStatus;

  it('shows a page clearly marked as a demonstration, with the order and its amount', async () => {
    const { o, url } = await checkout();
    const page = await t.app.request(url);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<h1>Paiement de démonstration</h1>');
    expect(text).toContain(o.reference);
    expect(text).toContain(formatFCFA(210000));
    expect(text).toContain('Abandonner le paiement');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
  });

  it('paid: posts the signed webhook to our own route and goes back to /payment-state', async () => {
    const { o, url } = await checkout();
    const res = await choose(url, 'paid');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/payment-state?ref=${o.reference}`);
    expect(await status(o.id)).toBe('paid');
    expect(t.logs.some((l) => l.includes('checkout.session.completed') && l.includes(': paid'))).toBe(true);
    expect((await choose(url, 'paid')).status).toBe(409);
  });

  it('failed: the order shows a failed payment', async () => {
    const { o, url } = await checkout();
    expect((await choose(url, 'failed')).status).toBe(303);
    expect(await status(o.id)).toBe('failed');
  });

  it('abandoned: no webhook, and /payment-state finds the session expired at the provider', async () => {
    const { o, url } = await checkout();
    expect((await choose(url, 'abandoned')).status).toBe(303);
    expect(await status(o.id)).toBe('pending');
    const res = await t.json(`/api/paiement/${o.reference}`, { ip: '192.0.2.250' });
    expect(res.body).toMatchObject({ payment_status: 'cancelled', checkout_open: false });
  });

  it('refuses an unknown choice or session', async () => {
    const { url } = await checkout();
    expect((await choose(url, 'free')).status).toBe(400);
    expect((await t.app.request('/api/payments/demo/demo-nope')).status).toBe(404);
  });

  it('stands for Orange Money too: its page says so, and "paid" posts an Orange notification to our own route', async () => {
    const { o, url } = await checkout('orange');
    expect(url).toMatch(/^\/api\/payments\/demo\/demo-om-[\w-]+$/);
    const text = await (await t.app.request(url)).text();
    expect(text).toContain('remplace Orange Money');
    expect((await t.json(`/api/paiement/${o.reference}`, { ip: '192.0.2.251' })).body).toMatchObject({ provider: 'orange' });
    const res = await choose(url, 'paid');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/payment-state?ref=${o.reference}`);
    expect(await status(o.id)).toBe('paid');
    expect(t.logs.some((l) => l.includes(`Orange Money ${o.reference} (SUCCESS) : paid`))).toBe(true);
  });

  it('Orange Money abandoned: nothing sent, and /payment-state finds the payment expired', async () => {
    const { o, url } = await checkout('orange');
    expect((await choose(url, 'abandoned')).status).toBe(303);
    const res = await t.json(`/api/paiement/${o.reference}`, { ip: '192.0.2.252' });
    expect(res.body).toMatchObject({ payment_status: 'cancelled', checkout_open: false });
  });
});
