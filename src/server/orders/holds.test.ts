import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { book, bookingBody, nextGuest, orderBody, setStock, stockOf } from '../../../tests/fixtures/orders.ts';
import { HOLDS } from '../../domain/holds.ts';
import { orders } from '../db/schema-orders.ts';
import { memoryMailer, type SentMessage } from '../mail/mailer.ts';
import { demoProvider, type DemoProvider } from '../payments/demo.ts';
import { PAYMENT_TEXT } from '../payments/checkout.ts';
import { BOOKING_LIMITS } from './booking-limits.ts';
import { expireHolds } from './holds.ts';

const MIN = 60;

describe.each(testDatabases())('stock holds on $name', (kind) => {
  let t: TestApi;
  let provider: DemoProvider;
  const sent: SentMessage[] = [];
  let p: Record<string, number>;
  const run = () =>
    expireHolds({ db: t.database.db, provider, mailer: memoryMailer(sent), siteUrl: 'https://boutique.test', log: () => {} }, t.clock.now);
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const pay = (o: { reference: string; payment_token: string }) =>
    t.json(`/api/paiement/${o.reference}/session`, { method: 'POST', headers: { 'Payment-Token': o.payment_token }, ip: nextGuest().ip });

  beforeAll(async () => {
    t = await setupApi(kind, {
      fakeDate: true,
      payments: (now) => (provider = demoProvider({ webhookSecret: 'w'.repeat(32), pageUrl: (id) => `/api/payments/demo/${id}`, now })),
    });
    p = t.ids.product;
  });
  afterAll(() => t.close());
  // Each test starts with no hold left running: earlier tests' orders have ended and given their stock back.
  beforeEach(async () => {
    t.clock.advance(HOLDS.accountCashMs / 1000 + MIN);
    await run();
  });

  it('lets forty guest bookings from one address take only what the limits allow, and a customer still orders', async () => {
    await setStock(t, { [p.tvSamsung!]: 12, [p.ventiPied!]: 24 });
    const ip = '41.82.10.7';
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(
        await t.json('/api/commande-sans-partner', {
          method: 'POST',
          ip,
          body: bookingBody(p, { telephone: nextGuest().telephone }, { payment_mode: 'domicile' }),
        }),
      );
    }
    const made = answers.filter((a) => a.status === 201).length;
    expect(made).toBe(BOOKING_LIMITS.address.points);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toMatch(/^Trop de réservations depuis cette connexion\. Veuillez réessayer dans /);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stockOf(t, p.tvSamsung!)).toBe(12 - made);
    const customer = (await t.login('customer')).access_token;
    const res = await t.json('/api/commandes', {
      method: 'POST',
      token: customer,
      body: orderBody(t.ids.user.customer, [[p.tvSamsung!, 1]]),
    });
    expect(res.status).toBe(201);
  });

  it('limits bookings per phone number whatever the address, and a retried booking is not counted twice', async () => {
    await setStock(t, { [p.tvSamsung!]: 100, [p.ventiPied!]: 200 });
    const { telephone } = nextGuest();
    const once = (key: string) =>
      t.json('/api/commande-sans-partner', {
        method: 'POST',
        ip: nextGuest().ip,
        headers: { 'Idempotency-Key': key },
        body: bookingBody(p, { telephone }),
      });
    const first = await once('cle-0001-aaaa');
    expect(first.status).toBe(201);
    // The same booking sent again (a dropped answer): the same order, no second count.
    const replay = await once('cle-0001-aaaa');
    expect(replay.status).toBe(201);
    expect(replay.body.reference).toBe(first.body.reference);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await once('cle-0002-aaaa')).status).toBe(201);
    expect((await once('cle-0003-aaaa')).status).toBe(201);
    const fourth = await once('cle-0004-aaaa');
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^Trop de réservations aujourd’hui pour ce numéro de téléphone \(3 par jour\)\./);
  });

  it('scopes a guest’s Idempotency-Key to that guest: two guests with one key make two orders', async () => {
    const send = () =>
      t.json('/api/commande-sans-partner', {
        method: 'POST',
        ip: nextGuest().ip,
        headers: { 'Idempotency-Key': 'cle-partagee-1234' },
        body: bookingBody(p, { telephone: nextGuest().telephone }),
      });
    const [a, b] = [await send(), await send()];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.reference).not.toBe(b.body.reference);
  });

  it('gives an unpaid online order’s stock back when its hold ends, once, and tells its shopper', async () => {
    await setStock(t, { [p.tvSamsung!]: 10, [p.ventiPied!]: 20 });
    const res = await book(t, 'online');
    expect(res.status).toBe(201);
    expect(res.body.hold_until).toBe(new Date(t.clock.now.getTime() + HOLDS.onlineMs).toISOString());
    expect(await stockOf(t, p.tvSamsung!)).toBe(9);
    t.clock.advance(29 * MIN);
    expect((await run()).map((o) => o.id)).not.toContain(res.body.id);
    t.clock.advance(2 * MIN);
    // Earlier tests' bookings end too: this one must be among them.
    expect((await run()).map((o) => o.id)).toContain(res.body.id);
    expect(await row(res.body.id)).toMatchObject({
      state: 'cancel',
      cancelReason: 'hold_expired',
      paymentStatus: 'cancelled',
      holdUntil: null,
    });
    expect([await stockOf(t, p.tvSamsung!), await stockOf(t, p.ventiPied!)]).toEqual([10, 20]);
    expect(await run()).toEqual([]);
    expect(await stockOf(t, p.tvSamsung!)).toBe(10);
    const told = sent.filter((m) => m.text.includes(res.body.reference));
    expect(told.map((m) => m.kind).sort()).toEqual(['email', 'sms']);
    expect(told.find((m) => m.kind === 'sms')!.text).toMatch(/annulée, le paiement en ligne n’a pas été reçu à temps/);
    // Too late to pay: the payment screen says why.
    expect(await pay(res.body)).toMatchObject({ status: 409, body: { message: PAYMENT_TEXT.expired } });
  });

  it('gives stock back once when several instances end the same holds at once', async () => {
    await setStock(t, { [p.tvSamsung!]: 30, [p.ventiPied!]: 60 });
    const booked = [];
    for (let i = 0; i < 8; i++) booked.push((await book(t, 'online')).body.id as number);
    expect(await stockOf(t, p.tvSamsung!)).toBe(22);
    t.clock.advance(31 * MIN);
    const runs = await Promise.all([run(), run(), run()]);
    const ended = runs.flat().map((o) => o.id);
    // Each order ended by exactly one of them.
    expect(ended.sort((a, b) => a - b)).toEqual([...booked].sort((a, b) => a - b));
    expect([await stockOf(t, p.tvSamsung!), await stockOf(t, p.ventiPied!)]).toEqual([30, 60]);
  });

  it('refuses to open a checkout once the hold has ended, even before the job runs', async () => {
    const res = await book(t, 'online');
    t.clock.advance(31 * MIN);
    expect(await pay(res.body)).toMatchObject({ status: 409, body: { message: PAYMENT_TEXT.expired } });
    await run();
  });

  it('stretches the hold to the end of a checkout session opened late, up to its cap', async () => {
    const res = await book(t, 'online');
    t.clock.advance(20 * MIN);
    expect((await pay(res.body)).status).toBe(200);
    // Demonstration sessions last 30 minutes: this one ends 50 minutes after the order.
    expect((await row(res.body.id)).holdUntil?.getTime()).toBe(new Date(res.body.date_order).getTime() + 50 * 60_000);
    t.clock.advance(15 * MIN);
    expect((await run()).map((o) => o.id)).not.toContain(res.body.id);
    t.clock.advance(16 * MIN);
    expect((await run()).map((o) => o.id)).toContain(res.body.id);
  });

  it('keeps an order paid at the provider whose webhook never came: the job asks first', async () => {
    const res = await book(t, 'online');
    const url: string = (await pay(res.body)).body.url;
    provider.settle(url.split('/').at(-1)!, 'paid', t.clock.now);
    t.clock.advance(HOLDS.onlineMaxMs / 1000 + MIN);
    expect((await run()).map((o) => o.id)).not.toContain(res.body.id);
    expect(await row(res.body.id)).toMatchObject({ state: 'sale', paymentStatus: 'paid', holdUntil: null });
  });

  it('keeps a cash booking the retailer confirms, and cancels one nobody confirms after 24 hours', async () => {
    await setStock(t, { [p.tvSamsung!]: 10, [p.ventiPied!]: 20 });
    const confirmed = (await book(t, 'domicile')).body;
    const forgotten = (await book(t, 'domicile')).body;
    expect(new Date(forgotten.hold_until).getTime() - new Date(forgotten.date_order).getTime()).toBe(HOLDS.guestCashMs);
    const admin = (await t.login('admin')).access_token;
    expect(
      (await t.json(`/api/commandes/${confirmed.id}`, { method: 'PUT', token: admin, body: { state: 'confirmed' } })).body.hold_until,
    ).toBeNull();
    t.clock.advance(24 * 60 * MIN + MIN);
    const ended = (await run()).map((o) => o.id);
    expect(ended).toContain(forgotten.id);
    expect(ended).not.toContain(confirmed.id);
    expect((await row(confirmed.id)).state).toBe('confirmed');
    expect(await stockOf(t, p.tvSamsung!)).toBe(9);
  });

  it('holds a customer’s cash order 72 hours, and a pre-order nothing', async () => {
    const customer = (await t.login('customer')).access_token;
    const cash = await t.json('/api/commandes', {
      method: 'POST',
      token: customer,
      body: orderBody(t.ids.user.customer, [[p.tvSamsung!, 1]]),
    });
    expect(new Date(cash.body.hold_until).getTime() - new Date(cash.body.date_order).getTime()).toBe(HOLDS.accountCashMs);
    // Out of stock, with a pre-order price: what pre-orders are for.
    await setStock(t, { [p.tvLg!]: 0 });
    const pre = await t.json('/api/commandes', {
      method: 'POST',
      token: customer,
      body: orderBody(t.ids.user.customer, [[p.tvLg!, 1]], { type_sale: 'preorder' }),
    });
    expect(pre.status).toBe(201);
    expect(pre.body.hold_until).toBeNull();
  });
});
