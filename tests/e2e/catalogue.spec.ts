/** Browser journeys of the catalogue (§2, §5): listings and filters in the URL, pagination, search, product pages, comparison. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CATALOGUE_CACHE } from '../../src/domain/freshness.ts';
import { fcfa, holdIslandCode, hydrated, watchConsole, noSeriousViolation } from '../fixtures/journeys.ts';

// Any console error or uncaught error fails a journey, except the refusals a journey provokes on purpose.
const { allow } = watchConsole();

const COUNT = /^(\d+–\d+ sur \d+ résultats?|0 résultat)$/;

/** The count line the API's total implies for page `page` of 9. */
async function expectedCount(request: APIRequestContext, query: string, page = 1): Promise<string> {
  const { total } = (await (await request.get(`/api/produits-filtrer?${query}`)).json()) as { total: number };
  if (total === 0) return '0 résultat';
  return `${(page - 1) * 9 + 1}–${Math.min(page * 9, total)} sur ${total} résultat${total > 1 ? 's' : ''}`;
}

async function categoryId(request: APIRequestContext, name: string): Promise<number> {
  const list = (await (await request.get('/api/categories')).json()) as Array<{ id: number; name: string }>;
  return list.find((c) => c.name === name)!.id;
}

const countLine = (page: Page) => page.getByText(COUNT);

test('a shopper filters /boutique by category, price and type, and pages forward and back', async ({ page, request }) => {
  const tv = await categoryId(request, 'TELEVISION');
  await page.goto('/boutique');
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  // Products are in the HTML before any script runs.
  await expect(countLine(page)).toHaveText(await expectedCount(request, ''));
  await expect(page.getByRole('button', { name: 'Commander' })).toHaveCount(9);
  await hydrated(page, 'ProductListing');

  await page.getByRole('combobox', { name: 'Catégorie', exact: true }).selectOption({ label: 'TELEVISION' });
  await expect(page).toHaveURL(new RegExp(`/boutique\\?category=${tv}$`));
  await expect(countLine(page)).toHaveText(await expectedCount(request, `category=${tv}`));
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Commander' }) });
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: 'TELEVISION' })).toHaveCount(0);

  await page.getByRole('slider', { name: 'Prix minimum' }).fill('100000');
  await expect(page).toHaveURL(new RegExp(`category=${tv}&min=100000$`));
  await expect(countLine(page)).toHaveText(await expectedCount(request, `category=${tv}&min=100000`));

  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page).toHaveURL(/\/boutique\?min=5000$/);
  await page.getByRole('radio', { name: 'Produits en promo' }).check();
  await expect(page).toHaveURL(/\/boutique\?min=5000&productType=promo$/);
  const promoLine = await expectedCount(request, 'min=5000&productType=promo');
  await expect(countLine(page)).toHaveText(promoLine);
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Commander' }) })
      .filter({ hasNotText: 'En promo' }),
  ).toHaveCount(0);

  await page.getByRole('link', { name: 'Page suivante' }).click();
  await expect(page).toHaveURL(/\/boutique\?min=5000&page=2&productType=promo$/);
  await expect(countLine(page)).toHaveText(await expectedCount(request, 'min=5000&productType=promo', 2));
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page).toHaveURL(/\/boutique\?min=5000&productType=promo$/);
  await expect(countLine(page)).toHaveText(promoLine);
  await page.goBack();
  await expect(page).toHaveURL(/\/boutique\?min=5000$/);
  await page.goForward();
  await page.goForward();
  await expect(countLine(page)).toHaveText(await expectedCount(request, 'min=5000&productType=promo', 2));

  // A shared filtered URL opens on the same view.
  await page.goto(`/boutique?category=${tv}&page=1`);
  await expect(countLine(page)).toHaveText(await expectedCount(request, `category=${tv}`));
  await expect(page.getByRole('combobox', { name: 'Catégorie', exact: true })).toHaveValue(String(tv));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the listing, its filters, its pages and the header search still work as plain links and forms', async ({ page, request }) => {
    await page.goto('/boutique');
    await expect(countLine(page)).toHaveText(await expectedCount(request, ''));
    await page.getByRole('radio', { name: 'Produits en promo' }).check();
    await page.getByRole('button', { name: 'Appliquer les filtres' }).click();
    await expect(page).toHaveURL(/productType=promo/);
    await expect(countLine(page)).toHaveText(await expectedCount(request, 'productType=promo'));
    await page.getByRole('link', { name: 'Page suivante' }).click();
    await expect(countLine(page)).toHaveText(await expectedCount(request, 'productType=promo', 2));
    await page.getByRole('combobox', { name: 'Rechercher un produit' }).fill('nasco');
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL(/\/boutique\?search=nasco$/);
    await expect(countLine(page)).toHaveText(await expectedCount(request, 'search=nasco'));
  });
});

