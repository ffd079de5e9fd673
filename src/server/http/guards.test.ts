import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('NUL characters on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind);
  });
  afterAll(() => t.close());

  it.each<[string, string, unknown]>([
    ['GET', '/api/pack_product/%00', undefined],
    ['GET', '/api/produits-filtrer?search=a%00b', undefined],
    ['GET', '/api/auth/get_tokens?username=%00&password=x', undefined],
    ['POST', '/api/termeRecherche', { terme: 'fri\u0000go', source: 'boutique' }],
    ['POST', '/api/tracking', { reference: 'BQ-\u0000', telephone: '775554433' }],
    [
      'POST',
      '/api/commande-sans-partner',
      { name: 'A', email: 'a@b.sn', telephone: '775554433', adresse: 'x', order: { 'type\u0000': 1 } },
    ],
  ])('%s %s answers a French 400, never a 500', async (method, path, body) => {
    const res = await t.json(path, { method, body });
    expect(res).toMatchObject({ status: 400, body: { message: 'La requête contient un caractère nul, qui n’est pas admis.' } });
  });

  it.each<[string, string]>([
    [
      '/api/create_or_update_crm',
      '{"guest_id":"guest-surrogate-1","type":"commande","total":1,"date":"d","location":{"country":"\\ud800"},"produits":[{"id":1,"nom":"x","quantité":1,"prix":1,"panier":"cart","date":"d"}]}',
    ],
    ['/api/termeRecherche', '{"terme":"frigo\\udfff","source":"boutique"}'],
    ['/api/tracking', '{"reference":"BQ-1","telephone":"775554433","\\ud83d":1}'],
  ])('a lone surrogate in the JSON of %s answers a French 400, never a 500', async (path, raw) => {
    const res = await t.json(path, { method: 'POST', body: raw, ip: '198.51.100.41' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'La requête contient un caractère Unicode mal formé (demi-paire de substitution), qui n’est pas admis.' },
    });
  });

  it.each<[string, string, string, unknown, string]>([
    [
      'a price past the range',
      'GET',
      '/api/produits-filtrer?min=1e12',
      undefined,
      'Le paramètre « min » dépasse le prix le plus élevé (100 000 000 FCFA).',
    ],
    ['a tag id past 2^31', 'GET', '/api/produits-filtrer?tag=2147483648', undefined, 'Le paramètre « tag » est un identifiant trop grand.'],
    ['a page past the last possible', 'GET', '/api/produits-filtrer?page=1e15', undefined, 'Le paramètre « page » est trop grand.'],
    [
      'a CRM line id past 2^31',
      'POST',
      '/api/create_or_update_crm',
      {
        guest_id: 'guest-bounds-1234',
        type: 'commande',
        total: 1,
        date: 'd',
        produits: [{ id: 2147483648, nom: 'x', quantité: 1, prix: 1, panier: 'cart', date: 'd' }],
      },
      'Le champ « id » doit être compris entre 1 et 2 147 483 647.',
    ],
    [
      'a CRM quantity of 1e12 (a number, out of range)',
      'POST',
      '/api/create_or_update_crm',
      {
        guest_id: 'guest-bounds-1234',
        type: 'commande',
        total: 1,
        date: 'd',
        produits: [{ id: 1, nom: 'x', quantité: 1e12, prix: 1, panier: 'cart', date: 'd' }],
      },
      'Le champ « quantité » doit être compris entre 1 et 99.',
    ],
    [
      'a negative CRM quantity',
      'POST',
      '/api/create_or_update_crm',
      {
        guest_id: 'guest-bounds-1234',
        type: 'commande',
        total: 1,
        date: 'd',
        produits: [{ id: 1, nom: 'x', quantité: -2, prix: 1, panier: 'cart', date: 'd' }],
      },
      'Le champ « quantité » doit être compris entre 1 et 99.',
    ],
  ])('%s answers a French 400, never a 500', async (_l, method, path, body, message) => {
    const res = await t.json(path, { method, body, ip: '198.51.100.40' });
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('an admin stock of 1e12 answers a French 400 and changes nothing', async () => {
    const { access_token } = await t.login('admin');
    const res = await t.json(`/api/produits/${t.ids.product.frigo}`, { method: 'PUT', token: access_token, body: { quantity: 1e12 } });
    expect(res).toMatchObject({ status: 400, body: { message: 'Le champ « quantity » dépasse 1 000 000 d’unités.' } });
  });

  it.each<[string, string]>([
    ['/api/admin/commandes?limit=1e6', 'Le paramètre « limit » doit être compris entre 1 et 100.'],
    ['/api/admin/produits?page=2147483648', 'Le paramètre « page » doit être compris entre 1 et 100 000.'],
    ['/api/admin/crm?limit=2.5', 'Le paramètre « limit » doit être un nombre entier.'],
  ])('admin %s: the allowed range in French, not "doit être un nombre"', async (path, message) => {
    const { access_token } = await t.login('admin');
    expect(await t.json(path, { token: access_token })).toMatchObject({ status: 400, body: { message } });
  });
});
