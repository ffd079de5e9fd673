import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { ABANDONED_AFTER_HOURS, ABANDONED_WITHIN_DAYS } from '../admin/crm.ts';

describe.each(testDatabases())('back-office CRM and search terms on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;
  let n = 0;
  const record = (guest: string, type: string, id: number, over: Record<string, unknown> = {}) => ({
    guest_id: guest,
    location: null,
    localisation: 'Dakar, Dakar, SN',
    name: null,
    phone: null,
    email: null,
    type,
    total: 1,
    date: t.clock.now.toISOString(),
    produits: [{ id, nom: 'x', quantité: 2, prix: 1, location: '', panier: 'cart', date: 'd' }],
    ...over,
  });
  const crm = (body: unknown, token?: string) => t.json('/api/create_or_update_crm', { method: 'POST', body, token, ip: `192.0.2.${++n}` });

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
    await setStock(t, { [t.ids.product.frigo!]: 50 });
  });
  afterAll(() => t.close());

  it.each(['/api/admin/crm', '/api/admin/crm/abandonnes', '/api/admin/recherches'])(
    '%s: 401 without a token, 403 for a customer',
    async (path) => {
      expect((await t.json(path)).status).toBe(401);
      expect((await t.json(path, { token: customer })).status).toBe(403);
      expect((await t.json(path, { token: admin })).status).toBe(200);
    },
  );

  it('lists records newest first, by type, with the account’s contact for a signed-in shopper', async () => {
    await crm(record('guest-crm-aaaaaaaa', 'commande', t.ids.product.frigo!, { name: 'Awa', phone: '221770000001' }));
    t.clock.advance(10);
    await crm(record('guest-crm-bbbbbbbb', 'precommande', t.ids.product.tvLg!), customer);
    const all = (await t.json('/api/admin/crm', { token: admin })).body;
    expect(all.records.slice(0, 2).map((r: { guest_id: string }) => r.guest_id)).toEqual(['guest-crm-bbbbbbbb', 'guest-crm-aaaaaaaa']);
    expect(all.records[0]).toMatchObject({
      type: 'precommande',
      user: { name: 'Moussa Client' },
      name: 'Moussa Client',
      phone: '221771112233',
      total: 2 * 430000,
    });
    expect(all.records[1]).toMatchObject({
      name: 'Awa',
      phone: '221770000001',
      total: 2 * 275000,
      produits: [{ nom: 'Réfrigérateur Nasco 2 portes', quantité: 2, prix: 275000 }],
    });
    const whole = (await t.json('/api/admin/crm?limit=100', { token: admin })).body;
    expect(whole).toMatchObject({ total: whole.records.length, capped: false });
    const pages = [1, 2].map((page) => t.json(`/api/admin/crm?limit=1&page=${page}`, { token: admin }));
    const [one, two] = await Promise.all(pages);
    expect(one!.body).toMatchObject({ total: whole.total, capped: false });
    expect(two!.body.records[0]?.id ?? null).toBe(whole.records[1]?.id ?? null);
    const pre = (await t.json('/api/admin/crm?type=precommande', { token: admin })).body;
    expect(pre.records.every((r: { type: string }) => r.type === 'precommande')).toBe(true);
    expect((await t.json('/api/admin/crm?type=panier', { token: admin })).status).toBe(400);
  });

  it(`shows carts left for ${ABANDONED_AFTER_HOURS} h without an order, until their shopper orders`, async () => {
    // Tokens last 15 minutes: log in again after the clock jumps a day.
    const left = async () =>
      (await t.json('/api/admin/crm/abandonnes', { token: (await t.login('admin')).access_token })).body.records.map(
        (r: { guest_id: string }) => r.guest_id,
      );
    await crm(record('guest-left-cccccccc', 'commande', t.ids.product.frigo!, { email: 'awa@exemple.sn' }));
    await crm(record('guest-left-dddddddd', 'commande', t.ids.product.frigo!), customer);
    expect(await left()).not.toContain('guest-left-cccccccc');
    t.clock.advance(ABANDONED_AFTER_HOURS * 3600 + 60);
    expect(await left()).toEqual(expect.arrayContaining(['guest-left-cccccccc', 'guest-left-dddddddd']));
    expect(
      (
        await t.json('/api/commandes', {
          method: 'POST',
          token: (await t.login('customer')).access_token,
          body: orderBody(t.ids.user.customer, [[t.ids.product.frigo!, 1]]),
        })
      ).status,
    ).toBe(201);
    const now = await left();
    expect(now).toContain('guest-left-cccccccc');
    expect(now).not.toContain('guest-left-dddddddd');
    // Past the screen's range: no longer followed up, and never counted.
    t.clock.advance(ABANDONED_WITHIN_DAYS * 86_400);
    const later = (await t.json('/api/admin/crm/abandonnes', { token: (await t.login('admin')).access_token })).body;
    expect(later.records.map((r: { guest_id: string }) => r.guest_id)).not.toContain('guest-left-cccccccc');
    expect(later).toMatchObject({ capped: false, total: later.records.length });
  });

  it('ranks this week’s search terms, and names those that find no product', async () => {
    const search = (terme: string) =>
      t.json('/api/termeRecherche', {
        method: 'POST',
        body: { terme, source: 'boutique' },
        headers: { 'guest-id': `visitor-${++n}-abcdef` },
      });
    for (const terme of ['congélateur', 'Congélateur ', 'congélateur', 'lave-vaisselle', 'lave-vaisselle', 'mixeur'])
      expect((await search(terme)).status).toBe(201);
    const stats = (await t.json('/api/admin/recherches', { token: (await t.login('admin')).access_token })).body;
    expect(stats.top.slice(0, 3)).toEqual([
      { terme: 'congélateur', count: 3 },
      { terme: 'lave-vaisselle', count: 2 },
      { terme: 'mixeur', count: 1 },
    ]);
    expect(stats.none).toEqual([{ terme: 'lave-vaisselle', count: 2 }]);
    // Asked again, the same answer; a product that answers the miss now takes it off the list.
    const again = async () => (await t.json('/api/admin/recherches', { token: (await t.login('admin')).access_token })).body;
    expect(await again()).toEqual(stats);
    const product = { name: 'Lave-vaisselle Beko 12 couverts', list_price: 320000, categ_id: t.ids.category.CLIMATISEUR, en_promo: false };
    const token = (await t.login('admin')).access_token;
    expect((await t.json('/api/produits', { method: 'POST', body: product, token })).status).toBe(201);
    expect((await again()).none).toEqual([]);
    t.clock.advance(8 * 86_400);
    expect((await t.json('/api/admin/recherches', { token: (await t.login('admin')).access_token })).body).toEqual({ top: [], none: [] });
  });
});
