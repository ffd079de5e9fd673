import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { book, nextGuest, orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { auditLog } from '../db/schema-admin.ts';
import { orders } from '../db/schema-orders.ts';
import { PAYMENT_TEXT } from '../payments/checkout.ts';

describe.each(testDatabases())('who may pay an order, and what a cancellation owes, on $name', (kind) => {
  let t: TestApi;
  let customer: string;
  let member: string;
  let admin: string;
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const act = (reference: string, action: 'session' | 'domicile', opts: { token?: string; proof?: string } = {}) =>
    t.json(`/api/paiement/${reference}/${action}`, {
      method: 'POST',
      ip: nextGuest().ip,
      token: opts.token,
      headers: opts.proof ? { 'Payment-Token': opts.proof } : {},
    });
  const choose = (url: string, outcome: string) =>
    t.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });

  beforeAll(async () => {
    t = await setupApi(kind);
    await setStock(t, { [t.ids.product.tvSamsung!]: 1000, [t.ids.product.ventiPied!]: 1000 });
    [customer, member, admin] = [
      (await t.login('customer')).access_token,
      (await t.login('member')).access_token,
      (await t.login('admin')).access_token,
    ];
  });
  afterAll(() => t.close());

  it('refuses a guest order’s payment calls to anyone without its token, and writes nothing', async () => {
    const o = (await book(t, 'online')).body;
    expect(o.payment_token).toMatch(/^[\w-]{22}$/);
    const before = await row(o.id);
    for (const attempt of [{}, { proof: 'x'.repeat(22) }, { proof: o.payment_token.slice(1) }, { token: customer }, { token: member }]) {
      for (const action of ['session', 'domicile'] as const) {
        expect(await act(o.reference, action, attempt)).toMatchObject({ status: 403, body: { message: PAYMENT_TEXT.notYours } });
      }
    }
    expect(await row(o.id)).toEqual(before);
  });

  it('lets the bearer of the token pay or switch to delivery, and an admin too', async () => {
    const o = (await book(t, 'online')).body;
    expect((await act(o.reference, 'session', { proof: o.payment_token })).body.url).toMatch(/^\/api\/payments\/demo\//);
    expect(await act(o.reference, 'domicile', { proof: o.payment_token })).toMatchObject({
      status: 200,
      body: { payment_mode: 'domicile', payment_status: 'unpaid' },
    });
    expect((await act(o.reference, 'session', { token: admin })).status).toBe(200);
  });

  it('gives the token to a guest who proves the order is theirs through tracking', async () => {
    const o = (await book(t, 'online')).body;
    const tracked = await t.json('/api/tracking', {
      method: 'POST',
      ip: nextGuest().ip,
      body: { reference: o.reference, telephone: o.telephone },
    });
    expect(tracked.status).toBe(200);
    expect(tracked.body.payment_token).toBe(o.payment_token);
    expect((await act(o.reference, 'session', { proof: tracked.body.payment_token })).status).toBe(200);
  });

  it('lets a customer pay their own order, and no other customer', async () => {
    const o = (
      await t.json('/api/commandes', {
        method: 'POST',
        token: customer,
        body: orderBody(t.ids.user.customer, [[t.ids.product.tvSamsung!, 1]], { payment_mode: 'online' }),
      })
    ).body;
    expect((await act(o.reference, 'session', { token: member })).status).toBe(403);
    expect((await act(o.reference, 'session', { token: customer })).status).toBe(200);
  });

  it('never lets a stranger reach the demonstration page that marks an order paid', async () => {
    const o = (await book(t, 'online')).body;
    const stranger = await act(o.reference, 'session');
    expect(stranger.status).toBe(403);
    expect(stranger.body.url).toBeUndefined();
    expect((await row(o.id)).paymentStatus).toBe('pending');
  });

  it('owes back the money of a paid order its shopper cancels, and the back office lists it « À rembourser »', async () => {
    const o = (
      await t.json('/api/commandes', {
        method: 'POST',
        token: customer,
        body: orderBody(t.ids.user.customer, [[t.ids.product.tvSamsung!, 1]], { payment_mode: 'online' }),
      })
    ).body;
    const url = (await act(o.reference, 'session', { token: customer })).body.url;
    expect((await choose(url, 'paid')).status).toBe(303);
    expect((await row(o.id)).paymentStatus).toBe('paid');
    const cancelled = await t.json(`/api/commande/${o.id}/annuler`, { token: customer });
    expect(cancelled.body).toMatchObject({ state: 'cancel', payment_status: 'refund_due', cancel_reason: 'shopper' });
    const listed = await t.json('/api/admin/commandes?payment_status=refund_due', { token: admin });
    expect(listed.body.orders.map((x: { id: number }) => x.id)).toContain(o.id);
    // The refund made: recorded by an admin.
    expect(
      (await t.json(`/api/commandes/${o.id}`, { method: 'PUT', token: admin, body: { payment_status: 'refunded' } })).body.payment_status,
    ).toBe('refunded');
  });

  it('refuses an admin « paid » on a cancelled order, and an undone payment without a reason; keeps the reason in the journal', async () => {
    const cancelledOrder = (
      await t.json('/api/commandes', {
        method: 'POST',
        token: customer,
        body: orderBody(t.ids.user.customer, [[t.ids.product.tvSamsung!, 1]]),
      })
    ).body;
    await t.json(`/api/commande/${cancelledOrder.id}/annuler`, { token: customer });
    const paidOnCancelled = await t.json(`/api/commandes/${cancelledOrder.id}`, {
      method: 'PUT',
      token: admin,
      body: { payment_status: 'paid', reason: 'reçu' },
    });
    expect(paidOnCancelled).toMatchObject({
      status: 409,
      body: { message: 'La commande est annulée : un paiement reçu pour elle est « À rembourser », pas « Paiement reçu ».' },
    });
    expect((await row(cancelledOrder.id)).paymentStatus).toBe('cancelled');

    const o = (
      await t.json('/api/commandes', {
        method: 'POST',
        token: customer,
        body: orderBody(t.ids.user.customer, [[t.ids.product.tvSamsung!, 1]]),
      })
    ).body;
    expect(
      (await t.json(`/api/commandes/${o.id}`, { method: 'PUT', token: admin, body: { payment_status: 'paid' } })).body.payment_status,
    ).toBe('paid');
    const undo = await t.json(`/api/commandes/${o.id}`, { method: 'PUT', token: admin, body: { payment_status: 'unpaid' } });
    expect(undo.status).toBe(409);
    expect(undo.body.message).toMatch(/^Indiquez la raison du passage de « Paiement reçu » à « À payer à la livraison »/);
    expect((await row(o.id)).paymentStatus).toBe('paid');
    const withReason = await t.json(`/api/commandes/${o.id}`, {
      method: 'PUT',
      token: admin,
      body: { payment_status: 'unpaid', reason: 'Espèces non remises par le livreur' },
    });
    expect(withReason.body).toMatchObject({ payment_status: 'unpaid', payment_mode: 'domicile' });
    const journal = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, o.id), eq(auditLog.action, 'payment')));
    expect(journal.at(-1)!.changes).toMatchObject({ payment_status: ['paid', 'unpaid'], reason: 'Espèces non remises par le livreur' });
  });

  it('a second checkout never opens on an order paid and not undone', async () => {
    const o = (await book(t, 'online')).body;
    const url = (await act(o.reference, 'session', { proof: o.payment_token })).body.url;
    await choose(url, 'paid');
    expect(await act(o.reference, 'session', { proof: o.payment_token })).toMatchObject({
      status: 409,
      body: { message: PAYMENT_TEXT.paid },
    });
    expect(await act(o.reference, 'domicile', { proof: o.payment_token })).toMatchObject({
      status: 409,
      body: { message: PAYMENT_TEXT.paid },
    });
  });
});
