import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { catalogueState } from '../../../tests/fixtures/catalogue-state.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('categories and tags in the back office on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;
  let spare: number;
  const as = (token: string) => ({ token });
  const audit = async (entity: 'category' | 'tag', id: number) =>
    (await t.json(`/api/admin/audit?entity=${entity}&id=${id}`, as(admin))).body.map(
      (e: { action: string; changes: unknown; user: { name: string } }) => [e.action, e.changes, e.user.name],
    );

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
    spare = (await t.json('/api/tags', { method: 'POST', body: { name: 'Korité' }, ...as(admin) })).body.id;
  });
  afterAll(() => t.close());

  it.each<[string, string, () => string, unknown]>([
    ['GET', 'category counts', () => '/api/admin/categories', undefined],
    ['GET', 'tag counts', () => '/api/admin/tags', undefined],
    ['POST', 'a tag', () => '/api/tags', { name: 'Magal' }],
    ['PUT', 'a tag', () => `/api/tags/${spare}`, { name: 'Magal' }],
    ['DELETE', 'an unused tag', () => `/api/tags/${spare}`, undefined],
  ])('%s %s: 401 without a token, 403 for a customer, nothing written', async (method, _what, path, body) => {
    const before = await catalogueState(t);
    expect(await t.json(path(), { method, body })).toMatchObject({ status: 401, body: { message: /Authentification requise/ } });
    expect(await t.json(path(), { method, body, ...as(customer) })).toMatchObject({
      status: 403,
      body: { message: 'Accès réservé aux administrateurs.' },
    });
    expect(await catalogueState(t)).toEqual(before);
  });

  it('lists every category and tag with how many products use it, hidden ones included', async () => {
    const cats = await t.json('/api/admin/categories', as(admin));
    expect(cats.status).toBe(200);
    expect(cats.body.map((c: { name: string; products: number }) => [c.name, c.products])).toEqual([
      ['CLIMATISEUR', 1],
      ['CONGELATEUR', 2],
      ['CUISINIERE', 1],
      ['MIXEUR', 1],
      ['REFRIGERATEUR', 1],
      ['Services', 1],
      ['TELEVISION', 3],
      ['VENTILATEUR', 2],
    ]);
    const tagList = await t.json('/api/admin/tags', as(admin));
    expect(tagList.body.map((c: { name: string; products: number }) => [c.name, c.products])).toEqual([
      ['Korité', 0],
      ['Nouveauté', 1],
      ['Ramadan', 3],
      ['Tabaski', 2],
    ]);
    expect(cats.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses to delete a category while products use it, with the count, then deletes it once unused', async () => {
    const id = t.ids.category.TELEVISION!;
    const before = await catalogueState(t);
    const refused = await t.json(`/api/categories/${id}`, { method: 'DELETE', ...as(admin) });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'La catégorie « TELEVISION » est utilisée par 3 produits : retirez-les d’abord.', products: 3 },
    });
    expect(await catalogueState(t)).toEqual(before);
    for (const key of ['tvSamsung', 'tvLg'])
      await t.json(`/api/produits/${t.ids.product[key]}`, { method: 'PUT', body: { categ_id: t.ids.category.CLIMATISEUR }, ...as(admin) });
    expect((await t.json(`/api/categories/${id}`, { method: 'DELETE', ...as(admin) })).body.message).toBe(
      'La catégorie « TELEVISION » est utilisée par 1 produit : retirez-le d’abord.',
    );
    await t.json(`/api/produits/${t.ids.product.telecommande}`, { method: 'PUT', body: { categ_id: null }, ...as(admin) });
    expect(await t.json(`/api/categories/${id}`, { method: 'DELETE', ...as(admin) })).toMatchObject({
      status: 200,
      body: { message: 'Catégorie supprimée.', id },
    });
    expect((await t.json(`/api/categories/${id}`)).status).toBe(404);
    expect((await t.json(`/api/categories/${id}`, { method: 'DELETE', ...as(admin) })).status).toBe(404);
    expect(await audit('category', id)).toEqual([['delete', { name: ['TELEVISION', null] }, 'Awa Admin']]);
  });

  it('audits a category created and renamed', async () => {
    const created = await t.json('/api/categories', { method: 'POST', body: { name: 'Four' }, ...as(admin) });
    expect(created.status).toBe(201);
    expect((await t.json(`/api/categories/${created.body.id}`, { method: 'PUT', body: { name: 'FOUR' }, ...as(admin) })).body).toEqual({
      id: created.body.id,
      name: 'FOUR',
    });
    expect(await audit('category', created.body.id)).toEqual([
      ['rename', { name: ['Four', 'FOUR'] }, 'Awa Admin'],
      ['create', { name: [null, 'Four'] }, 'Awa Admin'],
    ]);
  });

  it('creates, renames and deletes a tag, names unique whatever their case, every write audited', async () => {
    const created = await t.json('/api/tags', { method: 'POST', body: { name: '  Saint-Valentin ' }, ...as(admin) });
    expect(created).toMatchObject({ status: 201, body: { name: 'Saint-Valentin' } });
    const id = created.body.id as number;
    const before = await catalogueState(t);
    expect(await t.json('/api/tags', { method: 'POST', body: { name: 'saint-valentin' }, ...as(admin) })).toMatchObject({
      status: 409,
      body: { message: 'L’étiquette « saint-valentin » existe déjà.', field: 'name' },
    });
    expect(await t.json(`/api/tags/${id}`, { method: 'PUT', body: { name: 'TABASKI' }, ...as(admin) })).toMatchObject({
      status: 409,
      body: { message: 'L’étiquette « TABASKI » existe déjà.' },
    });
    expect(await catalogueState(t)).toEqual(before);
    expect(await t.json(`/api/tags/${id}`, { method: 'PUT', body: { name: 'Fête des mères' }, ...as(admin) })).toMatchObject({
      status: 200,
      body: { id, name: 'Fête des mères' },
    });
    expect((await t.json('/api/tags')).body.map((x: { name: string }) => x.name)).toContain('Fête des mères');
    expect(await t.json(`/api/tags/${id}`, { method: 'DELETE', ...as(admin) })).toMatchObject({
      status: 200,
      body: { message: 'Étiquette supprimée.', id },
    });
    expect((await t.json('/api/tags')).body.map((x: { id: number }) => x.id)).not.toContain(id);
    expect(await audit('tag', id)).toEqual([
      ['delete', { name: ['Fête des mères', null] }, 'Awa Admin'],
      ['rename', { name: ['Saint-Valentin', 'Fête des mères'] }, 'Awa Admin'],
      ['create', { name: [null, 'Saint-Valentin'] }, 'Awa Admin'],
    ]);
  });

  it('refuses to delete a tag while products carry it, with the count, then deletes it once unused', async () => {
    const ramadan = t.ids.tag.Ramadan!;
    const before = await catalogueState(t);
    expect(await t.json(`/api/tags/${ramadan}`, { method: 'DELETE', ...as(admin) })).toMatchObject({
      status: 409,
      body: { message: 'L’étiquette « Ramadan » est portée par 3 produits : retirez-la d’abord de ces produits.', products: 3 },
    });
    expect(await catalogueState(t)).toEqual(before);
    const fresh = t.ids.tag.Nouveauté!;
    expect((await t.json(`/api/tags/${fresh}`, { method: 'DELETE', ...as(admin) })).body.message).toBe(
      'L’étiquette « Nouveauté » est portée par 1 produit : retirez-la d’abord de ce produit.',
    );
    await t.json(`/api/produits/${t.ids.product.clim}`, { method: 'PUT', body: { tags: [] }, ...as(admin) });
    expect((await t.json(`/api/tags/${fresh}`, { method: 'DELETE', ...as(admin) })).status).toBe(200);
    expect((await t.json('/api/admin/tags', as(admin))).body.map((x: { name: string }) => x.name)).not.toContain('Nouveauté');
  });

  it.each<[string, string, string, unknown, number, RegExp]>([
    ['an empty name', 'POST', '/api/tags', { name: '   ' }, 400, /^Le champ « name » est obligatoire\.$/],
    ['no name', 'POST', '/api/tags', {}, 400, /name/],
    ['a number for a name', 'POST', '/api/tags', { name: 12 }, 400, /name/],
    ['an unknown field', 'POST', '/api/tags', { name: 'X', color: 'red' }, 400, /^Champ inconnu : color\.$/],
    ['a name too long', 'POST', '/api/tags', { name: 'x'.repeat(101) }, 400, /dépasse 100 caractères/],
    ['a bad id', 'PUT', '/api/tags/abc', { name: 'X' }, 400, /identifiant/],
    ['an unknown tag', 'PUT', '/api/tags/999999', { name: 'Inconnue' }, 404, /^Étiquette introuvable\.$/],
    ['an unknown tag', 'DELETE', '/api/tags/999999', undefined, 404, /^Étiquette introuvable\.$/],
    ['an unknown category', 'DELETE', '/api/categories/999999', undefined, 404, /^Catégorie introuvable\.$/],
  ])('%s: %s %s → %s in French, nothing written', async (_l, method, path, body, status, message) => {
    const before = await catalogueState(t);
    const res = await t.json(path, { method, body, ...as(admin) });
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await catalogueState(t)).toEqual(before);
  });
});