test('promo listings and the empty message', async ({ page, request }) => {
  await page.goto('/en-promo');
  await expect(page.getByRole('heading', { level: 1, name: 'En promo' })).toBeVisible();
  await expect(countLine(page)).toHaveText(await expectedCount(request, 'productType=promo'));
  await page.goto('/en-promo?search=aucunproduitnesappelleainsi');
  await expect(countLine(page)).toHaveText('0 résultat');
  await expect(page.getByText('Aucun produit en promotion trouvé')).toBeVisible();
});

test('search suggestions: at most 5, keyboard choice, no match, and the term is reported', async ({ page, request }) => {
  await page.goto('/boutique');
  await hydrated(page, 'SearchBox');
  const box = page.getByRole('combobox', { name: 'Rechercher un produit' });
  const list = page.getByRole('listbox', { name: 'Suggestions' });

  // One letter asks for nothing: the first suggestions asked are those of 'nasco'.
  const asked: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') && u.searchParams.has('search')) asked.push(u.searchParams.get('search')!);
  });
  await box.pressSequentially('n');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.pressSequentially('asco');
  await expect(list).toBeVisible();
  expect(asked).not.toContain('n');
  // The listing under the header follows the typed search, without adding history entries.
  await expect(page).toHaveURL(/\/boutique\?search=nasco$/);
  await expect(countLine(page)).toHaveText(await expectedCount(request, 'search=nasco'));
  const options = list.getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(5);
  for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain('nasco');
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', 'search-suggestions-0');
  const chosen = (await options.first().locator('span').first().textContent())!;
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('nasco');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/single-product\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/boutique\?search=nasco$/);
  await hydrated(page, 'SearchBox');
  await page.getByRole('combobox', { name: 'Rechercher un produit' }).fill('');
  await expect(page).toHaveURL(/\/boutique$/);
  await expect(countLine(page)).toHaveText(await expectedCount(request, ''));
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);

  await hydrated(page, 'SearchBox');
  const box2 = page.getByRole('combobox', { name: 'Rechercher un produit' });
  await box2.fill('zzqqxxw');
  await expect(page.getByText('Aucun résultat trouvé')).toBeVisible();
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/termeRecherche') && r.method() === 'POST');
  await box2.press('Enter');
  expect((await reported).postDataJSON()).toEqual({ terme: 'zzqqxxw', source: 'boutique' });
  await expect(page).toHaveURL(/\/boutique\?search=zzqqxxw$/);
  await expect(countLine(page)).toHaveText('0 résultat');
  await expect(page.getByText('Aucun produit trouvé')).toBeVisible();
  await hydrated(page, 'ProductListing');
  await page.getByRole('button', { name: 'Effacer la recherche' }).click();
  await expect(page).toHaveURL(/\/boutique$/);
  await expect(page.getByRole('combobox', { name: 'Rechercher un produit' })).toHaveValue('');

  // Case and accents don't matter: typed plain, 'REFRIGERATEUR' suggests the réfrigérateurs and lists them all.
  await page.getByRole('combobox', { name: 'Rechercher un produit' }).fill('REFRIGERATEUR');
  const folded = page.getByRole('listbox').getByRole('option');
  await expect(folded.first()).toBeVisible();
  for (const text of await folded.allTextContents()) expect(text.toLowerCase()).toContain('réfrigérateur');
  await expect(page).toHaveURL(/\/boutique\?search=REFRIGERATEUR$/);
  const total = await expectedCount(request, 'search=REFRIGERATEUR');
  expect(total).not.toMatch(/^0 /);
  await expect(countLine(page)).toHaveText(total);
});

test('on a listing the header search follows the listing’s text (cleared, Back), then searches as before', async ({ page }) => {
  await page.goto('/boutique?search=zzqqxxw');
  await hydrated(page, 'ProductListing');
  const box = page.getByRole('combobox', { name: 'Rechercher un produit' });
  await expect(box).toHaveValue('zzqqxxw');
  await page.getByRole('button', { name: 'Effacer la recherche' }).click();
  await expect(page).toHaveURL(/\/boutique$/);
  await expect(box).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/boutique\?search=zzqqxxw$/);
  await expect(box).toHaveValue('zzqqxxw');

  // Live, it keeps the listing's text without opening suggestions, then searches as before.
  await hydrated(page, 'SearchBox');
  await expect(box).toHaveValue('zzqqxxw');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.fill('nasco');
  await expect(page).toHaveURL(/\/boutique\?search=nasco$/);
});

