/** Browser journey of fresh prices: a price the retailer changes shows on the product page's next reload, and at checkout. */
import { expect, test } from '@playwright/test';
import { CATALOGUE_CACHE } from '../../src/domain/freshness.ts';
import { accessToken, DEMO, fcfa, hydrated, logIn, stockUp, watchConsole } from '../fixtures/journeys.ts';

type ApiProduct = { id: number; name: string; list_price: number; en_promo: boolean; sale_ok: boolean; is_creditorder: boolean };

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
watchConsole();
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' }), (d) =>
    d.getByRole('button', { name: 'Fermer l’offre spéciale' }).click(),
  );
});

test('a price the retailer changes shows on the next reload of its page, and checkout says the price changed', async ({
  page,
  request,
}) => {
  const catalogue = (await (await request.get('/api/produits')).json()) as ApiProduct[];
  const product = catalogue.filter((p) => p.sale_ok && !p.en_promo)[2]!;
  const was = product.list_price;
  const now = was - 6000;
  await stockUp(request, [product.id]);
  const admin = await accessToken(request, 'admin');
  const setPrice = async (list_price: number) =>
    expect((await request.put(`/api/produits/${product.id}`, { headers: { 'Access-Token': admin }, data: { list_price } })).ok()).toBe(
      true,
    );
  const path = `/single-product/${product.id}`;

  try {
    await logIn(page, DEMO.customer[0], DEMO.customer[1], path);
    const main = page.getByRole('main');
    await expect(main.getByText(fcfa(was)).first()).toBeVisible();
    await hydrated(page, 'ProductActions');
    await main.getByRole('button', { name: 'Commander' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart') ?? '')).toContain(`"id":${product.id}`);

    // The page is checked again on each use: an unchanged one costs a 304, drawn from nothing.
    const first = await request.get(path);
    expect(first.headers()['cache-control']).toBe(CATALOGUE_CACHE);
    const tag = first.headers().etag!;
    expect((await request.get(path, { headers: { 'If-None-Match': tag } })).status()).toBe(304);

    await setPrice(now);
    expect((await request.get(path, { headers: { 'If-None-Match': tag } })).status()).toBe(200);
    await page.reload();
    await expect(main.getByText(fcfa(now)).first()).toBeVisible();
    await expect(main.getByText(fcfa(was))).toHaveCount(0);

    await page.goto('/checkout?type=order');
    await hydrated(page, 'CheckoutPage');
    const articles = page.getByRole('list', { name: 'Articles de la commande' });
    await expect(articles.getByText(`Le prix a changé : ${fcfa(was).replace(/\s*F\s*CFA$/u, '')} → ${fcfa(now)}`)).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(fcfa(now));
  } finally {
    await setPrice(was);
  }
});
