import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { bookingBody, orderBody, setStock, snapshot } from '../../../tests/fixtures/orders.ts';

describe.each(testDatabases())('back-office API on $name', (kind) => {
  let t: TestApi;
  let tok: Record<'admin' | 'customer' | 'member', string>;
  let p: Record<string, number>;
  let u: TestApi['ids']['user'];
  const as = (token: string | undefined) => ({ token });
  const place = async (body: Record<string, unknown>, who: 'customer' | 'member' = 'customer') => {
    const res = await t.json('/api/commandes', { method: 'POST', token: tok[who], body });
    expect(res.status).toBe(201);
    return res.body as { id: number; reference: string; amount_total: number };
  };

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    u = t.ids.user;
    tok = {
      admin: (await t.login('admin')).access_token,
      customer: (await t.login('customer')).access_token,
      member: (await t.login('member')).access_token,
    };
    await setStock(t, Object.fromEntries(Object.values(p).map((id) => [id, 100])));
    // The pre-order product is not here yet: only then may it be pre-ordered.
    await setStock(t, { [p.tvLg!]: 0 });
  });
  afterAll(() => t.close());

  it.each<[string, string, string, unknown]>([
    ['dashboard', 'GET', '/api/admin/tableau-de-bord', undefined],
    ['order list', 'GET', '/api/admin/commandes', undefined],
    ['tranche', 'PUT', '/api/admin/commandes/1/tranches/1', { state: 'paid' }],
    ['member', 'PUT', '/api/admin/users/2', { adhesion: 'accepted' }],
    ['audit', 'GET', '/api/admin/audit?entity=order&id=1', undefined],
  ])('%s: 401 without a token, 403 for a customer, and nothing changes', async (_l, method, path, body) => {
    const before = await snapshot(t);
    expect((await t.json(path, { method, body })).status).toBe(401);
    const refused = await t.json(path, { method, body, ...as(tok.customer) });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Accès réservé aux administrateurs.' } });
    expect(await snapshot(t)).toEqual(before);
  });

  it('lists orders newest first, filtered by state, kind, payment and a search on reference, name or phone', async () => {
    const a = await place(orderBody(u.customer, [[p.frigo!, 1]]));
    t.clock.advance(60);
    const b = await place(orderBody(u.customer, [[p.tvLg!, 1]], { type_sale: 'preorder', payment_mode: 'online' }));
    t.clock.advance(60);
    const guest = (await t.json('/api/commande-sans-partner', { method: 'POST', body: bookingBody(p) })).body;
    const list = (query: string) => t.json(`/api/admin/commandes${query}`, as(tok.admin));
    const refs = async (query: string) => (await list(query)).body.orders.map((o: { reference: string }) => o.reference);

    expect((await refs('')).slice(0, 3)).toEqual([guest.reference, b.reference, a.reference]);
    expect(await refs('?type=pack')).toEqual([guest.reference]);
    expect(await refs('?type=preorder')).toEqual([b.reference]);
    expect(await refs('?payment_mode=online&type=order')).toEqual([]);
    expect(await refs('?payment_status=pending')).toEqual([guest.reference, b.reference]);
    expect(await refs(`?q=${a.reference.slice(3).toLowerCase()}`)).toEqual([a.reference]);
    expect(await refs('?q=aminata')).toEqual([guest.reference]);
    expect(await refs('?q=77%20555%2044%2033')).toEqual([guest.reference]);
    expect(await refs('?q=55544')).toEqual([guest.reference]);
    expect(await refs('?q=aminata.DIOP@')).toEqual([guest.reference]);
    expect((await list('?q=aminata')).body).toMatchObject({ total: 1, capped: false });
    const page = await list('?limit=2&page=2');
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    expect(page.body.orders).toHaveLength(Math.min(2, page.body.total - 2));
    // The unfiltered pages are one statement built once: each page still starts where the one before ended.
    expect(await refs('?limit=2&page=2')).toEqual((await refs('?limit=4')).slice(2, 4));
    expect(await refs('?limit=1&page=3')).toEqual((await refs('?limit=4')).slice(2, 3));
    expect(await list('?state=gone')).toMatchObject({
      status: 400,
      body: { message: 'L’état doit valoir sale, confirmed, shipped, delivered, cancel.' },
    });
    expect(
      await refs(`?from=${t.clock.now.toISOString().slice(0, 10)}&to=${t.clock.now.toISOString().slice(0, 10)}&q=${a.reference}`),
    ).toEqual([a.reference]);
    expect(await refs(`?from=2030-01-01&q=${a.reference}`)).toEqual([]);
  });

  it('records a tranche as paid, and every admin move in the audit log with its author', async () => {
    const o = await place(orderBody(u.customer, [[p.tvLg!, 1]], { type_sale: 'preorder' }));
    const paid = await t.json(`/api/admin/commandes/${o.id}/tranches/1`, { method: 'PUT', body: { state: 'paid' }, ...as(tok.admin) });
    expect(paid.body.tranches.map((x: { state: string }) => x.state)).toEqual(['paid', 'due', 'due']);
    expect(
      (await t.json(`/api/admin/commandes/${o.id}/tranches/4`, { method: 'PUT', body: { state: 'paid' }, ...as(tok.admin) })).status,
    ).toBe(404);
    expect(
      (await t.json(`/api/admin/commandes/${o.id}/tranches/25`, { method: 'PUT', body: { state: 'paid' }, ...as(tok.admin) })).status,
    ).toBe(400);
    await t.json(`/api/commandes/${o.id}`, { method: 'PUT', body: { state: 'confirmed', payment_status: 'paid' }, ...as(tok.admin) });
    const log = await t.json(`/api/admin/audit?entity=order&id=${o.id}`, as(tok.admin));
    expect(log.body.map((e: { action: string; changes: unknown; user: { name: string } }) => [e.action, e.changes, e.user.name])).toEqual([
      ['payment', { payment_status: ['unpaid', 'paid'] }, 'Awa Admin'],
      ['state', { state: ['sale', 'confirmed'] }, 'Awa Admin'],
      ['tranche', { tranche_1: ['due', 'paid'], paid_via: 'cash' }, 'Awa Admin'],
    ]);
  });

  it('accepting an adhesion opens credit orders to that member', async () => {
    const credit = orderBody(u.customer, [[p.congeVertical!, 1]], { type_sale: 'creditorder' });
    expect((await t.json('/api/commandes', { method: 'POST', token: tok.customer, body: credit })).status).toBe(403);
    const accepted = await t.json(`/api/admin/users/${u.customer}`, {
      method: 'PUT',
      body: { adhesion: 'accepted', parent_id: u.parent },
      ...as(tok.admin),
    });
    expect(accepted.body).toMatchObject({ id: u.customer, adhesion: 'accepted', parent_id: u.parent });
    expect(JSON.stringify(accepted.body)).not.toMatch(/hash|password/i);
    expect((await t.json('/api/commandes', { method: 'POST', token: tok.customer, body: credit })).status).toBe(201);
    const log = await t.json(`/api/admin/audit?entity=user&id=${u.customer}`, as(tok.admin));
    expect(log.body[0]).toMatchObject({ action: 'adhesion', changes: { adhesion: [null, 'accepted'], parent_id: [null, u.parent] } });
    expect(
      (await t.json(`/api/admin/users/${u.customer}`, { method: 'PUT', body: { parent_id: u.customer }, ...as(tok.admin) })).body.message,
    ).toBe('Un compte ne peut pas être son propre parent.');
    expect((await t.json('/api/admin/users/999999', { method: 'PUT', body: { adhesion: 'refused' }, ...as(tok.admin) })).status).toBe(404);
  });

  it('withdraws a product in an open order instead of deleting it, and audits product writes', async () => {
    await place(orderBody(u.customer, [[p.mixeur!, 1]]));
    const retired = await t.json(`/api/produits/${p.mixeur}`, { method: 'DELETE', ...as(tok.admin) });
    expect(retired).toMatchObject({ status: 200, body: { outcome: 'retired', product: { sale_ok: false } } });
    expect(retired.body.message).toMatch(
      /^Le produit « Mixeur Moulinex 1,5 L » figure dans des commandes : il est retiré de la vente au lieu d’être supprimé\.$/,
    );
    await t.json(`/api/produits/${p.mixeur}`, { method: 'PUT', body: { list_price: 26000 }, ...as(tok.admin) });
    const log = await t.json(`/api/admin/audit?entity=product&id=${p.mixeur}`, as(tok.admin));
    expect(log.body.slice(0, 2)).toMatchObject([
      { action: 'update', changes: { list_price: [25000, 26000] }, user: { id: u.admin } },
      { action: 'retire', changes: { sale_ok: [true, false] }, user: { id: u.admin } },
    ]);
  });

  it('counts today’s and this week’s orders and revenue, what waits, stock alerts, and 30 days', async () => {
    await setStock(t, { [p.fer!]: 0, [p.ventiTable!]: 2 });
    const before = (await t.json('/api/admin/tableau-de-bord', as(tok.admin))).body;
    const o = await place(orderBody(u.customer, [[p.cuisiniere!, 2]]));
    const cancelled = await place(orderBody(u.customer, [[p.cuisiniere!, 1]]));
    await t.json(`/api/commande/${cancelled.id}/annuler`, as(tok.customer));
    const after = (await t.json('/api/admin/tableau-de-bord', as(tok.admin))).body;
    expect(after.today).toEqual({ orders: before.today.orders + 1, revenue: before.today.revenue + o.amount_total });
    expect(after.week.orders).toBeGreaterThanOrEqual(after.today.orders);
    expect(after.waiting).toBe(before.waiting + 1);
    expect(after.out_of_stock).toBeGreaterThanOrEqual(1);
    expect(after.low_stock).toBeGreaterThanOrEqual(1);
    expect(after.days).toHaveLength(30);
    expect(after.days.at(-1)).toEqual({ date: t.clock.now.toISOString().slice(0, 10), ...after.today });
  });

  it('the page guard knows an admin by a live session, even once the access token expired', async () => {
    const door = (token?: string) => t.json('/api/auth/admin', { token });
    expect((await door()).status).toBe(401);
    expect((await door('forged.token.value')).status).toBe(401);
    expect((await door(tok.customer)).status).toBe(403);
    const admin = await t.login('admin');
    expect((await door(admin.access_token)).status).toBe(204);
    t.clock.advance(20 * 60);
    expect((await t.json('/api/admin/tableau-de-bord', { token: admin.access_token })).status).toBe(401);
    expect((await door(admin.access_token)).status).toBe(204);
    await t.json('/api/auth/delete_tokens', { method: 'POST', body: { refreshToken: admin.refresh_token } });
    expect((await door(admin.access_token)).status).toBe(401);
    tok.admin = (await t.login('admin')).access_token;
  });
});
