/** Browser journeys of the first tap on a slow phone (§2): a tap made before its island hydrated is kept and runs once it is live. */
import { expect, test, type Page } from '@playwright/test';
import { encodeMirror, mirrorCookies } from '../../src/domain/mirror.ts';
import { holdIslandCode, hydrated, stockUp, storeCollection, watchConsole } from '../fixtures/journeys.ts';

watchConsole();

type ApiProduct = { id: number; name: string; list_price: number; sale_ok: boolean; quantity: number };

let catalogue: ApiProduct[];
test.beforeAll(async ({ request }) => {
  catalogue = await (await request.get('/api/produits')).json();
  await stockUp(
    request,
    catalogue.map((p) => p.id),
  );
});

const header = (page: Page) => page.getByRole('banner');
const added = (page: Page) => page.getByRole('status').filter({ hasText: 'Produit ajouté' });

test.beforeEach(async ({ page }) => {
  // The offer popup stays away: these journeys are about the first tap.
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
});

test('“Commander” tapped twice before the listing is live adds the product once, when it is', async ({ page }) => {
  const release = await holdIslandCode(page, 'ProductListing');
  await page.goto('/boutique');
  const listing = page.locator('astro-island[component-url*="/ProductListing."]');
  await expect(listing).toHaveAttribute('ssr', '');
  const order = page.getByRole('main').getByRole('button', { name: 'Commander' }).first();
  await order.click();
  // Held and shown busy; a second tap on the same island while it waits is not a second order.
  await expect(order).toHaveAttribute('data-tap-held', '');
  await order.click();
  await expect(added(page)).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: /^Panier : 1 article/ })).toHaveCount(0);

  release();
  await hydrated(page, 'ProductListing');
  await expect(added(page)).toHaveCount(1);
  await expect(header(page).getByRole('link', { name: 'Panier : 1 article' })).toBeVisible();
  await expect(order).not.toHaveAttribute('data-tap-held');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]);
  expect(stored.map((l) => l.quantity)).toEqual([1]);

  // Live now: a tap is the island's own at once, never held.
  await order.click();
  await expect(header(page).getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();
});

test('a tap made before any script has arrived is held from first paint and runs once the listing is live', async ({ page }) => {
  // Every module script waits (the frame's and the islands'): only the head's inline scripts run.
  let release = () => {};
  const gate = new Promise<void>((ok) => (release = ok));
  await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/boutique', { waitUntil: 'commit' });
  const order = page.getByRole('main').getByRole('button', { name: 'Commander' }).first();
  await order.click();
  await expect(order).toHaveAttribute('data-tap-held', '');
  await expect(added(page)).toHaveCount(0);

  release();
  await hydrated(page, 'ProductListing');
  await expect(added(page)).toHaveCount(1);
  await expect(header(page).getByRole('link', { name: 'Panier : 1 article' })).toBeVisible();
  await expect(order).not.toHaveAttribute('data-tap-held');
});

test('a link in a listing not yet live still opens its page', async ({ page }) => {
  const release = await holdIslandCode(page, 'ProductListing');
  await page.goto('/boutique');
  await expect(page.locator('astro-island[component-url*="/ProductListing."]')).toHaveAttribute('ssr', '');
  const link = page
    .getByRole('main')
    .getByRole('link', { name: /^Voir le détail de / })
    .first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  release();
});

test('the cart’s “+” tapped before the cart is live adds one, once it is', async ({ page, baseURL }) => {
  const product = catalogue.find((p) => p.sale_ok)!;
  await page.goto('/faq');
  await storeCollection(page, 'cart', [[product, 1]]);
  // Its cookie mirror as the store writes it, so the server draws the line.
  await page.context().addCookies([{ name: mirrorCookies.cart, value: encodeMirror([{ id: product.id, quantity: 1 }]), url: baseURL! }]);

  const release = await holdIslandCode(page, 'CollectionPage');
  await page.goto('/cart');
  await expect(page.locator('astro-island[component-url*="/CollectionPage."]')).toHaveAttribute('ssr', '');
  const plus = page.getByRole('button', { name: `Augmenter la quantité de ${product.name}` });
  const quantity = page.getByRole('group', { name: `Quantité de ${product.name}` });
  await plus.click();
  await expect(plus).toHaveAttribute('data-tap-held', '');
  await expect(quantity).toContainText('1');

  release();
  await hydrated(page, 'CollectionPage');
  await expect(quantity).toContainText('2');
  await expect(header(page).getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();
  await expect(plus).not.toHaveAttribute('data-tap-held');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]);
  expect(stored.map((l) => l.quantity)).toEqual([2]);
});
