import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('words shoppers use (§9 search) on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;
  const names = async (search: string, path = '/api/produits-filtrer') => {
    const res = await t.json(`${path}?${new URLSearchParams({ search })}`);
    expect(res.status).toBe(200);
    return (res.body.products as Array<{ name: string }>).map((p) => p.name);
  };
  const synonyms = async () =>
    (await t.json('/api/admin/synonymes', { token: admin })).body as Array<{ id: number; mot: string; equivalent: string }>;

  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  it('seeds the usual words and lets "frigo" find the réfrigérateurs, whatever the case', async () => {
    expect((await synonyms()).map((s) => [s.mot, s.equivalent])).toContainEqual(['frigo', 'réfrigérateur']);
    expect(await names('frigo')).toEqual(['Réfrigérateur Nasco 2 portes']);
    expect(await names('FRIGO Nasco')).toEqual(['Réfrigérateur Nasco 2 portes']);
    expect(await names('Frigo', '/api/produits-filtrer-tabaski')).toEqual(['Réfrigérateur Nasco 2 portes']);
  });

  it('lets "frigo" find the réfrigérateurs that can be pre-ordered (§2 `/pre-commandes`), and nothing else', async () => {
    const frigo = t.ids.product.frigo!;
    await t.database.db.execute(sql`update products set quantity = 0, preorder_price = 300000 where id = ${frigo}`);
    const found = async (search: string) => {
      const res = await t.json(`/api/produits-precommande?${new URLSearchParams({ search })}`);
      expect(res.status).toBe(200);
      return (res.body as Array<{ name: string }>).map((p) => p.name);
    };
    expect(await found('Frigo')).toEqual(['Réfrigérateur Nasco 2 portes']);
    expect(await found('congélo')).toEqual([]);
    expect((await t.json(`/api/produits-precommande?search=${'x'.repeat(101)}`)).status).toBe(400);
    await t.database.db.execute(sql`update products set quantity = 5, preorder_price = null where id = ${frigo}`);
  });

  it('lets "TÉLÉ" and "tv" find the téléviseurs', async () => {
    expect(await names('TÉLÉ')).toContain('Téléviseur LED Samsung 43 pouces');
    expect(await names('tv')).toEqual(expect.arrayContaining(['Téléviseur LED Samsung 43 pouces', 'Smart TV LG 55 pouces 4K']));
  });

  it('applies an edited synonym at once, though the answer before it was remembered', async () => {
    expect(await names('ventilo')).toEqual([]);
    const made = await t.json('/api/admin/synonymes', {
      method: 'POST',
      token: admin,
      body: { mot: 'Ventilo', equivalent: 'ventilateur' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ mot: 'Ventilo', equivalent: 'ventilateur' });
    expect(await names('ventilo')).toEqual(['Ventilateur de table Sharp', 'Ventilateur sur pied Binatone']);
    expect((await t.json('/api/produits-filtrer?search=ventilo')).body.total).toBe(2);
    // Another instance on the same database sees the change too.
    const twin = t.twin();
    const changed = await t.json(`/api/admin/synonymes/${made.body.id}`, {
      method: 'PUT',
      token: admin,
      body: { mot: 'ventilo', equivalent: 'mixeur' },
    });
    expect(changed.status).toBe(200);
    expect(((await twin.json('/api/produits-filtrer?search=ventilo')).body.products as Array<{ name: string }>).map((p) => p.name)).toEqual(
      ['Mixeur Moulinex 1,5 L'],
    );
    expect(await names('ventilo')).toEqual(['Mixeur Moulinex 1,5 L']);
    const gone = await t.json(`/api/admin/synonymes/${made.body.id}`, { method: 'DELETE', token: admin });
    expect(gone.body).toEqual({ message: 'Synonyme supprimé.', id: made.body.id });
    const journal = await t.json(`/api/admin/audit?entity=synonym&id=${made.body.id}`, { token: admin });
    expect(journal.status).toBe(200);
    expect(JSON.stringify(journal.body)).toMatch(/create[\s\S]*update[\s\S]*delete|delete[\s\S]*update[\s\S]*create/);
    expect(await names('ventilo')).toEqual([]);
  });

  it('refuses writes from a shopper or a visitor', async () => {
    const before = await synonyms();
    for (const token of [customer, undefined]) {
      const res = await t.json('/api/admin/synonymes', { method: 'POST', token, body: { mot: 'ventilo', equivalent: 'ventilateur' } });
      expect([401, 403]).toContain(res.status);
      expect((await t.json(`/api/admin/synonymes/${before[0]!.id}`, { method: 'DELETE', token })).status).toBeGreaterThanOrEqual(401);
    }
    expect((await t.json('/api/admin/synonymes', { token: customer })).status).toBe(403);
    expect(await synonyms()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ['a missing meaning', { mot: 'ventilo' }, 'Le champ « équivalent » doit être un texte.'],
    ['a one-letter word', { mot: 'v', equivalent: 'ventilateur' }, 'Le champ « mot » doit faire au moins 2 caractères.'],
    [
      'a LIKE wildcard',
      { mot: 'ven%', equivalent: 'ventilateur' },
      "Le champ « mot » ne peut contenir que des lettres, des chiffres, des espaces, - et '.",
    ],
    ['a word that is its meaning', { mot: 'Télé', equivalent: 'tele' }, 'Le mot et son équivalent doivent être différents.'],
    ['an unknown field', { mot: 'ventilo', equivalent: 'ventilateur', rang: 1 }, 'Champ inconnu : rang.'],
  ])('refuses %s with a French 400', async (_label, body, message) => {
    const res = await t.json('/api/admin/synonymes', { method: 'POST', token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a second meaning for a word, accents and case aside', async () => {
    const res = await t.json('/api/admin/synonymes', { method: 'POST', token: admin, body: { mot: 'FRÍGO', equivalent: 'congélateur' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Le mot « FRÍGO » a déjà un équivalent.');
    expect(
      (await t.json('/api/admin/synonymes/999999', { method: 'PUT', token: admin, body: { mot: 'abc', equivalent: 'def' } })).status,
    ).toBe(404);
  });

  it('counts the searches and suggestions that found nothing under "Sans résultat"', async () => {
    const headers = { 'Guest-Id': 'visiteur-miss' };
    // A search from the search page that finds nothing, twice; one that finds a product (through a synonym) is no miss.
    for (const terme of ['Lave-vaisselle', 'lave-vaisselle', 'frigo'])
      expect((await t.json('/api/termeRecherche', { method: 'POST', headers, body: { terme, source: 'boutique' } })).status).toBe(201);
    // The suggestion box's misses: counted only when the catalogue indeed has nothing.
    const miss = await t.json('/api/termeRecherche/sans-resultat', { method: 'POST', headers, body: { terme: 'Plancha' } });
    expect(miss.status).toBe(201);
    expect(miss.body).toMatchObject({ compte: true });
    const found = await t.json('/api/termeRecherche/sans-resultat', { method: 'POST', headers, body: { terme: 'clim' } });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ compte: false });
    expect((await t.json('/api/termeRecherche/sans-resultat', { method: 'POST', headers, body: { terme: '' } })).status).toBe(400);
    const stats = await t.json('/api/admin/recherches', { token: admin });
    expect(stats.body.none).toEqual([
      { terme: 'lave-vaisselle', count: 2 },
      { terme: 'plancha', count: 1 },
    ]);
    // A synonym that now answers a miss takes it off the list.
    await t.json('/api/admin/synonymes', { method: 'POST', token: admin, body: { mot: 'plancha', equivalent: 'cuisinière' } });
    expect((await t.json('/api/admin/recherches', { token: admin })).body.none).toEqual([{ terme: 'lave-vaisselle', count: 2 }]);
  });
});
