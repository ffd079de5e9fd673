import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { type FakeOrange, startFakeOrange } from '../../../tests/fixtures/fake-orange.ts';
import { type FakeWave, signedEvent, startFakeWave } from '../../../tests/fixtures/fake-wave.ts';
import { book, setStock } from '../../../tests/fixtures/orders.ts';
import { PROVIDER_REFUSED } from '../../domain/payment-state.ts';
import { auditLog } from '../db/schema-admin.ts';
import { orders } from '../db/schema-orders.ts';
import { paymentEvents, paymentSessions } from '../db/schema-payments.ts';
import { PAYMENT_TEXT } from './checkout.ts';
import { ORANGE_TEXT } from './orange-notification.ts';
import {
  fromOrangeStatus,
  hashNotifToken,
  ORANGE_NOTIFICATION_PATH,
  type OrangeStatus,
  orangeMoneyProvider,
  orangeSession,
} from './orange-money.ts';
import { reconcile } from './reconcile.ts';
import { waveProvider } from './wave.ts';

const SECRET = 'whsec_test_0123456789abcdef0123456789';
const SITE = 'https://boutique.example.sn';

describe.each(testDatabases())('Orange Money payments on $name', (kind) => {
  let t: TestApi;
  let om: FakeOrange;
  let wave: FakeWave;
  let n = 0;
  let ip: string;
  let orange: ReturnType<typeof orangeMoneyProvider>;

  beforeAll(async () => {
    let clockNow: () => Date = () => new Date();
    om = await startFakeOrange();
    wave = await startFakeWave(() => clockNow());
    t = await setupApi(kind, {
      siteUrl: SITE,
      payments: (now) => {
        clockNow = now;
        return waveProvider({ apiKey: wave.apiKey, apiUrl: wave.url, webhookSecret: SECRET, timeoutMs: 500 });
      },
      orange: (now) => {
        orange = orangeMoneyProvider({
          clientId: om.clientId,
          clientSecret: om.clientSecret,
          merchantKey: om.merchantKey,
          apiUrl: om.url,
          notifUrl: `${SITE}${ORANGE_NOTIFICATION_PATH}`,
          timeoutMs: 500,
          now,
        });
        return orange;
      },
    });
    await setStock(t, { [t.ids.product.tvSamsung!]: 10_000, [t.ids.product.ventiPied!]: 10_000 });
  });
  afterAll(async () => {
    await t.close();
    await om.close();
    await wave.close();
  });
  beforeEach(() => {
    om.mode = 'ok';
    wave.mode = 'ok';
    ip = `198.51.100.${++n}`;
  });

  const tokens = new Map<string, string>();
  /** A guest pack order paid online (210 000 FCFA). */
  async function order(): Promise<{ id: number; reference: string }> {
    const res = await book(t, 'online');
    expect(res.status).toBe(201);
    tokens.set(res.body.reference, res.body.payment_token);
    return res.body;
  }
  const pay = (reference: string, body?: unknown) =>
    t.json(`/api/paiement/${reference}/session`, {
      method: 'POST',
      ip,
      headers: { 'Payment-Token': tokens.get(reference) ?? '' },
      ...(body === undefined ? {} : { body }),
    });
  const payOrange = (reference: string) => pay(reference, { provider: 'orange' });
  const state = (reference: string) => t.json(`/api/paiement/${reference}`, { ip });
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const sessions = (orderId: number) =>
    t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).orderBy(paymentSessions.id);
  const lastPayment = () => [...om.payments.values()].at(-1)!;
  const lastWave = () => [...wave.sessions.values()].at(-1)!;
  const notify = (body: string) =>
    t.json(ORANGE_NOTIFICATION_PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
  const eventCount = async () => (await t.database.db.select({ n: count() }).from(paymentEvents))[0]!.n;
  const audits = async (orderId: number) =>
    (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, orderId)))[0]!.n;
  const waveWebhook = (id: string) => {
    const e = signedEvent(SECRET, t.clock.now, `EV_${id}_${++n}`, 'checkout.session.completed', wave.complete(id));
    return t.json('/api/payments/wave/webhook', {
      method: 'POST',
      body: e.body,
      headers: { 'Content-Type': 'application/json', 'Wave-Signature': e.signature },
    });
  };

  it('opens an Orange Money payment: token by client credentials, webpayment with the order’s total, the notif_token kept hashed', async () => {
    const o = await order();
    const before = om.requests.length;
    const res = await payOrange(o.reference);
    expect(res.status).toBe(200);
    const sent = om.requests.slice(before);
    const token = sent.find((r) => r.path === '/oauth/v3/token');
    if (token) {
      expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${om.clientId}:${om.clientSecret}`).toString('base64')}`);
      expect(token.body).toBe('grant_type=client_credentials');
    }
    const p = lastPayment();
    const back = `${SITE}/payment-state?ref=${o.reference}`;
    expect(sent.find((r) => r.path.endsWith('/webpayment'))!.body).toEqual({
      merchant_key: om.merchantKey,
      currency: 'XOF',
      order_id: p.order_id,
      amount: 210000,
      return_url: back,
      cancel_url: back,
      notif_url: `${SITE}/api/payments/orange/notification`,
      lang: 'fr',
      reference: o.reference,
    });
    expect(p.order_id.startsWith(`${o.reference}-`)).toBe(true);
    expect(res.body).toEqual({ url: `https://mpayment.orange-money.com/sn/mpayment/abstract/${p.pay_token}` });
    expect((await sessions(o.id)).map((s) => [s.provider, s.providerId, s.status])).toEqual([['orange', p.pay_token, 'open']]);
    // Only the token's SHA-256 is stored.
    const stored = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'notif_token'));
    expect(stored.some((e) => e.eventId === `notif_token:${hashNotifToken(p.notif_token)}`)).toBe(true);
    expect(stored.some((e) => JSON.stringify(e).includes(p.notif_token))).toBe(false);
    expect((await state(o.reference)).body).toMatchObject({ payment_status: 'pending', checkout_open: true, provider: 'orange' });
    // A second tap goes to the same page.
    expect((await payOrange(o.reference)).body).toEqual(res.body);
    expect(om.payments.size).toBe([...om.payments.values()].length);
    expect(om.requests.filter((r) => r.path.endsWith('/webpayment')).length).toBe(
      om.requests.slice(0, before).filter((r) => r.path.endsWith('/webpayment')).length + 1,
    );
  });

  it('marks the order paid on a notification that Orange’s transaction status confirms', async () => {
    const o = await order();
    await payOrange(o.reference);
    const p = om.pay(lastPayment().pay_token);
    const res = await notify(om.notification(p.pay_token));
    expect(res).toMatchObject({ status: 200, body: { received: true, outcome: 'paid' } });
    const asked = om.requests.filter((r) => r.path.endsWith('/transactionstatus')).at(-1)!;
    expect(asked.body).toEqual({ order_id: p.order_id, amount: 210000, pay_token: p.pay_token });
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'paid', amountTotal: 210000, paymentMode: 'online' });
    expect((await sessions(o.id))[0]).toMatchObject({ status: 'paid', transactionId: p.txnid, refundDue: false });
    expect((await state(o.reference)).body).toMatchObject({ payment_status: 'paid', provider: null });
  });

  it('marks a refused payment failed, then an expired one ended, and opens a new payment afterwards', async () => {
    const o = await order();
    await payOrange(o.reference);
    const first = om.fail(lastPayment().pay_token);
    expect((await notify(om.notification(first.pay_token))).body.outcome).toBe('failed');
    expect((await row(o.id)).paymentStatus).toBe('failed');
    om.expire(first.pay_token);
    const ended = await notify(om.notification(first.pay_token));
    expect(ended.status).toBe(200);
    expect((await sessions(o.id))[0]!.status).toBe('expired');
    expect((await row(o.id)).paymentStatus).not.toBe('paid');
    const again = await payOrange(o.reference);
    expect(again.status).toBe(200);
    expect(lastPayment().pay_token).not.toBe(first.pay_token);
  });

  it.each<[string, (body: string) => string, number, string]>([
    ['a forged notif_token', (b) => JSON.stringify({ ...JSON.parse(b), notif_token: 'f'.repeat(32) }), 401, ORANGE_TEXT.forged],
    ['no notif_token', (b) => JSON.stringify({ ...JSON.parse(b), notif_token: undefined }), 400, 'illisible'],
    ['a body that is not JSON', () => '{"status": "SUCCESS", ', 400, 'pas un JSON valide'],
    ['a status Orange does not confirm', (b) => JSON.stringify({ ...JSON.parse(b), status: 'SUCCESS' }), 409, ORANGE_TEXT.unconfirmed],
  ])('refuses %s and changes nothing', async (_l, make, status, why) => {
    const o = await order();
    await payOrange(o.reference);
    const events = await eventCount();
    // The payment is still INITIATED at Orange.
    const res = await notify(make(om.notification(lastPayment().pay_token)));
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(why);
    expect((await row(o.id)).paymentStatus).toBe('pending');
    expect((await sessions(o.id)).map((s) => s.status)).toEqual(['open']);
    expect(await eventCount()).toBe(events);
  });

  it('records, and does not pay, a success whose amount at Orange is not the order’s', async () => {
    const o = await order();
    await payOrange(o.reference);
    const p = om.pay(lastPayment().pay_token);
    p.amount = 1000;
    const body = om.notification(p.pay_token);
    const res = await notify(body);
    expect(res).toMatchObject({ status: 422, body: { message: ORANGE_TEXT.mismatch } });
    expect((await row(o.id)).paymentStatus).toBe('pending');
    expect((await sessions(o.id))[0]!.status).toBe('open');
    const kept = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.outcome, 'mismatch'));
    expect(kept.some((e) => e.eventId.includes(hashNotifToken(p.notif_token)))).toBe(true);
    expect(t.logs.some((l) => l.includes('refusée') && l.includes('montant'))).toBe(true);
    // Sent again: recognised, still not paid.
    expect((await notify(body)).body.outcome).toBe('duplicate');
    expect((await row(o.id)).paymentStatus).toBe('pending');
  });

  it('applies the same notification once when Orange sends it twice', async () => {
    const o = await order();
    await payOrange(o.reference);
    const p = om.pay(lastPayment().pay_token);
    const before = await audits(o.id);
    const first = await notify(om.notification(p.pay_token));
    const second = await notify(om.notification(p.pay_token));
    expect([first.body.outcome, second.body.outcome]).toEqual(['paid', 'duplicate']);
    expect(second.status).toBe(200);
    expect(await audits(o.id)).toBe(before + 1);
  });

  it('reconciles an open Orange Money payment whose notification was lost, on /payment-state and in the background pass', async () => {
    const a = await order();
    const b = await order();
    await payOrange(a.reference);
    const pa = lastPayment();
    await payOrange(b.reference);
    const pb = lastPayment();
    om.pay(pa.pay_token);
    om.pay(pb.pay_token);
    expect((await state(a.reference)).body).toMatchObject({ payment_status: 'paid' });
    expect((await row(b.id)).paymentStatus).toBe('pending');
    expect(await reconcile(t.database.db, orange, t.clock.now, () => {})).toBeGreaterThanOrEqual(1);
    expect((await row(b.id)).paymentStatus).toBe('paid');
    expect((await sessions(b.id))[0]).toMatchObject({ status: 'paid', transactionId: pb.txnid });
  });

  it('keeps the order pending with a French message and a retry when Orange Money answers 500', async () => {
    const o = await order();
    om.mode = 'error';
    const res = await payOrange(o.reference);
    expect(res).toMatchObject({ status: 503, body: { message: PAYMENT_TEXT.providerDown, retry: true } });
    expect((await row(o.id)).paymentStatus).toBe('pending');
  });

  it('switching from Wave to Orange Money closes the Wave session; Wave’s late success is kept and flagged for a refund', async () => {
    const o = await order();
    await pay(o.reference);
    const waveId = lastWave().id;
    expect((await state(o.reference)).body.provider).toBe('wave');
    expect((await payOrange(o.reference)).status).toBe(200);
    expect(wave.requests.some((r) => r.path === `/v1/checkout/sessions/${waveId}/expire`)).toBe(true);
    expect((await sessions(o.id)).map((s) => [s.provider, s.status])).toEqual([
      ['wave', 'expired'],
      ['orange', 'open'],
    ]);
    expect((await state(o.reference)).body.provider).toBe('orange');
    const p = om.pay(lastPayment().pay_token);
    expect((await notify(om.notification(p.pay_token))).body.outcome).toBe('paid');
    // The shopper had paid on Wave's page at the last second.
    expect((await waveWebhook(waveId)).body.outcome).toBe('refund_due');
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'paid', amountTotal: 210000 });
    const { access_token } = await t.login('admin');
    const listed = await t.json(`/api/admin/commandes/${o.id}/paiements`, { token: access_token });
    expect(listed.body.map((s: { provider: string; refund_due: boolean }) => [s.provider, s.refund_due])).toEqual([
      ['wave', true],
      ['orange', false],
    ]);
  });

  it('switching from Orange Money to Wave leaves Orange’s payment to end; its late success is flagged for a refund', async () => {
    const o = await order();
    await payOrange(o.reference);
    const p = lastPayment();
    expect((await pay(o.reference, { provider: 'wave' })).status).toBe(200);
    // Orange has no call to cancel a payment: its session is still read until it ends.
    expect((await sessions(o.id)).map((s) => [s.provider, s.status])).toEqual([
      ['orange', 'open'],
      ['wave', 'open'],
    ]);
    expect((await waveWebhook(lastWave().id)).body.outcome).toBe('paid');
    om.pay(p.pay_token);
    expect((await notify(om.notification(p.pay_token))).body.outcome).toBe('refund_due');
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'paid', amountTotal: 210000 });
    expect((await sessions(o.id)).map((s) => [s.provider, s.status, s.refundDue])).toEqual([
      ['orange', 'paid', true],
      ['wave', 'paid', false],
    ]);
  });

  it.each<[string, unknown, number]>([
    ['an unknown provider', { provider: 'paypal' }, 400],
    ['a provider that is not text', { provider: 1 }, 400],
    ['no body: Wave', undefined, 200],
    ['Wave by name', { provider: 'wave' }, 200],
  ])('takes %s', async (_l, body, status) => {
    const o = await order();
    const res = await pay(o.reference, body);
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body.message).toBe(PROVIDER_REFUSED);
      expect(await sessions(o.id)).toEqual([]);
    } else expect((await sessions(o.id))[0]!.provider).toBe('wave');
  });

  it('refuses a body that is not JSON in French', async () => {
    const o = await order();
    const res = await pay(o.reference, '{"provider": ');
    expect(res).toMatchObject({ status: 400, body: { message: 'Le corps de la requête n’est pas un JSON valide.' } });
  });
});

