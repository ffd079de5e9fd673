import { INSTALMENT_TEXT } from '../../domain/instalment-payments.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

const FORMAT = 'L’identifiant doit s’écrire en chiffres seuls, sans signe, espace, point ni zéro initial (par exemple 16).';
const RANGE = 'L’identifiant est trop grand (2 147 483 647 au plus).';
const TRANCHE = INSTALMENT_TEXT.number;

/** Every route with a numeric id in its path (`:id`, `:partnerId`), as the admin calls it; writes get an empty body, never read. */
const ID_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/api/produits/:id'],
  ['GET', '/api/produits/categorie/:id'],
  ['PUT', '/api/produits/:id', {}],
  ['DELETE', '/api/produits/:id'],
  ['GET', '/api/categories/:id'],
  ['PUT', '/api/categories/:id', {}],
  ['DELETE', '/api/categories/:id'],
  ['PUT', '/api/tags/:id', {}],
  ['DELETE', '/api/tags/:id'],
  ['GET', '/api/users/:id'],
  ['GET', '/api/users/:id/compte'],
  ['PUT', '/api/users/:id/update', {}],
  ['DELETE', '/api/users/:id'],
  ['PUT', '/api/users/avatar/:id', {}],
  ['GET', '/api/users/verified/:id'],
  ['GET', '/api/partner/compte/:id'],
  ['GET', '/api/partner/compte/:id/details'],
  ['POST', '/api/partner/:id/update', {}],
  ['GET', '/api/commandes/:id'],
  ['PUT', '/api/commandes/:id', {}],
  ['GET', '/api/getcommande/:id'],
  ['GET', '/api/commande/:id/annuler'],
  ['GET', '/api/commande/:id/delete'],
  ['PUT', '/api/admin/packs/:id', {}],
  ['GET', '/api/admin/commandes/:id/paiements'],
  ['PUT', '/api/admin/commandes/:id/tranches/1', {}],
  ['PUT', '/api/admin/users/:id', {}],
  ['PUT', '/api/admin/produits/:id/image', { png: true }],
  ['GET', '/api/admin/audit?entity=product&id=:id'],
];

const BAD_IDS: Array<[string, string]> = [
  ['0x10', FORMAT],
  ['1e1', FORMAT],
  ['+5', FORMAT],
  [' 5', FORMAT],
  ['5.0', FORMAT],
  ['-1', FORMAT],
  ['0', FORMAT],
  ['007', FORMAT],
  ['１６', FORMAT],
  ['2147483648', RANGE],
];

describe.each(testDatabases())('ids in paths on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());
  // The image route takes the bytes of an image, not JSON.
  const call = (method: string, route: string, id: string, body?: unknown) =>
    t.json(route.replace(':id', encodeURIComponent(id)), {
      method,
      token: admin,
      ...(body && typeof body === 'object' && 'png' in body ? { body: '\x89PNG', headers: { 'Content-Type': 'image/png' } } : { body }),
    });

  it('a product is read by its id in digits', async () => {
    const id = t.ids.product.frigo!;
    expect(await call('GET', '/api/produits/:id', String(id))).toMatchObject({ status: 200, body: { id } });
  });

  it.each(['0x', '', '.0', 'e0'] as const)('the same product id spelt with %j around it is refused, not read loosely', async (spoil) => {
    const id = t.ids.product.frigo!;
    const text = spoil === '0x' ? `0x${id.toString(16)}` : spoil === '' ? `0${id}` : `${id}${spoil}`;
    expect(await call('GET', '/api/produits/:id', text)).toMatchObject({ status: 400, body: { message: FORMAT } });
  });

  describe.each(ID_ROUTES)('%s %s', (method, route, body) => {
    it.each(BAD_IDS)('id %j answers a French 400', async (id, message) => {
      expect(await call(method, route, id, body)).toMatchObject({ status: 400, body: { message } });
    });
  });

  it.each(['0', '25', '1.0', ' 1', '+1', '01', '0x1'])('tranche number %j answers a French 400', async (n) => {
    const res = await t.json(`/api/admin/commandes/1/tranches/${encodeURIComponent(n)}`, {
      method: 'PUT',
      token: admin,
      body: { state: 'paid' },
    });
    expect(res).toMatchObject({ status: 400, body: { message: TRANCHE } });
  });
});