test('a product page shows prices, stock and structured data; an unknown id is a French 404', async ({ page }) => {
  // The unknown product's page itself answers 404.
  allow(/^Failed to load resource: the server responded with a status of 404 \(OK\)$/);
  await page.goto('/boutique');
  await hydrated(page, 'ProductListing');
  const first = page.getByRole('heading', { level: 3 }).first().getByRole('link');
  const name = (await first.textContent())!;
  // The image pushes click_image_product before its page leaves: a data layer kept in sessionStorage records it.
  await page.addInitScript(() => {
    const seen: string[] = JSON.parse(sessionStorage.getItem('seen-events') ?? '[]');
    const layer: unknown[] = [];
    layer.push = (...events: Array<{ event?: string } | null>) => {
      for (const e of events) if (e?.event) seen.push(e.event);
      sessionStorage.setItem('seen-events', JSON.stringify(seen));
      return Array.prototype.push.apply(layer, events);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  await page.reload();
  await hydrated(page, 'ProductListing');
  await page.locator('article a[aria-hidden="true"]').first().click();
  await expect(page).toHaveURL(/\/single-product\/\d+$/);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('seen-events')))!)).toContain('click_image_product');
  await page.goBack();
  await hydrated(page, 'ProductListing');

  await first.click();
  await expect(page).toHaveURL(/\/single-product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(/^(En stock|Plus que \d+|Rupture de stock)$/)).toBeVisible();
  // The large image of the product page reports its clicks too.
  const imageClicks = async () =>
    (JSON.parse((await page.evaluate(() => sessionStorage.getItem('seen-events'))) ?? '[]') as string[]).filter(
      (e) => e === 'click_image_product',
    ).length;
  const before = await imageClicks();
  await page.getByRole('main').getByRole('img', { name, exact: true }).first().click();
  await expect.poll(imageClicks).toBe(before + 1);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld).toMatchObject({ '@type': 'Product', name, offers: { '@type': 'Offer', priceCurrency: 'XOF' } });
  // The actions reach the collections store (§3, §4), which keeps the cart and wishlist in this browser.
  const id0 = Number(page.url().split('/').pop());
  const stored = (key: string) => page.evaluate((k) => JSON.stringify(JSON.parse(localStorage.getItem(k) ?? '[]')), key);
  await hydrated(page, 'ProductActions');
  await page.getByRole('main').getByRole('button', { name: 'Commander' }).click();
  await expect.poll(() => stored('cart')).toContain(`"id":${id0}`);
  await page.getByRole('main').getByRole('button', { name: 'Ajouter à la liste de souhaits' }).click();
  await expect.poll(() => stored('wishlist')).toContain(`"id":${id0}`);

  const id = page.url().split('/').pop();
  await page.goto(`/produits/${id}/details`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  const missing = await page.goto('/single-product/999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Produit introuvable' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Retour à la boutique' }).click();
  await expect(page).toHaveURL(/\/boutique$/);
});

test('a shopper compares two products, across a reload, and removes one', async ({ page }) => {
  await page.goto('/boutique');
  await hydrated(page, 'ProductListing');
  const names = (await page.getByRole('heading', { level: 3 }).allTextContents()).slice(0, 2);
  for (const n of names) await page.getByRole('button', { name: `Comparer ${n}` }).click();
  const tray = page.getByRole('link', { name: 'Comparer (2/4)' });
  await tray.click();
  await expect(page).toHaveURL(/\/products-compaire$/);
  const table = page.getByRole('table', { name: 'Comparaison de 2 produits' });
  for (const n of names)
    await expect(table.getByRole('columnheader', { name: new RegExp(n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Prix' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Comparaison de 2 produits' })).toBeVisible();
  await page.getByRole('button', { name: `Retirer ${names[0]} de la comparaison` }).click();
  await expect(page.getByRole('table', { name: 'Comparaison de 1 produit' })).toBeVisible();
});

test('the stored comparison is in the first paint at today’s prices; a removal and an emptying tapped right after load are done', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { products } = (await (await request.get('/api/produits-filtrer?limit=3')).json()) as {
    products: { id: number; name: string; list_price: number; en_promo: boolean; promo_price: number | null }[];
  };
  // Stored a while ago, at other prices; the cookie mirror names the same products, as the store keeps it.
  const stale = products.map((p) => ({ ...p, list_price: p.list_price + 1000, en_promo: false, promo_price: null }));
  await page.addInitScript((stale) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('compare', JSON.stringify(stale));
    localStorage.setItem('compareCount', String(stale.length));
  }, stale);
  await context.addCookies([{ name: 'boutique_compare', value: products.map((p) => `${p.id}.1`).join('_'), url: String(baseURL) }]);
  const stored = () =>
    page.evaluate(() =>
      (JSON.parse(localStorage.getItem('compare') ?? '[]') as { id: number; list_price: number }[]).map((p) => [p.id, p.list_price]),
    );
  const price = (p: (typeof products)[number]) => fcfa(p.en_promo && p.promo_price != null ? p.promo_price : p.list_price);
  // The island's code held back: what shows is the server's own drawing.
  const release = await holdIslandCode(page, 'CompareTable');
  await page.goto('/products-compaire');
  const island = page.locator('astro-island[component-url*="/CompareTable."]');
  const three = page.getByRole('table', { name: 'Comparaison de 3 produits' });
  await expect(three).toBeVisible();
  await expect(island).toHaveAttribute('ssr');
  const prices = three.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Prix' }) });
  for (const p of products) await expect(prices).toContainText(price(p));
  await expect(three.getByRole('button', { name: `Retirer ${products[1]!.name} de la comparaison` })).toBeDisabled();
  release();
  // Hydrated: the stored products take the server's prices.
  await expect.poll(stored).toEqual(products.map((p) => [p.id, p.list_price]));
  await page.getByRole('button', { name: `Retirer ${products[1]!.name} de la comparaison` }).click();
  const two = page.getByRole('table', { name: 'Comparaison de 2 produits' });
  await expect(two).toBeVisible();
  await expect(two.getByRole('link', { name: products[1]!.name })).toHaveCount(0);
  expect(await stored()).toEqual([products[0]!, products[2]!].map((p) => [p.id, p.list_price]));
  expect((await context.cookies()).find((c) => c.name === 'boutique_compare')?.value).toBe(`${products[0]!.id}.1_${products[2]!.id}.1`);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Comparaison de 2 produits' })).toBeVisible();
  await page.getByRole('button', { name: 'Vider la comparaison' }).click();
  await expect(page.getByText('Aucun produit à comparer pour le moment.')).toBeVisible();
  expect(await stored()).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('compareCount'))).toBe('0');
  expect((await context.cookies()).find((c) => c.name === 'boutique_compare')).toBeUndefined();
});

