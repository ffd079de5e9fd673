import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock, stockOf } from '../../../tests/fixtures/orders.ts';
import { orders } from '../db/schema-orders.ts';

describe.each(testDatabases())('following orders on $name', (kind) => {
  let t: TestApi;
  let tok: Record<'customer' | 'member' | 'admin', string>;
  let p: Record<string, number>;
  let u: TestApi['ids']['user'];
  const place = async (who: 'customer' | 'member', lines: Array<[number, number]> = [[p.fer!, 1]]) => {
    const res = await t.json('/api/commandes', { method: 'POST', token: tok[who], body: orderBody(u[who], lines) });
    expect(res.status).toBe(201);
    return res.body as { id: number; reference: string; hold_until: string | null };
  };
  const get = (path: string, token: string) => t.json(path, { token });
  const put = (id: number, state: unknown, token: string) => t.json(`/api/commandes/${id}`, { method: 'PUT', token, body: { state } });
  const stateOf = async (id: number) => (await t.database.db.select({ s: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.s;

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    u = t.ids.user;
    tok = {
      customer: (await t.login('customer')).access_token,
      member: (await t.login('member')).access_token,
      admin: (await t.login('admin')).access_token,
    };
    await setStock(t, { [p.fer!]: 1000, [p.frigo!]: 1000 });
  });
  afterAll(() => t.close());

  it('lists a user’s orders newest first, and reads one by id and through details', async () => {
    const first = await place('customer');
    t.clock.advance(60);
    const second = await place('customer', [[p.frigo!, 2]]);
    const list = await get(`/api/commandes/${u.customer}`, tok.customer);
    expect(list.status).toBe(200);
    expect(list.body.map((o: { id: number }) => o.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect((await get(`/api/getcommande/${second.id}`, tok.customer)).body).toMatchObject({
      reference: second.reference,
      amount_total: 550000,
    });
    const details = await t.json('/api/commandes/details', {
      method: 'POST',
      token: tok.customer,
      body: { commande_id: first.id, partner_id: u.customer },
    });
    expect(details.body).toMatchObject({ id: first.id, order_lines: [{ product_id: p.fer, quantity: 1 }] });
  });

  it('cancels an order not yet shipped, gives its stock back, and refuses a second cancel naming the state', async () => {
    const order = await place('customer', [[p.frigo!, 3]]);
    const before = await stockOf(t, p.frigo!);
    const res = await get(`/api/commande/${order.id}/annuler`, tok.customer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'cancel', dates: { cancelled: t.clock.now.toISOString() } });
    expect(await stockOf(t, p.frigo!)).toBe(before + 3);
    const again = await get(`/api/commande/${order.id}/annuler`, tok.customer);
    expect(again).toMatchObject({ status: 409, body: { message: 'La commande est déjà « Annulée ».', state: 'cancel' } });
    expect(await stockOf(t, p.frigo!)).toBe(before + 3);
  });

  it('moves an order along the state machine for an admin only, and refuses shipped orders a cancel', async () => {
    const order = await place('customer');
    expect((await put(order.id, 'confirmed', tok.customer)).status).toBe(403);
    expect(await put(order.id, 'shipped', tok.admin)).toMatchObject({
      status: 409,
      body: { message: 'La commande est « Reçue » : elle ne peut pas passer à « Expédiée ».' },
    });
    for (const state of ['confirmed', 'shipped']) expect((await put(order.id, state, tok.admin)).body.state).toBe(state);
    const cancel = await get(`/api/commande/${order.id}/annuler`, tok.customer);
    expect(cancel).toMatchObject({ status: 409, body: { message: 'La commande est « Expédiée » : elle ne peut plus être annulée.' } });
    const delivered = await put(order.id, 'delivered', tok.admin);
    expect(delivered.body).toMatchObject({
      state: 'delivered',
      dates: { confirmed: expect.any(String), shipped: expect.any(String), delivered: expect.any(String), cancelled: null },
    });
    expect((await put(order.id, 'teleported', tok.admin)).status).toBe(400);
    expect(await put(999999, 'confirmed', tok.admin)).toMatchObject({ status: 404, body: { message: 'Commande introuvable.' } });
  });

  it('an admin’s cancel also gives the stock back', async () => {
    const order = await place('customer', [[p.frigo!, 4]]);
    const before = await stockOf(t, p.frigo!);
    await put(order.id, 'confirmed', tok.admin);
    expect((await put(order.id, 'cancel', tok.admin)).body.state).toBe('cancel');
    expect(await stockOf(t, p.frigo!)).toBe(before + 4);
  });

  it('removes only a cancelled order from the list, and keeps its row', async () => {
    const order = await place('customer');
    const early = await get(`/api/commande/${order.id}/delete`, tok.customer);
    expect(early).toMatchObject({
      status: 409,
      body: { message: 'La commande est « Reçue » : seule une commande annulée peut être retirée de la liste.' },
    });
    await get(`/api/commande/${order.id}/annuler`, tok.customer);
    expect((await get(`/api/commande/${order.id}/delete`, tok.customer)).status).toBe(200);
    const list = await get(`/api/commandes/${u.customer}`, tok.customer);
    expect(list.body.some((o: { id: number }) => o.id === order.id)).toBe(false);
    expect(await stateOf(order.id)).toBe('cancel');
    expect((await get(`/api/getcommande/${order.id}`, tok.customer)).status).toBe(200);
  });

  it('shows nothing of another user’s orders and changes nothing of them', async () => {
    const theirs = await place('member');
    const asCustomer = [
      await get(`/api/commandes/${u.member}`, tok.customer),
      await get(`/api/getcommande/${theirs.id}`, tok.customer),
      await get(`/api/commande/${theirs.id}/annuler`, tok.customer),
      await get(`/api/commande/${theirs.id}/delete`, tok.customer),
      await t.json('/api/commandes/details', {
        method: 'POST',
        token: tok.customer,
        body: { commande_id: theirs.id, partner_id: u.customer },
      }),
      await t.json('/api/commandes/details', {
        method: 'POST',
        token: tok.customer,
        body: { commande_id: theirs.id, partner_id: u.member },
      }),
    ];
    expect(asCustomer.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(JSON.stringify(asCustomer.map((r) => r.body))).not.toContain(theirs.reference);
    expect((await put(theirs.id, 'cancel', tok.customer)).status).toBe(403);
    expect(await stateOf(theirs.id)).toBe('sale');
    expect((await get(`/api/getcommande/${theirs.id}`, tok.admin)).body.reference).toBe(theirs.reference);
    expect((await get(`/api/commandes/${u.member}`, tok.admin)).body.some((o: { id: number }) => o.id === theirs.id)).toBe(true);
  });

  it('a scan of 200 ids finds only the caller’s own orders', async () => {
    for (let i = 0; i < 3; i++) await place('member');
    const found: number[] = [];
    for (let id = 1; id <= 200; id++) {
      const res = await get(`/api/getcommande/${id}`, tok.customer);
      if (res.status === 200) found.push(res.body.id);
      else expect(res.body).toEqual({ message: 'Commande introuvable.' });
    }
    expect(found.length).toBeGreaterThan(0);
    const all = await t.database.db.select({ id: orders.id, userId: orders.userId }).from(orders);
    // Every order found is the customer's, and every one of the customer's is found (the member's are not).
    expect(all.some((o) => o.userId === u.member)).toBe(true);
    expect(found.sort((a, b) => a - b)).toEqual(
      all
        .filter((o) => o.userId === u.customer)
        .map((o) => o.id)
        .sort((a, b) => a - b),
    );
  });

  it('asks for a login on every read', async () => {
    const statuses = await Promise.all(
      [`/api/commandes/${u.customer}`, '/api/getcommande/1', '/api/commande/1/annuler', '/api/commande/1/delete'].map((path) =>
        t.json(path),
      ),
    );
    expect(statuses.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });

  it('records a payment status for an admin, and tells where a payment stands by reference', async () => {
    const order = await place('customer');
    const read = (token?: string) => t.json(`/api/paiement/${order.reference.toLowerCase()}`, { token, ip: '198.51.100.7' });
    expect((await read()).body).toEqual({
      reference: order.reference,
      id: null,
      type_sale: 'order',
      amount_total: 12000,
      payment_mode: 'domicile',
      payment_status: 'unpaid',
      state: 'sale',
      cancel_reason: null,
      hold_until: order.hold_until,
      checkout_open: false,
      provider: null,
      // Paid in one go: no instalments.
      instalments: null,
    });
    expect((await read(tok.customer)).body.id).toBe(order.id);
    expect((await read(tok.member)).body.id).toBeNull();
    expect(
      (await t.json(`/api/commandes/${order.id}`, { method: 'PUT', token: tok.customer, body: { payment_status: 'paid' } })).status,
    ).toBe(403);
    const paid = await t.json(`/api/commandes/${order.id}`, { method: 'PUT', token: tok.admin, body: { payment_status: 'paid' } });
    expect(paid.body).toMatchObject({ payment_status: 'paid', state: 'sale' });
    // Paid: it holds its stock for good.
    expect((await read()).body).toMatchObject({ payment_status: 'paid', hold_until: null });
    expect((await t.json(`/api/commandes/${order.id}`, { method: 'PUT', token: tok.admin, body: {} })).body.message).toBe(
      'Indiquez le nouvel état (state) ou le statut du paiement (payment_status).',
    );
    expect(await t.json('/api/paiement/BQ-22222222', { ip: '198.51.100.7' })).toMatchObject({
      status: 404,
      body: { message: 'Aucune commande ne porte cette référence.' },
    });
  });
});
