import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { signedEvent, startFakeWave, type FakeWave } from '../../../tests/fixtures/fake-wave.ts';
import { book, setStock } from '../../../tests/fixtures/orders.ts';
import { auditLog } from '../db/schema-admin.ts';
import { orders } from '../db/schema-orders.ts';
import { paymentEvents, paymentSessions } from '../db/schema-payments.ts';
import { PAYMENT_TEXT } from './checkout.ts';
import { reconcile } from './reconcile.ts';
import { signWave } from './signature.ts';
import { waveProvider } from './wave.ts';

const SECRET = 'whsec_test_0123456789abcdef0123456789';
const SITE = 'https://boutique.example.sn';

describe.each(testDatabases())('Wave payments on $name', (kind) => {
  let t: TestApi;
  let wave: FakeWave;
  let n = 0;
  let ip: string;
  let provider: ReturnType<typeof waveProvider>;

  beforeAll(async () => {
    let clockNow: () => Date = () => new Date();
    wave = await startFakeWave(() => clockNow());
    t = await setupApi(kind, {
      siteUrl: SITE,
      payments: (now) => {
        clockNow = now;
        provider = waveProvider({ apiKey: wave.apiKey, apiUrl: wave.url, webhookSecret: SECRET, timeoutMs: 500 });
        return provider;
      },
    });
    await setStock(t, { [t.ids.product.tvSamsung!]: 10_000, [t.ids.product.ventiPied!]: 10_000 });
  });
  afterAll(async () => {
    await t.close();
    await wave.close();
  });
  beforeEach(() => {
    wave.mode = 'ok';
    ip = `198.51.100.${++n}`;
  });

  // The payment token each guest got with their order: only its bearer may pay.
  const tokens = new Map<string, string>();
  /** A guest pack order paid online (210 000 FCFA). */
  async function order(): Promise<{ id: number; reference: string; amount_total: number }> {
    const res = await book(t, 'online');
    expect(res.status).toBe(201);
    tokens.set(res.body.reference, res.body.payment_token);
    return res.body;
  }
  const proof = (reference: string) => ({ 'Payment-Token': tokens.get(reference) ?? '' });
  const pay = (reference: string) => t.json(`/api/paiement/${reference}/session`, { method: 'POST', ip, headers: proof(reference) });
  const state = (reference: string) => t.json(`/api/paiement/${reference}`, { ip });
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const sessions = (orderId: number) =>
    t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).orderBy(paymentSessions.id);
  const lastSession = () => [...wave.sessions.values()].at(-1)!;
  const webhook = (body: string, signature: string | undefined) =>
    t.json('/api/payments/wave/webhook', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'Wave-Signature': signature } : {}) },
    });
  const completed = (id: string, data = wave.complete(id)) =>
    signedEvent(SECRET, t.clock.now, `EV_${id}_${++n}`, 'checkout.session.completed', data);
  const paymentAudits = async (orderId: number) =>
    (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, orderId)))[0]!.n;

  it('opens a Wave checkout for the order: amount in whole francs as a string, XOF, the reference, back to /payment-state', async () => {
    const o = await order();
    const before = wave.requests.length;
    const res = await pay(o.reference);
    expect(res.status).toBe(200);
    const sent = wave.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${wave.apiKey}`);
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^boutique-session-\d+$/);
    const back = `${SITE}/payment-state?ref=${o.reference}`;
    expect(sent[0]!.body).toEqual({ amount: '210000', currency: 'XOF', client_reference: o.reference, success_url: back, error_url: back });
    expect(res.body).toEqual({ url: lastSession().wave_launch_url });
    expect((await row(o.id)).paymentStatus).toBe('pending');
    // A second tap while the session is open sends the shopper to the same page, without a second session.
    expect((await pay(o.reference)).body).toEqual(res.body);
    expect(wave.requests.length).toBe(before + 1);
    expect((await state(o.reference)).body).toMatchObject({ payment_status: 'pending', checkout_open: true, amount_total: 210000 });
  });

  it('marks the order paid on a well-signed checkout.session.completed, without touching its total', async () => {
    const o = await order();
    await pay(o.reference);
    const e = completed(lastSession().id);
    const res = await webhook(e.body, e.signature);
    expect(res).toMatchObject({ status: 200, body: { received: true, outcome: 'paid' } });
    const r = await row(o.id);
    expect([r.paymentStatus, r.amountTotal, r.state]).toEqual(['paid', 210000, 'sale']);
    expect((await state(o.reference)).body).toMatchObject({ payment_status: 'paid', amount_total: 210000 });
    expect((await sessions(o.id))[0]).toMatchObject({ status: 'paid', transactionId: expect.stringMatching(/^T/) });
  });

  it.each<[string, (id: string, ref: string) => { body: string; signature?: string }, number, string]>([
    [
      'a bad signature',
      (id) => {
        const e = completed(id);
        // One hex digit changed.
        return { ...e, signature: e.signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`) };
      },
      401,
      'signature invalide',
    ],
    [
      'a signature made with another secret',
      (id) => signedEvent('another-secret-0123456789', t.clock.now, `EV_x${id}`, 'checkout.session.completed', wave.complete(id)),
      401,
      'signature invalide',
    ],
    ['no signature', (id) => ({ body: completed(id).body }), 401, 'en-tête Wave-Signature absent'],
    [
      'a stale timestamp',
      (id) =>
        signedEvent(SECRET, new Date(t.clock.now.getTime() - 10 * 60_000), `EV_old${id}`, 'checkout.session.completed', wave.complete(id)),
      401,
      'horodatage',
    ],
    [
      'a body changed after signing',
      (id) => {
        const e = completed(id);
        return { body: e.body.replace('"210000"', '"21000"'), signature: e.signature };
      },
      401,
      'signature invalide',
    ],
    [
      'a wrong amount',
      (id) => signedEvent(SECRET, t.clock.now, `EV_amt${id}`, 'checkout.session.completed', { ...wave.complete(id), amount: '1000' }),
      422,
      'Événement refusé',
    ],
    [
      'a fractional amount',
      (id) => signedEvent(SECRET, t.clock.now, `EV_frac${id}`, 'checkout.session.completed', { ...wave.complete(id), amount: '210000.5' }),
      422,
      'Événement refusé',
    ],
    [
      'a wrong currency',
      (id) => signedEvent(SECRET, t.clock.now, `EV_cur${id}`, 'checkout.session.completed', { ...wave.complete(id), currency: 'EUR' }),
      422,
      'Événement refusé',
    ],
    [
      'another order’s reference',
      (id) =>
        signedEvent(SECRET, t.clock.now, `EV_ref${id}`, 'checkout.session.completed', {
          ...wave.complete(id),
          client_reference: 'BQ-22222222',
        }),
      422,
      'Événement refusé',
    ],
    [
      'an unknown session',
      (id) => signedEvent(SECRET, t.clock.now, `EV_unk${id}`, 'checkout.session.completed', { ...wave.complete(id), id: 'cos-unknown' }),
      422,
      'Événement refusé',
    ],
    [
      'a well-signed body that is not JSON',
      () => {
        const body = '{"id": "EV_bad", ';
        return { body, signature: signWave(SECRET, Math.floor(t.clock.now.getTime() / 1000), body) };
      },
      400,
      'pas un JSON valide',
    ],
  ])('refuses %s and changes nothing', async (_l, make, status, why) => {
    const o = await order();
    await pay(o.reference);
    const id = lastSession().id;
    const events = (await t.database.db.select({ n: count() }).from(paymentEvents))[0]!.n;
    const { body, signature } = make(id, o.reference);
    const res = await webhook(body, signature);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(why);
    expect((await row(o.id)).paymentStatus).toBe('pending');
    expect((await sessions(o.id)).map((s) => s.status)).toEqual(['open']);
    expect((await t.database.db.select({ n: count() }).from(paymentEvents))[0]!.n).toBe(events);
    expect(t.logs.some((l) => l.includes('[paiement]') && (l.includes('refus') || l.includes('Webhook')))).toBe(true);
  });

  it('applies the same event once when Wave delivers it twice', async () => {
    const o = await order();
    await pay(o.reference);
    const audits = await paymentAudits(o.id);
    const e = completed(lastSession().id);
    const first = await webhook(e.body, e.signature);
    const second = await webhook(e.body, e.signature);
    expect([first.body.outcome, second.body.outcome]).toEqual(['paid', 'duplicate']);
    expect(second.status).toBe(200);
    expect(await paymentAudits(o.id)).toBe(audits + 1);
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, JSON.parse(e.body).id));
    expect(stored.map((r) => r.outcome)).toEqual(['paid']);
    expect((await row(o.id)).paymentStatus).toBe('paid');
  });

  it('reconciles a payment whose webhook was lost, when /payment-state asks and in the background pass', async () => {
    const a = await order();
    const b = await order();
    await pay(a.reference);
    const aSession = lastSession().id;
    await pay(b.reference);
    const bSession = lastSession().id;
    wave.complete(aSession);
    wave.complete(bSession);
    // No webhook: the screen's own question makes the shop ask Wave.
    expect((await state(a.reference)).body).toMatchObject({ payment_status: 'paid' });
    expect((await row(b.id)).paymentStatus).toBe('pending');
    expect(await reconcile(t.database.db, provider, t.clock.now, () => {})).toBeGreaterThanOrEqual(1);
    expect((await row(b.id)).paymentStatus).toBe('paid');
  });

  it.each([
    ['answers 500', 'error'],
    ['does not answer', 'hang'],
  ] as const)('keeps the order pending with a French message and a retry when Wave %s', async (_l, mode) => {
    const o = await order();
    wave.mode = mode;
    const res = await pay(o.reference);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: PAYMENT_TEXT.providerDown, retry: true });
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'pending', amountTotal: 210000, state: 'sale' });
    wave.mode = 'ok';
    expect((await state(o.reference)).body).toMatchObject({ payment_status: 'pending', checkout_open: false });
    const retry = await pay(o.reference);
    expect(retry.status).toBe(200);
    expect(retry.body.url).toBe(lastSession().wave_launch_url);
    expect((await sessions(o.id)).map((s) => s.status)).toEqual(['failed', 'open']);
  });

  it('marks a refused payment failed; "Payer maintenant" opens a new session, and a second payment is flagged for a refund', async () => {
    const o = await order();
    await pay(o.reference);
    const first = lastSession().id;
    const failed = signedEvent(SECRET, t.clock.now, `EV_fail_${first}`, 'checkout.session.payment_failed', wave.fail(first));
    expect((await webhook(failed.body, failed.signature)).body.outcome).toBe('failed');
    expect((await state(o.reference)).body).toMatchObject({ payment_status: 'failed' });
    const again = await pay(o.reference);
    expect(again.status).toBe(200);
    const second = lastSession().id;
    expect(second).not.toBe(first);
    const paid = completed(second);
    expect((await webhook(paid.body, paid.signature)).body.outcome).toBe('paid');
    // The first session, still payable at Wave, is paid too: kept, and flagged for a refund.
    const twice = completed(first);
    expect((await webhook(twice.body, twice.signature)).body.outcome).toBe('refund_due');
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'paid', amountTotal: 210000 });
    const { access_token } = await t.login('admin');
    const listed = await t.json(`/api/admin/commandes/${o.id}/paiements`, { token: access_token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { status: string; refund_due: boolean }) => [s.status, s.refund_due])).toEqual([
      ['paid', true],
      ['paid', false],
    ]);
    expect(await pay(o.reference)).toMatchObject({ status: 409, body: { message: PAYMENT_TEXT.paid } });
  });

  it('closes the open session of a cancelled order at Wave', async () => {
    const o = await order();
    await pay(o.reference);
    const id = lastSession().id;
    const { access_token } = await t.login('admin');
    expect((await t.json(`/api/commandes/${o.id}`, { method: 'PUT', token: access_token, body: { state: 'cancel' } })).status).toBe(200);
    await expect.poll(async () => (await sessions(o.id))[0]!.status).toBe('expired');
    expect(wave.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${id}/expire`)).toBe(true);
    expect(wave.sessions.get(id)!.checkout_status).toBe('expired');
    expect(await row(o.id)).toMatchObject({ state: 'cancel', paymentStatus: 'cancelled' });
    expect(await pay(o.reference)).toMatchObject({ status: 409, body: { message: PAYMENT_TEXT.cancelled } });
  });

  it('flags for a refund a payment made just before the order was cancelled', async () => {
    const o = await order();
    await pay(o.reference);
    const id = lastSession().id;
    wave.complete(id);
    const { access_token } = await t.login('admin');
    expect((await t.json(`/api/commandes/${o.id}`, { method: 'PUT', token: access_token, body: { state: 'cancel' } })).status).toBe(200);
    await expect.poll(async () => (await sessions(o.id))[0]!.status).toBe('paid');
    expect((await sessions(o.id))[0]!.refundDue).toBe(true);
    // Cancelled with money received: owed back.
    expect(await row(o.id)).toMatchObject({ state: 'cancel', paymentStatus: 'refund_due', amountTotal: 210000 });
  });

  it('switches an unpaid online order to payment on delivery', async () => {
    const o = await order();
    await pay(o.reference);
    const res = await t.json(`/api/paiement/${o.reference}/domicile`, { method: 'POST', ip, headers: proof(o.reference) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ payment_mode: 'domicile', payment_status: 'unpaid', amount_total: 210000 });
    expect(await t.json('/api/paiement/BQ-22222222/domicile', { method: 'POST', ip })).toMatchObject({
      status: 404,
      body: { message: PAYMENT_TEXT.notFound },
    });
  });

  it('never takes a payment state from the client: no route writes payment_status without a signature or an admin', async () => {
    const o = await order();
    const res = await t.json(`/api/paiement/${o.reference}?payment_status=paid`, { ip });
    expect(res.body.payment_status).toBe('pending');
    expect(
      (await t.json(`/api/paiement/${o.reference}/session`, { method: 'POST', ip, headers: proof(o.reference), body: { amount: 1 } })).body
        .url,
    ).toBeDefined();
    expect((await sessions(o.id))[0]!.amount).toBe(210000);
  });

  it('answers 503 without a retry when Orange Money is off (Wave only), and its notification route 404', async () => {
    const o = await order();
    const res = await t.json(`/api/paiement/${o.reference}/session`, {
      method: 'POST',
      ip,
      headers: proof(o.reference),
      body: { provider: 'orange' },
    });
    expect(res).toMatchObject({ status: 503, body: { message: PAYMENT_TEXT.off, retry: false } });
    expect(await sessions(o.id)).toEqual([]);
    const n = await t.json('/api/payments/orange/notification', { method: 'POST', body: { status: 'SUCCESS', notif_token: 'x' } });
    expect(n.status).toBe(404);
  });
});
