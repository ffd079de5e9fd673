import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packUnavailability } from '../../domain/availability.ts';
import { productListSchema, productSchema, type Pack, type Product } from '../../domain/catalogue.ts';
import { matchesFilters } from '../../domain/filters.ts';
import { sortProducts } from '../../domain/sorting.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { LISTING_ORDER, PRODUCTS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('catalogue API on $name', (kind) => {
  let t: TestApi;
  let all: Product[];
  const name = (key: string) => PRODUCTS.find((p) => p.key === key)!.name;
  const names = (list: Product[]) => list.map((p) => p.name);

  beforeAll(async () => {
    t = await setupApi(kind);
    all = (await t.json('/api/produits')).body;
  });
  afterAll(() => t.close());

  it('lists sale_ok products only, in the §9 order', () => {
    expect(names(all)).toEqual(LISTING_ORDER.map(name));
    expect(names(sortProducts(all))).toEqual(names(all));
    for (const p of all) expect(productSchema.parse(p)).toEqual(p);
  });

  it('answers products with the §3 fields and whole prices', () => {
    const coffre = all.find((p) => p.id === t.ids.product.congeCoffre)!;
    expect(coffre).toMatchObject({
      name: name('congeCoffre'),
      categ_id: 'CONGELATEUR',
      list_price: 250000,
      en_promo: true,
      promo_price: 215000,
      preorder_price: 240000,
      is_creditorder: false,
      creditorder_price: null,
      sale_ok: true,
      rang: 2,
      quantity: 5,
      date: '2026-11-01',
      location: 'Dakar - Plateau',
      tags: [{ id: t.ids.tag.Ramadan, name: 'Ramadan' }],
      image_256: null,
      image: null,
    });
    const frigo = all.find((p) => p.id === t.ids.product.frigo)!;
    expect(frigo.image_256).toBe('/api/images/v1/256.webp');
    expect(frigo.image).toBe('/api/images/v1/1024.webp');
  });

  const cases: Array<[string, string, (p: Product) => boolean]> = [
    ['no filter', '', () => true],
    ['a category', 'category=CAT:TELEVISION', (p) => p.categ_id === 'TELEVISION'],
    ['search on name, any case', 'search=VENTILATEUR', (p) => /ventilateur/i.test(p.name)],
    ['search on description', 'search=smoothies', (p) => p.name.startsWith('Mixeur')],
    ['search with LIKE wildcards is literal', 'search=%25', () => false],
    ['search without accents finds accented names', 'search=refrigerateur', (p) => p.name.startsWith('Réfrigérateur')],
    ['search in capitals with accents', 'search=CONG%C3%89LATEUR', (p) => p.name.startsWith('Congélateur')],
    ['search with an accent the name lacks', 'search=clim%C3%A2tiseur', (p) => p.name.startsWith('Climatiseur')],
    ['search folds the description too', 'search=ideal%20pour', (p) => p.name.startsWith('Mixeur')],
    ['min on the shopper price', 'min=200000', (p) => (p.en_promo ? p.promo_price! : p.list_price) >= 200000],
    ['max on the shopper price', 'max=200000', (p) => (p.en_promo ? p.promo_price! : p.list_price) <= 200000],
    ['min and max', 'min=10000&max=30000', (p) => p.list_price >= 10000 && p.list_price <= 30000],
    ['productType promo', 'productType=promo', (p) => p.en_promo],
    ['productType credit', 'productType=credit', (p) => p.is_creditorder],
    ['a tag', 'tag=TAG:Tabaski', (p) => p.tags.some((x) => x.name === 'Tabaski')],
    ['All everywhere', 'category=All&tag=All&productType=All', () => true],
    ['a combination', 'category=CAT:CONGELATEUR&productType=promo&min=100000', (p) => p.categ_id === 'CONGELATEUR' && p.en_promo],
  ];
  it.each(cases)('produits-filtrer: %s', async (_label, rawQuery, expected) => {
    const query = rawQuery
      .replace(/CAT:(\w+)/, (_m, c: string) => String(t.ids.category[c]))
      .replace(/TAG:(\w+)/, (_m, g: string) => String(t.ids.tag[g]));
    const res = await t.json(`/api/produits-filtrer?limit=100&${query}`);
    expect(res.status).toBe(200);
    const body = productListSchema.parse(res.body);
    const want = all.filter(expected);
    expect(names(body.products)).toEqual(names(want));
    expect(body.total).toBe(want.length);
    // The pure twin of the SQL agrees.
    const q = new URLSearchParams(query);
    const f = {
      category: q.has('category') && q.get('category') !== 'All' ? Number(q.get('category')) : ('All' as const),
      tag: q.has('tag') && q.get('tag') !== 'All' ? Number(q.get('tag')) : ('All' as const),
      search: q.get('search') ?? '',
      min: q.has('min') ? Number(q.get('min')) : undefined,
      max: q.has('max') ? Number(q.get('max')) : undefined,
      productType: (q.get('productType') ?? 'All') as 'All',
    };
    expect(names(all.filter((p) => matchesFilters(p, f)))).toEqual(names(want));
  });

  it.each<[string, (b: Buffer) => Buffer]>([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('a listing is sent %s, whole, with its length, and decodes to the same JSON', async (encoding, decode) => {
    const plain = await t.app.request('/api/produits-filtrer?limit=100');
    const packed = await t.app.request('/api/produits-filtrer?limit=100', { headers: { 'Accept-Encoding': `${encoding}, identity` } });
    expect(packed.headers.get('Content-Encoding')).toBe(encoding);
    expect(packed.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await packed.arrayBuffer());
    expect(Number(packed.headers.get('Content-Length'))).toBe(body.length);
    const text = await plain.text();
    expect(body.length).toBeLessThan(Buffer.byteLength(text) / 3);
    expect(JSON.parse(decode(body).toString())).toEqual(JSON.parse(text));
    // A small answer is not worth compressing.
    const small = await t.app.request('/api/produits-filtrer?limit=1&search=zzzz', { headers: { 'Accept-Encoding': encoding } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ products: [], total: 0 });
  });

  it('pages with the default limit of 9 and reports the total', async () => {
    const p1 = productListSchema.parse((await t.json('/api/produits-filtrer')).body);
    const p2 = productListSchema.parse((await t.json('/api/produits-filtrer?page=2')).body);
    expect(p1.products).toHaveLength(9);
    expect(p1.total).toBe(LISTING_ORDER.length);
    expect(names([...p1.products, ...p2.products])).toEqual(names(all));
    const far = productListSchema.parse((await t.json('/api/produits-filtrer?page=50')).body);
    expect(far).toEqual({ products: [], total: LISTING_ORDER.length });
  });

  it.each([
    ['promo', ['congeCoffre', 'tvSamsung', 'clim']],
    ['ramadan', ['congeCoffre', 'frigo', 'ventiPied']],
    ['tabaski', ['tvSamsung', 'frigo']],
  ])('produits-filtrer-%s keeps its own products and takes the same filters', async (variant, keys) => {
    const body = productListSchema.parse((await t.json(`/api/produits-filtrer-${variant}?limit=100`)).body);
    expect(names(body.products)).toEqual(LISTING_ORDER.filter((k) => keys.includes(k)).map(name));
    const cheap = productListSchema.parse((await t.json(`/api/produits-filtrer-${variant}?max=100000`)).body);
    expect(cheap.products.every((p) => (p.en_promo ? p.promo_price! : p.list_price) <= 100000)).toBe(true);
    expect(cheap.total).toBeLessThan(body.total);
  });

  it('produits-page defaults to page 1 and limit 100, and pages', async () => {
    expect(names((await t.json('/api/produits-page')).body)).toEqual(names(all));
    expect(names((await t.json('/api/produits-page?page=2&limit=4')).body)).toEqual(names(all.slice(4, 8)));
  });

  it('produits-count, produits-precommande, produits-creditcommande', async () => {
    expect((await t.json('/api/produits-count')).body).toEqual({ count: LISTING_ORDER.length });
    // Only what may be pre-ordered: a pre-order price and no stock (congeCoffre has one but is in stock).
    const preorderable = all.filter((p) => p.preorder_price !== null && p.quantity <= 0);
    expect(names(preorderable)).toEqual([name('tvLg')]);
    expect(names((await t.json('/api/produits-precommande')).body)).toEqual(names(preorderable));
    expect(names((await t.json('/api/produits-creditcommande')).body)).toEqual(names(all.filter((p) => p.is_creditorder)));
  });

  it('produits-selection answers the products a cookie mirror names, in its order, leaving out unknown and hidden ones', async () => {
    const { frigo, tvLg, telecommande } = t.ids.product;
    const res = await t.json(`/api/produits-selection?ids=${tvLg},999999,${telecommande},${frigo},${tvLg}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([name('tvLg'), name('frigo')]);
    for (const p of res.body) expect(productSchema.parse(p)).toEqual(all.find((q) => q.id === p.id));
  });

  it.each([
    ['/api/produits-selection', 'Le paramètre « ids » est obligatoire.'],
    ['/api/produits-selection?ids=', 'Le paramètre « ids » est une liste de numéros de produits séparés par des virgules.'],
    ['/api/produits-selection?ids=1,,2', 'Le paramètre « ids » est une liste de numéros de produits séparés par des virgules.'],
    ['/api/produits-selection?ids=0x10', 'Le paramètre « ids » est une liste de numéros de produits séparés par des virgules.'],
    ['/api/produits-selection?ids=9999999999', 'Le paramètre « ids » nomme un produit qui n’existe pas.'],
    [
      `/api/produits-selection?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`,
      'Le paramètre « ids » nomme au plus 200 produits.',
    ],
  ])('%s answers 400 in French', async (path, message) => {
    const res = await t.json(path);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('produits/{id} and produits/categorie/{id}', async () => {
    const one = await t.json(`/api/produits/${t.ids.product.tvLg}`);
    expect(one.status).toBe(200);
    expect(one.body.name).toBe(name('tvLg'));
    const tv = await t.json(`/api/produits/categorie/${t.ids.category.TELEVISION}`);
    expect(names(tv.body)).toEqual([name('tvSamsung'), name('tvLg')]);
  });

  it.each([
    ['/api/produits/999999', 'Produit introuvable.'],
    ['/api/produits/categorie/999999', 'Catégorie introuvable.'],
    ['/api/categories/999999', 'Catégorie introuvable.'],
    ['/api/pack_product/NOPE', 'Le pack n’existe pas ou n’est plus disponible.'],
    ['/api/pack_product/PACK-OLD', 'Le pack n’existe pas ou n’est plus disponible.'],
  ])('404 in French for %s', async (path, message) => {
    const res = await t.json(path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message });
  });

  it('hides products that are not for sale from their page too', async () => {
    expect((await t.json(`/api/produits/${t.ids.product.livraison}`)).status).toBe(404);
    const admin = await t.login('admin');
    expect((await t.json(`/api/produits/${t.ids.product.livraison}`, { token: admin.access_token })).status).toBe(200);
  });

  it('categories, categories/{id} and tags', async () => {
    const cats = (await t.json('/api/categories')).body as Array<{ id: number; name: string }>;
    expect(cats.map((c) => c.name).sort()).toEqual(Object.keys(t.ids.category).sort());
    expect((await t.json(`/api/categories/${t.ids.category.CUISINIERE}`)).body).toEqual({
      id: t.ids.category.CUISINIERE,
      name: 'CUISINIERE',
    });
    expect(((await t.json('/api/tags')).body as Array<{ name: string }>).map((x) => x.name)).toEqual(['Nouveauté', 'Ramadan', 'Tabaski']);
  });

  it('pack_product lists active packs and pack_product/{code} answers name, produits, sommeTotal', async () => {
    const list = (await t.json('/api/pack_product')).body as Array<{ code: string }>;
    expect(list.map((p) => p.code)).toEqual(['PACK-TEST']);
    const pack = await t.json('/api/pack_product/PACK-TEST');
    expect(pack.status).toBe(200);
    expect(pack.body).toEqual({
      name: 'Pack Test Tabaski',
      produits: [
        { id: t.ids.product.tvSamsung, quantity: 1, price_unit: 180000, name: name('tvSamsung'), image: null, stock: 5 },
        { id: t.ids.product.ventiPied, quantity: 2, price_unit: 15000, name: name('ventiPied'), image: null, stock: 5 },
      ].sort((a, b) => a.id! - b.id!),
      sommeTotal: 210000,
    });
  });

  it('a pack line carries its product’s stock, so a pack short of one is shown unavailable (availability.ts)', async () => {
    const { access_token: token } = await t.login('admin');
    const setStock = async (quantity: number) =>
      expect((await t.json(`/api/produits/${t.ids.product.ventiPied}`, { method: 'PUT', body: { quantity }, token })).status).toBe(200);
    await setStock(1);
    const pack = (await t.json('/api/pack_product/PACK-TEST')).body as Pack;
    expect(pack.produits.find((l) => l.id === t.ids.product.ventiPied)).toMatchObject({ quantity: 2, stock: 1 });
    expect(packUnavailability(pack.produits)).toBe(
      'Indisponible : il ne reste que 1 Ventilateur sur pied Binatone (le pack en demande 2).',
    );
    await setStock(5);
  });

  it('serves product images by content address with long cache headers', async () => {
    const res = await t.app.request('/api/images/v1/256.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));
    expect((await t.app.request('/api/images/v1/1024.webp')).status).toBe(404);
    expect((await t.app.request('/api/images/v2/256.webp')).status).toBe(404);
    expect((await t.app.request('/api/images/v1/512.webp')).status).toBe(404);
    expect((await t.app.request('/api/images/v1/2048.webp')).status).toBe(400);
  });
});
