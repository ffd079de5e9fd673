import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crmRecords } from '../db/schema-crm.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { CRM_LIMITS } from './crm.ts';

describe.each(testDatabases())('CRM API on $name', (kind) => {
  let t: TestApi;
  let n = 0;
  let guest: string;
  const rows = () => t.database.db.select().from(crmRecords);
  const record = (over: Record<string, unknown> = {}) => ({
    guest_id: guest,
    location: { city: 'Dakar', region: 'Dakar', country: 'SN', ip: '1.2.3.4', loc: '14.7,-17.4' },
    localisation: 'Dakar, Dakar, SN',
    name: null,
    phone: null,
    email: null,
    type: 'commande',
    total: 1,
    date: '2026-11-21T10:00:00.000Z',
    produits: [
      {
        id: t.ids.product.congeCoffre!,
        nom: 'x',
        quantité: 2,
        prix: 1,
        location: 'Dakar',
        panier: 'cart',
        date: '2026-11-21T09:59:00.000Z',
      },
      { id: t.ids.product.frigo!, nom: 'y', quantité: 1, prix: 1, location: 'Dakar', panier: 'cart', date: '2026-11-21T09:59:30.000Z' },
    ],
    ...over,
  });
  const post = (body: unknown, token?: string) => t.json('/api/create_or_update_crm', { method: 'POST', body, token });

  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    guest = `guest-${kind.name}-${++n}-abcdef`;
    t.clock.advance(120);
  });

  it('stores a valid record with the server’s own prices and total', async () => {
    const res = await post(record());
    expect(res.status).toBe(200);
    // Coffre en promo at 215 000 (×2), frigo 275 000: the client's 1-franc prices are ignored.
    expect(res.body.total).toBe(2 * 215000 + 275000);
    const [row] = (await rows()).filter((r) => r.guestId === guest);
    expect(row).toMatchObject({ type: 'commande', total: 705000, localisation: 'Dakar, Dakar, SN', name: null });
    expect((row!.produits as { prix: number; nom: string }[]).map((p) => [p.nom, p.prix])).toEqual([
      ['Congélateur coffre Astech 300 L', 215000],
      ['Réfrigérateur Nasco 2 portes', 275000],
    ]);
  });

  it.each([
    ['precommande', 'congeCoffre', 240000],
    ['acredit', 'congeVertical', 360000],
    ['commande', 'congeVertical', 320000],
  ])('type %s prices %s at %i', async (type, key, prix) => {
    const res = await post(
      record({ type, produits: [{ id: t.ids.product[key], nom: 'z', quantité: 1, prix: 1, location: '', panier: type, date: 'd' }] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(prix);
  });

  it('upserts one row per guest and type', async () => {
    await post(record());
    await post(
      record({ produits: [{ id: t.ids.product.frigo, nom: 'y', quantité: 3, prix: 1, location: '', panier: 'cart', date: 'd' }] }),
    );
    await post(
      record({
        type: 'precommande',
        produits: [{ id: t.ids.product.tvLg, nom: 'y', quantité: 1, prix: 1, location: '', panier: 'preorder', date: 'd' }],
      }),
    );
    const mine = (await rows()).filter((r) => r.guestId === guest);
    expect(mine.map((r) => [r.type, r.total]).sort()).toEqual([
      ['commande', 3 * 275000],
      ['precommande', 430000],
    ]);
  });

  it('names a logged-in caller from the account', async () => {
    const { access_token } = await t.login('customer');
    const res = await post(record({ name: 'Faux Nom', email: 'faux@x.sn' }), access_token);
    expect(res.status).toBe(200);
    const [row] = (await rows()).filter((r) => r.guestId === guest);
    expect(row).toMatchObject({ email: 'client@test.sn', phone: '221771112233', userId: t.ids.user.customer });
  });

  it.each<[string, (r: ReturnType<typeof record>) => unknown, string]>([
    ['no guest id', (r) => ({ ...r, guest_id: undefined }), 'guest_id'],
    ['an unknown type', (r) => ({ ...r, type: 'panier' }), 'type'],
    ['no products', (r) => ({ ...r, produits: [] }), 'produits'],
    ['a zero quantity', (r) => ({ ...r, produits: [{ ...r.produits[0], quantité: 0 }] }), 'produits.0.quantité'],
    ['a too long name', (r) => ({ ...r, name: 'a'.repeat(201) }), 'name'],
    ['too many products', (r) => ({ ...r, produits: Array.from({ length: 101 }, () => r.produits[0]) }), 'produits'],
    ['an unknown product', (r) => ({ ...r, produits: [{ ...r.produits[0], id: 999999 }] }), 'produits'],
    ['a product not for sale', (r) => ({ ...r, produits: [{ ...r.produits[0], id: t.ids.product.livraison }] }), 'produits'],
  ])('refuses %s with a French 400 and writes nothing', async (_label, change, field) => {
    const before = (await rows()).length;
    const res = await post(change(record()));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toMatch(/[a-zé]/);
    expect((await rows()).length).toBe(before);
  });

  it('limits each visitor, in French, and lets them back after the window', async () => {
    for (let i = 0; i < CRM_LIMITS.perGuest; i++) expect((await post(record())).status).toBe(200);
    const refused = await post(record());
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Trop de requêtes : veuillez patienter quelques instants avant de réessayer.');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const other = guest;
    guest = `${other}-2`;
    expect((await post(record())).status).toBe(200);
    guest = other;
    t.clock.advance(61);
    expect((await post(record())).status).toBe(200);
  });

  it('two instances on one database share one budget per visitor and per address', async () => {
    const other = t.twin();
    const send = (json: TestApi['json'], ip: string) => json('/api/create_or_update_crm', { method: 'POST', body: record(), ip });
    for (let i = 0; i < CRM_LIMITS.perGuest; i++) expect((await send(i % 2 ? t.json : other.json, '10.2.0.1')).status).toBe(200);
    expect((await send(t.json, '10.2.0.1')).status).toBe(429);
    expect((await send(other.json, '10.2.0.1')).status).toBe(429);

    t.clock.advance(61);
    for (let i = 0; i < CRM_LIMITS.perAddress; i++) {
      guest = `adresse-${kind.name}-${i}-abcdef`;
      expect((await send(i % 2 ? t.json : other.json, '10.2.0.2')).status).toBe(200);
    }
    guest = 'adresse-nouvelle-abcdef';
    const refused = await send(other.json, '10.2.0.2');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Trop de requêtes : veuillez patienter quelques instants avant de réessayer.');
    expect((await send(t.json, '10.2.0.2')).status).toBe(429);
    expect((await send(t.json, '10.2.0.3')).status).toBe(200);
  }, 180_000);

  it('counts the client a trusted proxy names, and the proxy itself otherwise', async () => {
    const behind = await setupApi(kind, { fakeDate: true, trustProxy: '10.9.0.0/16' });
    try {
      const fresh = (i: number) => ({
        ...record(),
        guest_id: `proxy-${kind.name}-${i}-abcdef`,
        produits: [
          {
            id: behind.ids.product.frigo!,
            nom: 'y',
            quantité: 1,
            prix: 1,
            location: 'Dakar',
            panier: 'cart',
            date: '2026-11-21T09:59:30.000Z',
          },
        ],
      });
      const send = (i: number, peer: string, forwarded: string) =>
        behind.json('/api/create_or_update_crm', { method: 'POST', body: fresh(i), ip: peer, headers: { 'X-Forwarded-For': forwarded } });
      // Through the trusted proxy, each forwarded client has its own budget.
      for (let i = 0; i < CRM_LIMITS.perAddress; i++) expect((await send(i, '10.9.0.1', '41.82.0.1')).status).toBe(200);
      expect((await send(1000, '10.9.0.1', '41.82.0.1')).status).toBe(429);
      expect((await send(1001, '10.9.0.1', '41.82.0.2')).status).toBe(200);
      // An untrusted peer cannot name itself: its own address is counted.
      for (let i = 0; i < CRM_LIMITS.perAddress; i++) expect((await send(2000 + i, '192.168.1.5', `41.83.0.${i % 250}`)).status).toBe(200);
      expect((await send(3000, '192.168.1.5', '41.83.9.9')).status).toBe(429);
    } finally {
      await behind.close();
    }
  }, 180_000);
});
