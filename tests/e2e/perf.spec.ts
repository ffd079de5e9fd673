/** Storefront speed as the shopper feels it: no layout shift on filled collections, light first views, right-sized images. */
import { expect, test, type Page } from '@playwright/test';
import { encodeMirror, mirrorCookies, type MirroredList } from '../../src/domain/mirror.ts';
import { fcfa, frameLive, holdIslandCode, hydrated, layoutShifts, watchConsole, watchLayoutShifts } from '../fixtures/journeys.ts';

// Any console error or uncaught error fails a journey.
const { allow } = watchConsole();

type ApiProduct = { id: number; name: string; image_256: string | null };

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
// A 360 px window without isMobile: with it, headless Chromium's preload scanner picks images by a 980 px layout
// width before the page's meta viewport applies (a real phone's scanner reads the meta viewport), fetching the 1024 file.
const PHONE_WINDOW = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true };

/** Fills a collection in storage before any page script runs (its cookie mirror too, as the store keeps it), and sums every layout shift of the page. */
async function fillAndWatch(page: Page, key: MirroredList, products: ApiProduct[]) {
  const lines = products.map((product, i) => ({ product, quantity: i + 1 }));
  await page.context().addCookies([
    {
      name: mirrorCookies[key],
      value: encodeMirror(lines.map((l) => ({ id: l.product.id, quantity: l.quantity }))),
      url: test.info().project.use.baseURL!,
    },
  ]);
  await page.addInitScript(
    ({ key, lines }) => {
      localStorage.setItem(key, JSON.stringify(lines.map((l) => ({ ...l, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }))));
      localStorage.setItem('popupLastClosed', String(Date.now()));
    },
    { key, lines },
  );
  await watchLayoutShifts(page);
}

test.describe('filled collections do not move', () => {
  test.use(PHONE);
  let products: ApiProduct[];
  test.beforeAll(async ({ request }) => {
    products = (await (await request.get('/api/produits-filtrer?limit=3')).json()).products;
    expect(products).toHaveLength(3);
  });

  for (const [path, key] of [
    ['/cart', 'cart'],
    ['/pre-cart', 'preorder'],
    ['/wishlist', 'wishlist'],
  ] as const) {
    test(`${path} with 3 items: drawn by the server, hydrated by React in place; layout shifts sum to 0.01 at most`, async ({ page }) => {
      await fillAndWatch(page, key, products);
      const release = await holdIslandCode(page, 'CollectionPage');
      await page.goto(path);
      // The server's drawing, before the island's code has arrived.
      const island = page.locator('astro-island[component-url*="/CollectionPage."]');
      await expect(island).toHaveAttribute('ssr');
      for (const p of products) await expect(page.getByRole('link', { name: p.name })).toBeVisible();
      await expect(page.getByTestId('total')).toBeVisible();
      release();
      await hydrated(page, 'CollectionPage');
      for (const p of products) await expect(page.getByRole('link', { name: p.name })).toBeVisible();
      expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);
    });
  }

  // The worker's page for a page never seen offline is precached, the same for everyone: its island draws the cart at once.
  test('/hors-ligne with 3 items in the cart: hydrated at load, the lines shown; layout shifts sum to 0.01 at most', async ({ page }) => {
    await fillAndWatch(page, 'cart', products);
    await page.goto('/hors-ligne');
    await hydrated(page, 'CollectionPage');
    for (const p of products) await expect(page.getByRole('link', { name: p.name })).toBeVisible();
    await expect(page.getByTestId('total')).toBeVisible();
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);
  });
});

test.describe('the comparison drawn by the server from its cookie mirror', () => {
  test.use(PHONE);
  let products: (ApiProduct & { list_price: number; en_promo: boolean; promo_price: number | null; categ_id: string | null })[];
  test.beforeAll(async ({ request }) => {
    products = (await (await request.get('/api/produits-filtrer?limit=2')).json()).products;
    expect(products).toHaveLength(2);
  });

  test('two products: in the server’s HTML, hydrated in place; layout shifts 0.01 at most, the page no wider than the phone', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.addInitScript((products) => {
      localStorage.setItem('compare', JSON.stringify(products));
      localStorage.setItem('compareCount', String(products.length));
    }, products);
    await context.addCookies([{ name: 'boutique_compare', value: products.map((p) => `${p.id}.1`).join('_'), url: String(baseURL) }]);
    await watchLayoutShifts(page);
    const answer = await page.request.get('/products-compaire');
    expect(answer.headers()['cache-control']).toBe('private, no-cache');
    const html = await answer.text();
    for (const p of products) expect(html).toContain(`href="/single-product/${p.id}"`);
    await page.goto('/products-compaire');
    const table = page.getByRole('table', { name: 'Comparaison de 2 produits' });
    for (const p of products) {
      await expect(table.getByRole('link', { name: p.name })).toHaveAttribute('href', `/single-product/${p.id}`);
      await expect(table.getByRole('button', { name: `Retirer ${p.name} de la comparaison` })).toBeVisible();
    }
    const price = (p: (typeof products)[number]) => fcfa(p.en_promo && p.promo_price != null ? p.promo_price : p.list_price);
    await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Prix' }) })).toContainText(price(products[0]!));
    await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Catégorie' }) })).toContainText(
      products[1]!.categ_id ?? '—',
    );
    await expect(page.locator('astro-island[component-url*="/CompareTable."]')).not.toHaveAttribute('ssr');
    await expect(table.getByRole('button', { name: `Retirer ${products[0]!.name} de la comparaison` })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);
  });

  test('nothing compared: the empty notice in the server’s HTML', async ({ page }) => {
    const html = await (await page.request.get('/products-compaire')).text();
    expect(html).toContain('Aucun produit à comparer pour le moment.');
    await page.goto('/products-compaire');
    await expect(page.getByText('Aucun produit à comparer pour le moment.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Parcourir la boutique' })).toHaveAttribute('href', '/boutique');
  });
});