describe('an Orange Money payment in our words', () => {
  const known = { reference: 'BQ-22222222', amount: 1000, attempt: 7 };
  it.each([
    ['SUCCESS', 'paid'],
    ['FAILED', 'failed'],
    ['EXPIRED', 'expired'],
    ['INITIATED', 'open'],
    ['PENDING', 'open'],
  ])('%s → %s', (status, ours) => {
    expect(fromOrangeStatus(status)).toBe(ours);
  });

  it.each<[string, Partial<OrangeStatus>, Partial<ReturnType<typeof orangeSession>>]>([
    ['our order and amount', { order_id: 'BQ-22222222-7', amount: 1000 }, { clientReference: 'BQ-22222222', amount: 1000 }],
    ['no amount echoed: the one asked for', { order_id: 'BQ-22222222-7' }, { amount: 1000 }],
    ['another attempt’s order_id', { order_id: 'BQ-22222222-8' }, { clientReference: 'BQ-22222222-8' }],
    ['another amount', { amount: '999' }, { amount: 999 }],
    ['a fractional amount', { amount: '1000.5' }, { amount: -1 }],
  ])('reads %s', (_l, answer, expected) => {
    expect(orangeSession('tok', known, { status: 'SUCCESS', ...answer })).toMatchObject(expected);
  });
});
