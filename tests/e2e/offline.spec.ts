/** Browser journeys of the offline shop (§1): the background worker at /sw.js, pages offline, nothing personal kept, new version. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, accessToken, fcfa, hydrated, logIn, stockUp, watchConsole } from '../fixtures/journeys.ts';

type ApiProduct = {
  id: number;
  name: string;
  list_price: number;
  en_promo: boolean;
  sale_ok: boolean;
  promo_price: number | null;
  categ_id: string | null;
  image_256: string | null;
};

test.use({ serviceWorkers: 'allow' });
const { allow } = watchConsole();

const BANNER = 'Vous êtes hors ligne : les prix affichés peuvent avoir changé';
const PERSONAL =
  /^\/(?:login|signup|profile|checkout|commande-validation|cart|pre-cart|wishlist|credit-cart|commandes\/|admin)|^\/api\/(?:auth|users|commandes|getcommande)/;

let catalogue: ApiProduct[];
test.beforeAll(async ({ request }) => {
  catalogue = await (await request.get('/api/produits')).json();
});

/** The cart in browser storage (once per tab) and the offer popup closed "just now". */
async function seedCart(page: Page, product: ApiProduct) {
  await page.addInitScript((product) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('cart', JSON.stringify([{ product, quantity: 2, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }]));
    localStorage.setItem('popupLastClosed', String(Date.now()));
  }, product);
}

/** Waits until /sw.js is active and controls the page: on its events, however long a busy machine takes to precache. */
async function controlled(page: Page) {
  const url = await page.evaluate(async () => {
    const sw = navigator.serviceWorker;
    await sw.ready;
    if (!sw.controller) await new Promise((taken) => sw.addEventListener('controllerchange', taken, { once: true }));
    return sw.controller?.scriptURL ?? '';
  });
  expect(url).toMatch(/\/sw\.js$/);
}

/** Every URL path held in any cache of the page's origin, by cache name. */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => decodeURIComponent(new URL(r.url).pathname));
    }
    return out;
  });
}

test('after one visit the shop opens offline: seen pages with the banner, others on the offline page, nothing personal kept', async ({
  page,
  context,
  request,
}) => {
  const product = catalogue.find((p) => p.sale_ok && !p.en_promo)!;
  await stockUp(request, [product.id]);
  // A real order of the demo customer, to open its details page while logged in.
  const token = await accessToken(request, 'customer');
  const created = await request.post('/api/commandes', {
    headers: { 'Access-Token': token, 'Idempotency-Key': crypto.randomUUID() },
    data: { order_lines: [{ id: product.id, quantity: 1 }] },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { id: number };

  await seedCart(page, product);
  await page.goto('/');
  await controlled(page);
  const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(registration).toMatch(/\/$/);
  await expect(page.getByText(BANNER)).toBeHidden();

  await page.goto('/boutique');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/single-product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await logIn(page, ...DEMO.customer, `/commandes/${order.id}/détails`);
  await hydrated(page, 'OrderDetails');
  await page.goto('/profile');
  await expect(page).toHaveURL('/profile');
  await page.goto('/cart');
  await hydrated(page, 'CollectionPage');

  await context.setOffline(true);
  allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|NetworkError/i, /Erreur/);

  await page.goto('/boutique');
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`/single-product/${product.id}`);
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  // Never seen: the offline page, with the cart's lines (its island hydrates at once, from the precache) and the contacts.
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
  await hydrated(page, 'CollectionPage');
  await expect(page.getByRole('main').getByRole('link', { name: product.name })).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText(fcfa(2 * product.list_price));
  await expect(page.getByRole('main').getByRole('link', { name: 'Service client : +221 33 800 00 00' })).toHaveAttribute(
    'href',
    'tel:+221338000000',
  );
  await expect(page.getByText(BANNER)).toBeVisible();

  // The cart page is drawn for each shopper by the server, so never kept: offline it is the offline page, whose cart works.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
  await hydrated(page, 'CollectionPage');
  await page.getByRole('button', { name: `Augmenter la quantité de ${product.name}` }).click();
  await expect(page.getByTestId('total')).toHaveText(fcfa(3 * product.list_price));

  // Personal pages were seen online, yet offline they are the offline page: they were never kept.
  for (const path of [`/commandes/${order.id}/détails`, '/profile', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
  }

  const contents = await cacheContents(page);
  const all = Object.values(contents).flat();
  expect(all).toContain('/boutique');
  expect(all).toContain(`/single-product/${product.id}`);
  expect(all).toContain('/hors-ligne');
  expect(all.filter((path) => PERSONAL.test(path))).toEqual([]);
  expect(Object.keys(contents).some((name) => name === 'boutique-catalogue-api' || name === 'boutique-pages')).toBe(true);
});

test('the home page seen once shows every picture offline: kept with it, or the placeholder, never a broken image', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await seedCart(page, catalogue[0]!);
  await page.goto('/');
  await controlled(page);
  // Once idle and controlled, the page fetches ahead the pictures it will show (most of them below the fold, lazy).
  await expect(page.locator('html[data-pictures-kept]')).toHaveCount(1);
  const online = await page.locator('img').count();
  expect(online).toBeGreaterThan(20);

  await context.setOffline(true);
  allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|NetworkError/i, /Erreur/);
  await page.goto('/');
  await expect(page.getByText(BANNER)).toBeVisible();
  expect(await page.locator('img').count()).toBe(online);
  // Every picture as the shopper scrolls to it: loaded from the cache (or the placeholder), none broken.
  await page.evaluate(() => {
    for (const img of document.images) img.loading = 'eager';
  });
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images].filter((img) => !(img.complete && img.naturalWidth > 0)).map((img) => img.getAttribute('src')),
      ),
    )
    .toEqual([]);
  const pictures = await page.evaluate(() => [...document.images].map((img) => new URL(img.currentSrc).pathname));
  // Kept with the page, not replaced: the product pictures themselves show.
  expect(pictures.filter((src) => src === '/placeholder-product.svg')).toEqual([]);
});

