import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { photo, sendRaw, written } from '../../../tests/fixtures/admin-products.ts';
import { images } from '../db/schema.ts';

describe.each(testDatabases())('back-office products API on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;
  let p: Record<string, number>;
  const send = (path: string, body: BodyInit | undefined, type: string, token?: string, method = 'PUT') =>
    sendRaw(t, path, { method, body, type, token });

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  const routes: Array<[string, string, () => string, () => Promise<[BodyInit | undefined, string]>]> = [
    ['list', 'GET', () => '/api/admin/produits?q=tv', async () => [undefined, 'application/json']],
    ['CSV export', 'GET', () => '/api/admin/produits.csv', async () => [undefined, 'application/json']],
    ['image upload', 'PUT', () => `/api/admin/produits/${p.fer}/image`, async () => [await photo(), 'image/png']],
    ['import preview', 'POST', () => '/api/admin/produits/import/apercu', async () => ['nom;prix\nFour Samsung;90000\n', 'text/csv']],
    ['import', 'POST', () => '/api/admin/produits/import', async () => ['nom;prix\nFour Samsung;90000\n', 'text/csv']],
  ];
  it.each(routes)('%s: 401 without a token, 403 for a customer (nothing written), 2xx for the admin', async (_l, method, path, body) => {
    const before = await written(t);
    const [payload, type] = await body();
    const anon = await send(path(), payload, type, undefined, method);
    expect(anon.status).toBe(401);
    const refused = await send(path(), payload, type, customer, method);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Accès réservé aux administrateurs.' });
    expect(await written(t)).toEqual(before);
    const ok = await send(path(), payload, type, admin, method);
    expect(ok.status).toBe(200);
  });

  it('lists every product, saleable or not, searched by name without regard to case or accents, paged', async () => {
    const list = async (query: string) =>
      (await t.json(`/api/admin/produits${query}`, { token: admin })).body as {
        products: Array<{ id: number; name: string; sale_ok: boolean }>;
        total: number;
      };
    const all = await list('?limit=100');
    expect(all.total).toBeGreaterThanOrEqual(13);
    expect(all.products.map((x) => x.id)).toEqual(expect.arrayContaining([p.livraison, p.telecommande]));
    expect((await list('?q=CONGELATEUR')).products.map((x) => x.id).sort()).toEqual([p.congeCoffre, p.congeVertical].sort());
    expect((await list('?q=t%C3%A9l%C3%A9')).products.map((x) => x.id)).toEqual(expect.arrayContaining([p.tvSamsung, p.telecommande]));
    expect((await list('?q=100%25')).total).toBe(0);
    const retired = await list('?sale_ok=false');
    expect(retired.products.every((x) => !x.sale_ok)).toBe(true);
    expect(retired.products.map((x) => x.id)).toEqual(expect.arrayContaining([p.livraison, p.telecommande]));
    expect((await list(`?category=${t.ids.category.TELEVISION}&sale_ok=true`)).products.map((x) => x.id).sort()).toEqual(
      [p.tvLg, p.tvSamsung].sort(),
    );
    const page2 = await list('?limit=5&page=2');
    expect(page2.products).toHaveLength(5);
    expect(page2.products.map((x) => x.id)).toEqual(all.products.slice(5, 10).map((x) => x.id));
    expect((await list('?limit=5&page=999')).products).toEqual([]);
    const bad = await t.json('/api/admin/produits?limit=500', { token: admin });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Le paramètre « limit » doit être compris entre 1 et 100.' } });
  });

  it('a page asked again shows the stock, the units held and the names of now', async () => {
    const page = async () =>
      (await t.json('/api/admin/produits?q=mixeur', { token: admin })).body as {
        products: Array<{ id: number; name: string; quantity: number }>;
        total: number;
        held: Record<string, number>;
      };
    await setStock(t, { [p.mixeur!]: 9 });
    const first = await page();
    expect(await page()).toEqual(first);
    expect(first.products.find((x) => x.id === p.mixeur)).toMatchObject({ quantity: 9 });
    expect(first.held[p.mixeur!]).toBeUndefined();
    // An order takes stock and holds it until it is confirmed: no catalogue change, yet both show at once.
    const placed = await t.json('/api/commandes', {
      method: 'POST',
      token: customer,
      body: orderBody(t.ids.user.customer, [[p.mixeur!, 2]]),
    });
    expect(placed.status).toBe(201);
    const after = await page();
    expect(after.products.find((x) => x.id === p.mixeur)).toMatchObject({ quantity: 7 });
    expect(after.held[p.mixeur!]).toBe(2);
    const renamed = await t.json(`/api/produits/${p.mixeur}`, {
      method: 'PUT',
      token: admin,
      body: { name: 'Mixeur Moulinex 2 vitesses' },
    });
    expect(renamed.status).toBe(200);
    expect((await page()).products.find((x) => x.id === p.mixeur)).toMatchObject({ name: 'Mixeur Moulinex 2 vitesses', quantity: 7 });
  });

  it('an uploaded photo is stored at 256, 512 and 1024 px as a white-backed square (WebP, and AVIF where smaller), and the product points at it', async () => {
    const res = await send(`/api/admin/produits/${p.cuisiniere}/image`, await photo(), 'image/png', admin);
    expect(res.status).toBe(200);
    const product = await res.json();
    const version = /^\/api\/images\/([a-z0-9]+)\/256\.webp$/.exec(product.image_256)?.[1];
    expect(version).toBeTruthy();
    expect(product.image).toBe(`/api/images/${version}/1024.webp`);
    const rows = await t.database.db
      .select({ size: images.size })
      .from(images)
      .where(and(eq(images.version, version!), eq(images.format, 'webp')));
    expect(rows.map((r) => r.size).sort((a, b) => a - b)).toEqual([256, 512, 1024]);
    for (const size of [256, 512, 1024]) {
      const modern = await t.app.request(`/api/images/${version}/${size}`, { headers: { Accept: 'image/avif,image/webp,*/*' } });
      expect(modern.headers.get('content-type')).toMatch(/^image\/(avif|webp)$/);
      expect(modern.headers.get('vary')).toContain('Accept');
      const sent = await sharp(Buffer.from(await modern.arrayBuffer())).metadata();
      expect({ format: sent.format === 'heif' ? 'avif' : sent.format, width: sent.width }).toEqual({
        format: modern.headers.get('content-type')!.slice(6),
        width: size,
      });
      const file = await t.app.request(`/api/images/${version}/${size}.webp`, { headers: { Accept: 'image/webp,*/*' } });
      expect(file.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: size, height: size });
      // The 4:3 photo is contained: the top edge is the white background, the middle the photo.
      const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)].every((v) => v > 240)).toBe(true);
      const mid = (size * (size / 2) + size / 2) * 3;
      expect(data[mid]! - data[mid + 1]!).toBeGreaterThan(60);
    }
    const log = await t.json(`/api/admin/audit?entity=product&id=${p.cuisiniere}`, { token: admin });
    expect(log.body[0]).toMatchObject({ action: 'image', changes: { image: [null, version] }, user: { name: 'Awa Admin' } });
  });

  it('an image stored before the 512 px size existed gets it drawn once from its 1024, then served from the database', async () => {
    const res = await send(`/api/admin/produits/${p.cuisiniere}/image`, await photo(), 'image/png', admin);
    const version = /\/api\/images\/([a-z0-9]+)\/256\.webp$/.exec((await res.json()).image_256)![1]!;
    await t.database.db.delete(images).where(and(eq(images.version, version), eq(images.size, 512)));
    const drawn = await t.app.request(`/api/images/${version}/512`, { headers: { Accept: 'image/webp,*/*' } });
    expect(drawn.status).toBe(200);
    expect(await sharp(Buffer.from(await drawn.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const rows = await t.database.db
      .select({ size: images.size })
      .from(images)
      .where(and(eq(images.version, version), eq(images.format, 'webp')));
    expect(rows.map((r) => r.size).sort((a, b) => a - b)).toEqual([256, 512, 1024]);
  });

  it.each<[string, BodyInit, string, number, RegExp]>([
    [
      'text sent as a PNG',
      'bonjour, je ne suis pas une image',
      'image/png',
      400,
      /^Ce fichier n’est pas une image JPEG, PNG ou WebP lisible\.$/,
    ],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', 415, /image\/jpeg, image\/png, image\/webp/],
    ['an empty body', '', 'image/jpeg', 400, /Aucune image reçue/],
    ['a file over 8 MB', new Uint8Array(8 * 1024 * 1024 + 1), 'image/jpeg', 413, /8 Mo/],
  ])('refuses %s in French, and changes nothing', async (_l, body, type, status, message) => {
    const before = await written(t);
    const res = await send(`/api/admin/produits/${p.fer}/image`, body, type, admin);
    expect(res.status).toBe(status);
    expect((await res.json()).message).toMatch(message);
    expect(await written(t)).toEqual(before);
  });

  it.each([
    ['rang', { rang: 99_999_999_999 }, 'Le champ « rang » est trop grand.'],
    ['quantity', { quantity: 2_147_483_648 }, 'Le champ « quantity » dépasse 1 000 000 d’unités.'],
    ['categ_id', { categ_id: 99_999_999_999 }, /categ_id/],
    ['tags', { tags: [99_999_999_999] }, /tags/],
  ])('a %s past what the database holds is a French 400 on create and update, never a 500', async (_f, extra, message) => {
    const before = await written(t);
    const created = await t.json('/api/produits', {
      method: 'POST',
      token: admin,
      body: { name: 'Trop grand', list_price: 1000, ...extra },
    });
    const updated = await t.json(`/api/produits/${p.fer}`, { method: 'PUT', token: admin, body: extra });
    for (const res of [created, updated]) expect(res).toMatchObject({ status: 400, body: { message: expect.stringMatching(message) } });
    expect(await written(t)).toEqual(before);
  });

  it('an image for an unknown product is a 404', async () => {
    const res = await send('/api/admin/produits/999999/image', await photo(), 'image/png', admin);
    expect(res.status).toBe(404);
  });

  it('deleting a product in an open order withdraws it from sale instead, and says so; the write is audited', async () => {
    await setStock(t, { [p.ventiTable!]: 10 });
    expect(
      (await t.json('/api/commandes', { method: 'POST', token: customer, body: orderBody(t.ids.user.customer, [[p.ventiTable!, 1]]) }))
        .status,
    ).toBe(201);
    const answer = await t.json(`/api/produits/${p.ventiTable}`, { method: 'DELETE', token: admin });
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'retired', product: { id: p.ventiTable, sale_ok: false } } });
    expect(answer.body.message).toBe(
      'Le produit « Ventilateur de table Sharp » figure dans des commandes : il est retiré de la vente au lieu d’être supprimé.',
    );
    expect((await t.json(`/api/produits/${p.ventiTable}`)).status).toBe(404);
    const log = await t.json(`/api/admin/audit?entity=product&id=${p.ventiTable}`, { token: admin });
    expect(log.body[0]).toMatchObject({ action: 'retire', changes: { sale_ok: [true, false] } });
  });
});
