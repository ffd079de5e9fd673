/** Browser journeys on a phone: every tap answers, the back office is one tap away for an admin and fits 360 px. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { encodeMirror, mirrorCookies } from '../../src/domain/mirror.ts';
import {
  accessToken,
  DEMO,
  frameLive,
  guestPackBooking,
  hydrated,
  logIn,
  ownConnection,
  ownConnections,
  stockUp,
  watchConsole,
} from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
watchConsole();
// Logins, payments and tracking are limited per address: each journey's shopper has their own.
ownConnections();

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

type ApiProduct = { id: number; name: string; list_price: number; quantity: number; sale_ok: boolean; en_promo: boolean };

/** Puts lines in browser storage once, with their cookie mirrors as the stores keep them; the popup closed just now unless asked. */
async function seed(page: Page, data: Partial<Record<'cart' | 'wishlist', ApiProduct[]>>, { popup = false } = {}) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies(
    Object.entries(data).map(([key, products]) => ({
      name: mirrorCookies[key as 'cart' | 'wishlist'],
      value: encodeMirror(products.map((p) => ({ id: p.id, quantity: 1 }))),
      url,
    })),
  );
  await page.addInitScript(
    ({ data, popup }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [key, products] of Object.entries(data))
        localStorage.setItem(
          key,
          JSON.stringify(products.map((product) => ({ product, quantity: 1, date: new Date().toISOString(), location: '' }))),
        );
      if (!popup) localStorage.setItem('popupLastClosed', String(Date.now()));
    },
    { data, popup },
  );
}

/** Sets a product's stock through the admin API. */
async function setStock(request: APIRequestContext, id: number, quantity: number) {
  const admin = await accessToken(request, 'admin');
  expect((await request.put(`/api/produits/${id}`, { headers: { 'Access-Token': admin }, data: { quantity } })).ok()).toBe(true);
}

test('“Tout ajouter au panier” says how many went to the cart and which stayed, and why', async ({ page, request }) => {
  const catalogue = (await (await request.get('/api/produits')).json()) as ApiProduct[];
  const [inStock, soldOut] = catalogue.filter((p) => p.sale_ok);
  await stockUp(request, [inStock!.id]);
  const before = soldOut!.quantity;
  await setStock(request, soldOut!.id, 0);
  try {
    await seed(page, { wishlist: [inStock!, soldOut!] });
    await page.goto('/wishlist');
    await hydrated(page, 'CollectionPage');
    await page.getByRole('button', { name: 'Tout ajouter au panier' }).click();
    const answer = page.getByRole('alert').filter({ hasText: '1 produit ajouté au panier.' });
    await expect(answer).toBeInViewport();
    await expect(answer).toContainText(`Reste dans votre liste : « ${soldOut!.name} » (en rupture de stock).`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Panier : 1 article' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Liste de souhaits : 1 article' })).toBeVisible();
  } finally {
    await setStock(request, soldOut!.id, before);
  }
});

test('the order found by /tracking-order comes into view, takes the focus, and nothing floats over it', async ({ page, request }) => {
  const order = await guestPackBooking(request, '221771112233');
  await page.goto('/tracking-order');
  await hydrated(page, 'OrderTracking');
  await page.getByLabel('Référence de commande').fill(order.reference);
  await page.getByLabel('Téléphone donné à la commande').fill('77 111 22 33');
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  const heading = page.getByRole('heading', { level: 2, name: `Commande ${order.reference}` });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  // The floating contacts step aside while they would lie over the answer.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const answer = document.querySelector('section[aria-labelledby="suivi"]')!.getBoundingClientRect();
        const dock = document.getElementById('contact-dock')!;
        if (dock.hasAttribute('data-aside')) return 'clear';
        const over = [...dock.querySelectorAll('[data-dock-button]')].some((b) => {
          const r = b.getBoundingClientRect();
          return r.left < answer.right && answer.left < r.right && r.top < answer.bottom && answer.top < r.bottom;
        });
        return over ? 'covered' : 'clear';
      }),
    )
    .toBe('clear');
});

test('/payment-state always offers a way on: a payment left at the provider can be taken up again or paid on delivery', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/produits')).json()) as ApiProduct[];
  const product = products.find((x) => !x.en_promo && x.sale_ok)!;
  await stockUp(request, [product.id]);
  const headers = { 'Access-Token': await accessToken(request, 'customer') };
  const order = await (
    await request.post('/api/commandes', { headers, data: { payment_mode: 'online', order_lines: [{ id: product.id, quantity: 1 }] } })
  ).json();
  // A checkout opened at the provider, then left there (the second try of an abandoned payment).
  const session = await request.post(`/api/paiement/${order.reference}/session`, {
    headers: { 'Payment-Token': order.payment_token, ...ownConnection() },
  });
  expect(session.ok()).toBe(true);
  await page.goto(`/payment-state?ref=${order.reference}&t=${order.payment_token}`);
  await hydrated(page, 'PaymentState');
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement en attente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Réessayer le paiement' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Payer à la livraison' })).toBeVisible();
  await page.getByRole('button', { name: 'Réessayer le paiement' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/demo\/demo-[\w-]+$/);
});

test('an admin finds “Administration” in the header, the drawer and the profile; a customer does not', async ({ page }) => {
  await logIn(page, ...DEMO.admin, '/profile');
  await expect(page.getByRole('main').getByRole('link', { name: 'Administration' })).toBeVisible();
  await page.goto('/');
  await frameLive(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Administration' })).toBeVisible();
  await fitsPhone(page);
  await hydrated(page, 'MobileDrawer');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('dialog', { name: 'Menu de navigation' }).getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL('/admin');
  await hydrated(page, 'AdminDashboard');

  await page.context().clearCookies();
  await logIn(page, ...DEMO.customer, '/profile');
  await page.goto('/');
  await frameLive(page);
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await hydrated(page, 'MobileDrawer');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu de navigation' });
  await expect(drawer.getByRole('link', { name: 'Profil' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Administration' })).toHaveCount(0);
});

test('the special offer goes to a new visitor only: not to a logged-in customer, nor after an order from this browser', async ({
  page,
  request,
}) => {
  const catalogue = (await (await request.get('/api/produits')).json()) as ApiProduct[];
  const offer = page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' });
  const bound = page.locator('[data-special-offer][data-live]');

  await seed(page, { cart: [catalogue[0]!] }, { popup: true });
  await page.goto('/cart');
  await expect(offer).toBeVisible();

  // The same browser, logged in.
  await logIn(page, ...DEMO.customer, '/cart');
  await expect(bound).toHaveCount(1);
  await expect(offer).toBeHidden();

  // Logged out again, then a guest booking from this browser.
  await page.context().clearCookies();
  await page.goto('/pack-promo?code=PACK-STUDIO');
  await hydrated(page, 'PackCart');
  await page.getByRole('radio', { name: 'A domicile' }).check();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vos informations pour la réservation' });
  for (const [label, value] of [
    ['Prénom', 'Aminata'],
    ['Nom', 'Diop'],
    ['Email', 'aminata.diop@exemple.sn'],
    ['Téléphone', '77 555 44 33'],
    ['Adresse', 'Sacré-Cœur 3, villa 12, Dakar'],
  ] as const)
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Valider ma réservation' }).click();
  await expect(page).toHaveURL('/boutique');
  await page.goto('/cart');
  await expect(bound).toHaveCount(1);
  await expect(offer).toBeHidden();
});