test('a new build shows the bar; “Mettre à jour” empties the caches and reloads once', async ({ page, browserName }) => {
  expect(browserName).toBe('chromium');
  await seedCart(page, catalogue[0]!);
  // Counts the documents this tab loads.
  await page.addInitScript(() => sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') ?? 0) + 1)));
  await page.goto('/');
  await controlled(page);
  await page.goto('/boutique');
  await expect.poll(async () => Object.values(await cacheContents(page)).flat()).toContain('/boutique');
  // The update is taken on the home page: what the reload fetches again is the home page, never /boutique.
  await page.goto('/');
  await expect(page.getByText('Une nouvelle version de la boutique est disponible')).toBeHidden();

  // Deploy a changed worker: the same build with another stamp in /sw.js (precompressed twins set aside).
  const sw = 'dist/client/sw.js';
  const original = readFileSync(sw);
  const twins = ['.br', '.gz'].map((ext) => sw + ext).filter((f) => existsSync(f));
  try {
    for (const f of twins) renameSync(f, `${f}.aside`);
    writeFileSync(sw, Buffer.concat([original, Buffer.from(`\n// build ${Date.now()}\n`)]));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const bar = page.getByText('Une nouvelle version de la boutique est disponible');
    await expect(bar).toBeVisible();
    // -1 while the page is between two documents.
    const loads = async () => Number(await page.evaluate(() => sessionStorage.getItem('loads')).catch(() => -1));
    const before = await loads();
    await page.getByRole('button', { name: 'Mettre à jour' }).click();

    await expect.poll(loads).toBe(before + 1);
    await page.waitForLoadState('load');
    await expect(bar).toBeHidden();
    expect(await page.evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
    await controlled(page);
    // Pages kept before the update are gone; only what the reload itself fetched may be back.
    const after = Object.entries(await cacheContents(page))
      .filter(([name]) => name.startsWith('boutique-'))
      .flatMap(([, paths]) => paths);
    expect(after).not.toContain('/boutique');
    // No second reload comes after the first: once the network is quiet, the page is still the one the update loaded.
    await page.waitForLoadState('networkidle');
    expect(await loads()).toBe(before + 1);
  } finally {
    writeFileSync(sw, original);
    for (const f of twins) renameSync(`${f}.aside`, f);
  }
});

test('an order confirmed offline is not sent later on its own: the shopper is told to retry, and the retry makes one order', async ({
  page,
  context,
  request,
}) => {
  const product = catalogue.filter((p) => p.sale_ok && !p.en_promo)[1]!;
  await stockUp(request, [product.id]);
  const tokens = (await (
    await request.get(`/api/auth/get_tokens?${new URLSearchParams({ username: DEMO.customer[0], password: DEMO.customer[1] })}`)
  ).json()) as { access_token: string; user_info: { id: number } };
  const orders = async () =>
    (
      (await (
        await request.get(`/api/commandes/${tokens.user_info.id}`, { headers: { 'Access-Token': tokens.access_token } })
      ).json()) as unknown[]
    ).length;

  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await logIn(page, ...DEMO.customer, '/checkout?type=order');
  await controlled(page);
  await page.evaluate(
    (product) =>
      localStorage.setItem(
        'cart',
        JSON.stringify([{ product, quantity: 1, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }]),
      ),
    product,
  );
  await page.reload();
  await hydrated(page, 'CheckoutPage');
  await page.getByLabel('Adresse de livraison').fill('Sicap Liberté 2, villa 123');
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await expect(page).toHaveURL(/\/commande-validation\?type=order/);
  await hydrated(page, 'OrderValidation');
  const before = await orders();

  await context.setOffline(true);
  allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/i, /Erreur lors de la création du modèle/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page.getByText(/Vérifiez votre connexion puis réessayez/)).toBeVisible();
  await expect(page.getByText('Commande non validé')).toBeVisible();

  // Back online, nothing goes out by itself: the worker holds no queued request to replay (no background sync).
  await context.setOffline(false);
  expect(
    await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
      return (await registration.sync?.getTags()) ?? [];
    }),
  ).toEqual([]);
  expect(await orders()).toBe(before);

  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  expect(await orders()).toBe(before + 1);
});
