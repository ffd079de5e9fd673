/** Storefront speed as the shopper feels it: no layout shift on filled collections, light first views, right-sized images. */
import { expect, test, type Page } from '@playwright/test';

type ApiProduct = { id: number; name: string; image_256: string | null };

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Fills a collection in storage before any page script runs, and sums every layout shift of the page. */
async function fillAndWatch(page: Page, key: string, products: ApiProduct[]) {
  await page.addInitScript(({ key, products }) => {
    const lines = products.map((product, i) => ({ product, quantity: i + 1, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }));
    localStorage.setItem(key, JSON.stringify(lines));
    localStorage.setItem('popupLastClosed', String(Date.now()));
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, { key, products });
}

test.describe('filled collections do not move', () => {
  test.use(PHONE);
  let products: ApiProduct[];
  test.beforeAll(async ({ request }) => {
    products = (await (await request.get('/api/produits-filtrer?limit=3')).json()).products;
    expect(products).toHaveLength(3);
  });

  for (const [path, key] of [['/cart', 'cart'], ['/pre-cart', 'preorder'], ['/wishlist', 'wishlist']] as const) {
    test(`${path} with 3 items: layout shifts sum to 0.01 at most`, async ({ page }) => {
      await fillAndWatch(page, key, products);
      await page.goto(path);
      await expect(page.locator('astro-island[component-url*="/CollectionPage."]')).not.toHaveAttribute('ssr');
      for (const p of products) await expect(page.getByRole('link', { name: p.name })).toBeVisible();
      // Let the late islands (header counts, popup, toasts) settle before reading the sum.
      await expect(page.locator('astro-island[ssr]:is([client="load"], [client="idle"])')).toHaveCount(0);
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThanOrEqual(0.01);
    });
  }
});
