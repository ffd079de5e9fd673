import { expect, test } from '@playwright/test';

// What every answer of the running shop carries, as a browser or a CDN sees it.
test.describe('the server', () => {
  test('pages carry the security headers and are compressed', async ({ request }) => {
    const res = await request.get('/faq', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['content-encoding']).toBe('br');
    expect(h['cache-control']).toBe('no-cache');
    expect(await res.text()).toContain('<html lang="fr"');
  });

  test('hashed assets are immutable and precompressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = html.match(/\/_astro\/[^"' )]+\.(?:js|css)/)?.[0];
    expect(asset, 'the home page references a hashed asset').toBeTruthy();
    const res = await request.get(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('the background worker and the manifest are checked on every visit, and the worker covers the whole shop', async ({ request }) => {
    const sw = await request.get('/sw.js', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-encoding']).toBe('br');
    // Its precache names the offline page; Workbox's injection point was replaced.
    const body = await sw.text();
    expect(body).toContain('"/hors-ligne"');
    expect(body).not.toContain('__WB_MANIFEST');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toBe('application/manifest+json');
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({
      name: 'Boutique — électroménager à Dakar',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b4f8a',
    });
    expect((await request.get('/icons/icon-512.png')).headers()['content-type']).toBe('image/png');
  });

  test('the API answers JSON, compressed, with its own headers', async ({ request }) => {
    const res = await request.get('/api/produits-filtrer?limit=100', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe('gzip');
    expect(res.headers()['referrer-policy']).toBe('no-referrer');
    const body = await res.json();
    expect(body.total).toBeGreaterThanOrEqual(60);
    expect(body.products).toHaveLength(Math.min(100, body.total));
  });

  test('every text answer is brotli when the browser accepts it: on-demand pages, built files, assets and the API', async ({ request }) => {
    const home = await request.get('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    const asset = (await home.text()).match(/\/_astro\/[^"' )]+\.js/)?.[0];
    expect(asset, 'the home page references a script').toBeTruthy();
    // '/', '/boutique' and a product page are rendered on demand (streamed); '/faq' and the script are built files.
    for (const path of ['/', '/boutique', '/single-product/1', '/faq', asset!, '/api/produits-filtrer', '/api/categories']) {
      const res = await request.get(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-encoding'], path).toBe('br');
      expect(res.headers().vary, path).toContain('Accept-Encoding');
      expect((await res.body()).byteLength, `${path} decodes`).toBeGreaterThan(0);
    }
  });

  test('seeded product images are small WebP files served for a year', async ({ request }) => {
    const { products } = await (await request.get('/api/produits-filtrer')).json();
    const res = await request.get(products[0].image_256);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
    expect(res.headers()['cache-control']).toContain('immutable');
    expect((await res.body()).byteLength).toBeLessThan(20_000);
  });

  test('an unknown path shows the home content with a 404 status', async ({ request }) => {
    const res = await request.get('/une-page-qui-nexiste-pas');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('text/html');
    expect(res.headers()['referrer-policy']).toBe('no-referrer');
  });

  test('a form posted to a page (sent before its island hydrated) comes back to that page, its fields nowhere in the address', async ({
    request,
  }) => {
    const res = await request.post('/login?redirect=/profile', {
      form: { email: 'client@boutique.sn', password: 'secret' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe('/login?redirect=/profile');
    expect((await request.get(res.headers().location!)).status()).toBe(200);
  });

  test('path traversal does not leave the build folder', async ({ request }) => {
    const res = await request.get('/..%2f..%2fpackage.json');
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain('"name": "boutique"');
  });
});
