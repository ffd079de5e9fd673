/** Browser journeys on a phone: every tap answers, the back office is one tap away for an admin and fits 360 px. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessToken, DEMO, hydrated, logIn, stockUp, watchConsole } from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
watchConsole();

/** An order of the demo customer through the API: ten of the dearest product, so the dashboard's sums run into millions. */
async function customerOrder(request: APIRequestContext): Promise<{ id: number; reference: string }> {
  const products = (await (await request.get('/api/produits')).json()) as Array<{ id: number; list_price: number }>;
  const dearest = products.toSorted((a, b) => b.list_price - a.list_price)[0]!;
  await stockUp(request, [dearest.id]);
  const customer = await accessToken(request, 'customer');
  const res = await request.post('/api/commandes', {
    headers: { 'Access-Token': customer },
    data: { order_lines: [{ id: dearest.id, quantity: 10 }], adresse: 'Rue 10, Médina' },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function fitsPhone(page: Page) {
  await page.waitForLoadState('networkidle');
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(360);
}

test('the admin’s order moves answer with a toast', async ({ page, request }) => {
  const order = await customerOrder(request);
  await logIn(page, ...DEMO.admin, `/admin/commandes/${order.id}`);
  await hydrated(page, 'AdminOrder');
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Commande ${order.reference} : confirmée.` })).toBeInViewport();
  await page.getByRole('button', { name: 'Marquer expédiée' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Commande ${order.reference} : expédiée.` })).toBeInViewport();
});

test('every back-office screen fits a 360 px phone', async ({ page, request }) => {
  const order = await customerOrder(request);
  await logIn(page, ...DEMO.admin, '/admin');
  const products = (await (await request.get('/api/produits')).json()) as Array<{ id: number }>;
  for (const [path, island] of [
    ['/admin', 'AdminDashboard'],
    ['/admin/commandes', 'AdminOrders'],
    [`/admin/commandes/${order.id}`, 'AdminOrder'],
    ['/admin/produits', 'AdminProducts'],
    [`/admin/produits/${products[0]!.id}`, 'AdminProduct'],
    ['/admin/produits/nouveau', 'AdminProduct'],
    ['/admin/produits/import', 'AdminProductImport'],
    ['/admin/categories', 'AdminCategories'],
    ['/admin/packs', 'AdminPacks'],
    ['/admin/clients', 'AdminMembers'],
    ['/admin/crm', 'CustomerFollowUp'],
  ] as const) {
    await page.goto(path);
    await hydrated(page, island);
    await fitsPhone(page);
  }
});