test.describe('product images on a 360 px phone', () => {
  test.use(PHONE_WINDOW);

  test('cards offer 256 and 512 px, the product page up to 1024 px, and the phone never downloads the 1024 px file', async ({
    page,
    request,
  }) => {
    const { products } = await (await request.get('/api/produits-filtrer?limit=1')).json();
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/images/')) images.push(new URL(r.url()).pathname);
    });

    await page.goto('/boutique');
    const card = page.locator('main article img').first();
    await expect(card).toHaveAttribute('srcset', /\/256 256w, .*\/512 512w$/);
    await expect(card).toHaveAttribute('sizes', /.+/);
    await page.goto(`/single-product/${products[0].id}`);
    const photo = page.getByRole('img', { name: products[0].name });
    await expect(photo).toHaveAttribute('srcset', /\/256 256w, .*\/512 512w, .*\/1024 1024w$/);
    await expect(page.locator('main picture source[media="(max-width: 767px)"]')).toHaveAttribute('srcset', /\/256 256w, .*\/512 512w$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const chosen = await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);

    expect(chosen).toMatch(/\/512$/);
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((p) => /\/1024(\.webp)?$/.test(p))).toEqual([]);
    // The served file is an image the phone accepts (AVIF or WebP, whichever the server stored smaller).
    const res = await request.get(chosen, { headers: { Accept: 'image/avif,image/webp,*/*' } });
    expect(res.headers()['content-type']).toMatch(/^image\/(avif|webp)$/);
  });
});

test.describe('the header search box on a text-only page', () => {
  test.use(PHONE);
  const searchChunk = /\/_astro\/SearchBox\.[^/]+\.js$/;

  test('is a plain GET form without its code: it searches with its code blocked', async ({ page }) => {
    // The blocked chunk is the one error expected.
    allow(/^Failed to load resource: net::ERR_FAILED$/);
    await page.route(searchChunk, (route) => route.abort());
    await page.goto('/faq');
    const field = page.getByRole('combobox', { name: 'Rechercher un produit' });
    await field.fill('frigo');
    await field.press('Enter');
    await page.waitForURL(/\/boutique\?search=frigo$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('is hydrated once the page is idle, so the first tap and keys go to a live box that suggests', async ({ page }) => {
    await page.goto('/faq');
    await hydrated(page, 'SearchBox');
    await page.getByRole('combobox', { name: 'Rechercher un produit' }).tap();
    await page.keyboard.type('fr');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  });
});

test.describe('a text page', () => {
  test.use(PHONE);

  test('shows the cart count from /boutique, following the other tab, and a toast left by the previous page', async ({ page, context }) => {
    await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now())));
    await page.goto('/boutique');
    // The listing hydrates once the page is idle: its own handler takes the tap.
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Commander' }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Produit ajouté' })).toBeVisible();

    // A second tab of the same shopper, so only this page's scripts are read.
    const text = await context.newPage();
    await text.goto('/informations');
    await frameLive(text);
    const cart = text.getByRole('banner').getByRole('link', { name: 'Panier : 1 article', exact: true });
    await expect(cart).toBeVisible();
    await expect(cart.locator('span')).toHaveText('1');
    await expect(text.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();

    // The count follows the other tab.
    await page.getByRole('button', { name: 'Commander' }).nth(1).click();
    await expect(text.getByRole('banner').getByRole('link', { name: 'Panier : 2 articles', exact: true })).toBeVisible();

    // A toast the previous page left (an order placed) shows at once on a text page.
    await text.evaluate(() =>
      sessionStorage.setItem('flashToast', JSON.stringify([{ message: 'Commande créé avec succés', kind: 'success' }])),
    );
    await text.goto('/faq');
    await expect(text.getByRole('status').filter({ hasText: 'Commande créé avec succés' })).toBeVisible();
  });
});

test.describe('a product page for a visitor', () => {
  test.use(PHONE);

  test('is hydrated once idle, and the first tap on “Commander” adds to the cart', async ({ page, request }) => {
    const { products } = await (await request.get('/api/produits-filtrer?limit=1')).json();
    await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now())));
    await page.goto(`/single-product/${products[0].id}`);
    await frameLive(page);
    await hydrated(page, 'ProductActions');
    await page.getByRole('main').getByRole('button', { name: 'Commander' }).tap();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Panier : 1 article', exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Produit ajouté' })).toBeVisible();
  });
});

test.describe('the phone menu', () => {
  test.use(PHONE);

  test('is hydrated once the page is idle and opens at the first tap', async ({ page }) => {
    await page.goto('/faq');
    await hydrated(page, 'MobileDrawer');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
    await expect(page.getByRole('dialog', { name: 'Menu de navigation' })).toBeVisible();
  });
});
