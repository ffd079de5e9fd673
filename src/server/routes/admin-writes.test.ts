import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { CATALOGUE_CACHE } from '../../domain/freshness.ts';
import { categories, productTags, products } from '../db/schema.ts';

describe.each(testDatabases())('admin writes and bad input on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;
  const rows = async () => {
    const db = t.database.db;
    const [[p], [c], [pt]] = await Promise.all([
      db.select({ n: count() }).from(products),
      db.select({ n: count() }).from(categories),
      db.select({ n: count() }).from(productTags),
    ]);
    return { products: p!.n, categories: c!.n, productTags: pt!.n };
  };
  const valid = () => ({
    name: 'Split Hisense 18000 BTU',
    list_price: 410000,
    categ_id: t.ids.category.CLIMATISEUR,
    tags: [t.ids.tag.Tabaski],
    en_promo: false,
  });

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  const writes = (id: () => number, catId: () => number): Array<[string, string, () => string, () => unknown]> => [
    ['POST', 'product', () => '/api/produits', valid],
    ['PUT', 'product', () => `/api/produits/${id()}`, () => ({ list_price: 1 })],
    ['DELETE', 'product', () => `/api/produits/${id()}`, () => undefined],
    ['POST', 'category', () => '/api/categories', () => ({ name: 'FOUR' })],
    ['PUT', 'category', () => `/api/categories/${catId()}`, () => ({ name: 'FOUR' })],
    ['DELETE', 'category', () => `/api/categories/${catId()}`, () => undefined],
  ];
  it.each(
    writes(
      () => t.ids.product.fer!,
      () => t.ids.category.MIXEUR!,
    ),
  )('%s %s: 401 without token, 403 for a customer, nothing written', async (method, _what, path, body) => {
    const before = await rows();
    const anon = await t.json(path(), { method, body: body() });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toMatch(/Authentification requise/);
    const forged = await t.json(path(), { method, body: body(), token: `${customer.slice(0, -3)}abc` });
    expect(forged.status).toBe(401);
    const cust = await t.json(path(), { method, body: body(), token: customer });
    expect(cust.status).toBe(403);
    expect(cust.body).toEqual({ message: 'Accès réservé aux administrateurs.' });
    expect(await rows()).toEqual(before);
  });

  it('an admin creates, updates and deletes a product; prices recomputed in listings', async () => {
    const created = await t.json('/api/produits', { method: 'POST', body: valid(), token: admin });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Split Hisense 18000 BTU',
      categ_id: 'CLIMATISEUR',
      list_price: 410000,
      tags: [{ name: 'Tabaski' }],
    });
    const id = created.body.id as number;
    const updated = await t.json(`/api/produits/${id}`, {
      method: 'PUT',
      body: { en_promo: true, promo_price: 380000, tags: [] },
      token: admin,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ en_promo: true, promo_price: 380000, tags: [] });
    const promo = await t.json('/api/produits-filtrer-promo?min=380000&max=380000');
    expect(promo.body.products.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await t.json(`/api/produits/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await t.json(`/api/produits/${id}`)).status).toBe(404);
    expect((await t.json(`/api/produits/${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  it('an admin creates, renames and deletes a category; duplicates are refused', async () => {
    const created = await t.json('/api/categories', { method: 'POST', body: { name: 'FOUR ÉLECTRIQUE' }, token: admin });
    expect(created.status).toBe(201);
    const dup = await t.json('/api/categories', { method: 'POST', body: { name: 'four électrique' }, token: admin });
    expect(dup.status).toBe(409);
    const renamed = await t.json(`/api/categories/${created.body.id}`, { method: 'PUT', body: { name: 'FOUR' }, token: admin });
    expect(renamed.body).toEqual({ id: created.body.id, name: 'FOUR' });
    expect((await t.json(`/api/categories/${created.body.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await t.json(`/api/categories/${created.body.id}`)).status).toBe(404);
  });

  const badBodies: Array<[string, string, Record<string, string>, number, RegExp, string | undefined]> = [
    ['malformed JSON', '{"name": "x",', {}, 400, /JSON valide/, undefined],
    ['a string price', JSON.stringify({ name: 'X', list_price: '1000' }), {}, 400, /list_price/, 'list_price'],
    ['a fractional price', JSON.stringify({ name: 'X', list_price: 999.5 }), {}, 400, /list_price/, 'list_price'],
    ['a negative price', JSON.stringify({ name: 'X', list_price: -5 }), {}, 400, /list_price/, 'list_price'],
    ['a missing name', JSON.stringify({ list_price: 1000 }), {}, 400, /name/, 'name'],
    ['an unknown field', JSON.stringify({ name: 'X', list_price: 1000, role: 'admin' }), {}, 400, /Champ inconnu : role/, 'role'],
    ['a wrong boolean', JSON.stringify({ name: 'X', list_price: 1000, en_promo: 'oui' }), {}, 400, /en_promo/, 'en_promo'],
    ['an unknown category', JSON.stringify({ name: 'X', list_price: 1000, categ_id: 999999 }), {}, 400, /catégorie 999999/, 'categ_id'],
    ['an unknown tag', JSON.stringify({ name: 'X', list_price: 1000, tags: [999999] }), {}, 400, /étiquette 999999/, 'tags'],
    ['a JSON array', '[1,2]', {}, 400, /./, undefined],
    ['a form body', 'name=X&list_price=1000', { 'Content-Type': 'application/x-www-form-urlencoded' }, 415, /JSON/, undefined],
    ['a text body', 'hello', { 'Content-Type': 'text/plain' }, 415, /JSON/, undefined],
    [
      'a body over 100 KB',
      JSON.stringify({ name: 'X', list_price: 1000, description: 'a'.repeat(110 * 1024) }),
      {},
      413,
      /100 Ko/,
      undefined,
    ],
  ];
  it.each(badBodies)(
    'POST /api/produits with %s → %s, French, no stack, nothing written',
    async (_label, raw, headers, status, message, field) => {
      const before = await rows();
      const res = await t.json('/api/produits', {
        method: 'POST',
        body: raw,
        headers: { 'Content-Type': 'application/json', ...headers },
        token: admin,
      });
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      if (field) expect(res.body.field).toBe(field);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+|Error:|ZodError/);
      expect(await rows()).toEqual(before);
    },
  );

  it.each([
    ['/api/produits-filtrer?page=0', 'page'],
    ['/api/produits-filtrer?page=abc', 'page'],
    ['/api/produits-filtrer?limit=101', 'limit'],
    ['/api/produits-filtrer?productType=cheap', 'productType'],
    ['/api/produits-filtrer?category=tele', 'category'],
    ['/api/produits-filtrer?tag=-1', 'tag'],
    ['/api/produits-filtrer?min=-1', 'min'],
    ['/api/produits/abc', 'id'],
    ['/api/produits-page?limit=500', 'limit'],
  ])('GET %s → 400 naming %s', async (path, field) => {
    const res = await t.json(path);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field === 'id' ? 'identifiant' : `« ${field} »`);
  });

  it('a bad PUT writes nothing', async () => {
    const before = (await t.json(`/api/produits/${t.ids.product.fer}`, { token: admin })).body;
    const res = await t.json(`/api/produits/${t.ids.product.fer}`, {
      method: 'PUT',
      body: { list_price: 100, categ_id: 999999 },
      token: admin,
    });
    expect(res.status).toBe(400);
    expect((await t.json(`/api/produits/${t.ids.product.fer}`, { token: admin })).body).toEqual(before);
  });

  it('unknown API paths answer a French 404 in JSON', async () => {
    const res = await t.json('/api/nope');
    expect(res).toMatchObject({ status: 404, body: { message: 'Ressource introuvable.' } });
  });

  it('API answers carry security headers', async () => {
    const res = await t.app.request('/api/categories');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('lets anonymous reads be kept if checked again before each use (CATALOGUE_CACHE), nothing else', async () => {
    expect((await t.app.request('/api/categories')).headers.get('cache-control')).toBe(CATALOGUE_CACHE);
    expect((await t.app.request('/api/categories', { headers: { 'Access-Token': admin } })).headers.get('cache-control')).toBe('no-store');
    expect((await t.app.request('/api/produits/999999')).headers.get('cache-control')).toBe('no-store');
    expect((await t.app.request('/api/auth/get_tokens?username=x&password=y')).headers.get('cache-control')).toBe('no-store');
  });
});