test('the home shows the Ramadan flash sale, promotions, categories and a selection', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Vente flash Ramadan', 'Promotions', 'Nos catégories', 'Notre sélection']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'En promo' })).toBeVisible();
});

test('pages rendered on demand are gzipped, checked again before each use, and refuse framing', async ({ request }) => {
  for (const path of ['/', '/boutique', '/single-product/1']) {
    const res = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    const h = res.headers();
    expect(h['content-encoding']).toBe('gzip');
    expect(h['cache-control']).toBe(CATALOGUE_CACHE);
    expect(h.etag).toMatch(/^W\/"c\d+\.\d+-/);
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h.vary).toContain('Accept-Encoding');
    expect(await res.text()).toContain('<html lang="fr"');
  }
  const plain = await request.get('/boutique', { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
});

test('a page number past the last page leads to the last page, filters kept', async ({ page, request }) => {
  const { total } = await (await request.get('/api/produits-filtrer-promo')).json();
  const last = Math.ceil(total / 9);
  const res = await request.get('/en-promo?page=999&min=2000', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe(`/en-promo?min=2000${last > 1 ? `&page=${last}` : ''}`);
  await page.goto('/en-promo?page=999&min=2000');
  await expect(page.getByText(/\d+–\d+ sur \d+ résultats?/)).toBeVisible();
});

test('sitemap, robots and the icon asked at /favicon.ico', async ({ request }) => {
  // Pages name /favicon.svg; crawlers and a bare file shown in a tab ask /favicon.ico: an icon, not the not-found page.
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const path of ['/boutique', '/en-promo', '/faq', '/single-product/']) expect(xml).toContain(path);
});

for (const path of ['/', '/boutique', '/single-product/1']) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page, 'SearchBox');
    await noSeriousViolation(page);
  });
}

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the same journey through the drawer: category, filters, pages, search', async ({ page, request }) => {
    const tv = await categoryId(request, 'TELEVISION');
    await page.goto('/');
    await hydrated(page, 'MobileDrawer');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu de navigation' });
    await drawer.getByRole('tab', { name: 'Catégories' }).click();
    await drawer.getByRole('link', { name: 'TELEVISION' }).click();
    await expect(page).toHaveURL(new RegExp(`/boutique\\?category=${tv}&page=1$`));
    await expect(countLine(page)).toHaveText(await expectedCount(request, `category=${tv}`));

    await hydrated(page, 'ProductListing');
    const filters = page.getByRole('button', { name: 'Filtres' });
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(page).toHaveURL(/\/boutique\?min=5000$/);
    const total = Number((await expectedCount(request, 'min=5000')).match(/sur (\d+)/)![1]);
    const pages = Math.ceil(total / 9);
    await expect(page.getByText(`1 / ${pages}`, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Page suivante' }).click();
    await expect(page.getByText(`2 / ${pages}`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();
    await expect(page.getByText(`1 / ${pages}`, { exact: true })).toBeVisible();

    await hydrated(page, 'SearchBox');
    await page.getByRole('combobox', { name: 'Rechercher un produit' }).pressSequentially('nasco');
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  });
});
