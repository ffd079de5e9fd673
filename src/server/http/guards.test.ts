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
    ['POST', '/api/commande-sans-partner', { name: 'A', email: 'a@b.sn', telephone: '775554433', adresse: 'x', order: { 'type\u0000': 1 } }],
  ])('%s %s answers a French 400, never a 500', async (method, path, body) => {
    const res = await t.json(path, { method, body });
    expect(res).toMatchObject({ status: 400, body: { message: 'La requête contient un caractère nul, qui n’est pas admis.' } });
  });
});
