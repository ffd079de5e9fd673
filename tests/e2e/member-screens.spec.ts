/** Browser journeys of a member's own screens (§2 `/profile`, order details): drawn by the server, hydrated at once. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, hydrated, logIn, stockUp, watchConsole } from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const { allow } = watchConsole();
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
});

type Compte = { id: number; name: string; parent: { name: string } | null };

/** The account and a token of a login, through the API. */
async function account(request: APIRequestContext, username: string, password: string): Promise<{ token: string; compte: Compte }> {
  const tokens = await (await request.get(`/api/auth/get_tokens?${new URLSearchParams({ username, password })}`)).json();
  const compte = await (
    await request.get(`/api/users/${tokens.user_info.id}/compte`, { headers: { 'Access-Token': tokens.access_token } })
  ).json();
  return { token: tokens.access_token, compte };
}

/** An order of one product made through the API for the bearer of `token`. */
async function placeOrder(request: APIRequestContext, token: string, adresse: string): Promise<{ id: number; reference: string }> {
  const { products } = await (await request.get('/api/produits-filtrer?limit=1')).json();
  await stockUp(request, [products[0].id]);
  const created = await request.post('/api/commandes', {
    headers: { 'Access-Token': token, 'Idempotency-Key': crypto.randomUUID() },
    data: { order_lines: [{ id: products[0].id, quantity: 1 }], adresse },
  });
  expect(created.status()).toBe(201);
  return created.json();
}

/** Collects the paths of the scripts the page asks for. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

test('the profile and an order are drawn by the server, hydrate at once, and are never cached', async ({ page, request }) => {
  const { token, compte } = await account(request, ...DEMO.member);
  const order = await placeOrder(request, token, 'Liberté 6, Dakar');
  await logIn(page, ...DEMO.member, '/');
  const scripts = watchScripts(page);
  const answer = await page.goto('/profile');
  expect(answer!.headers()['cache-control']).toBe('private, no-store');
  const html = await answer!.text();
  for (const text of [compte.name, 'Adhésion acceptée : achat à crédit ouvert', compte.parent!.name, order.reference])
    expect(html).toContain(text);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Nom complet')).toHaveValue(compte.name);
  await expect(main.getByText('Adhésion acceptée : achat à crédit ouvert')).toBeVisible();
  await expect(main.getByText(compte.parent!.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mes commandes' }).getByRole('link').first()).toContainText(order.reference);
  await expect(main.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  // The island takes over the same content (a mismatch would be logged, and fail the journey).
  await hydrated(page, 'ProfilePage');
  await expect(main.getByText(compte.parent!.name, { exact: true })).toBeVisible();

  // The order's details, the same way: lines, total, timeline and payment drawn by the server.
  scripts.length = 0;
  const details = await page.goto(`/commandes/${order.id}/détails`);
  expect(details!.headers()['cache-control']).toBe('private, no-store');
  expect(await details!.text()).toContain(order.reference);
  await expect(page.getByTestId('order-reference')).toHaveText(order.reference);
  await expect(page.getByRole('list', { name: 'Articles de la commande' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Suivi de la commande' }).getByText('Reçue')).toBeVisible();
  await expect(page.getByText('Liberté 6, Dakar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuler la commande' })).toBeVisible();
  await hydrated(page, 'OrderDetails');
  await expect(page.getByTestId('order-reference')).toHaveText(order.reference);
  // Hydrated, the island reads the provider this browser chose (§3 `payment`, decoded by its zod/mini schema); the API
  // client and the order calls come with the first action that calls the API.
  expect(scripts.filter((s) => /\/(api|orders\.store|payment\.store)\.[\w-]+\.js$/.test(s))).toEqual([]);
});

test('a profile edit and a cancel made as soon as the screens are ready go through', async ({ page, request }) => {
  const { token, compte } = await account(request, ...DEMO.customer);
  const order = await placeOrder(request, token, 'Point E, Dakar');
  await logIn(page, ...DEMO.customer, '/');
  try {
    await page.goto('/profile');
    await hydrated(page, 'ProfilePage');
    await page.getByLabel('Nom complet').fill(`${compte.name} Ndiaye`);
    await page.getByLabel('Nom complet').press('Enter');
    await expect(page.getByText('Profil enregistré.')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await expect(page.getByLabel('Nom complet')).toHaveValue(`${compte.name} Ndiaye`);

    await page.goto(`/commandes/${order.id}/détails`);
    await hydrated(page, 'OrderDetails');
    await page.getByRole('button', { name: 'Annuler la commande' }).tap();
    await page.getByRole('button', { name: 'Oui, annuler' }).tap();
    await expect(page.getByRole('list', { name: 'Suivi de la commande' }).getByText('Annulée')).toBeVisible();
  } finally {
    // The demo account keeps its name for the journeys after this one.
    expect((await request.put('/api/users/me', { headers: { 'Access-Token': token }, data: { name: compte.name } })).ok()).toBe(true);
  }
});

test('without a readable token cookie (absent or expired), the screens read the member’s data in the browser, as before', async ({
  page,
  request,
}) => {
  // The expired token, sent by the browser once, is refused before the island refreshes it.
  allow(/status of 401 \(Unauthorized\)/);
  const { token } = await account(request, ...DEMO.customer);
  const order = await placeOrder(request, token, 'Mermoz, Dakar');
  await logIn(page, ...DEMO.customer, '/');
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'token_prod');
  expect(cookie).toBeDefined();

  // No token cookie: the server cannot read them, so both islands read with the token this browser keeps.
  await page.context().clearCookies({ name: 'token_prod' });
  const details = await page.goto(`/commandes/${order.id}/détails`);
  expect(await details!.text()).not.toContain(order.reference);
  await expect(page.getByTestId('order-reference')).toHaveText(order.reference);
  const profile = await page.goto('/profile');
  expect(await profile!.text()).not.toContain(order.reference);
  await hydrated(page, 'ProfilePage');
  await expect(page.getByLabel('Nom complet')).toHaveValue(/\S/);
  await expect(page.getByRole('region', { name: 'Mes commandes' }).getByRole('link', { name: new RegExp(order.reference) })).toBeVisible();

  // An expired token, in the cookie and in storage: the island refreshes it, which rewrites the cookie, and the next
  // screen is drawn by the server again.
  const expired = 'jeton.expire.refuse';
  await page.context().addCookies([{ ...cookie!, value: expired }]);
  await page.evaluate((t) => {
    localStorage.setItem('access_token', t);
    localStorage.setItem('accessToken', t);
  }, expired);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Mes commandes' }).getByRole('link', { name: new RegExp(order.reference) })).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'token_prod')?.value).not.toBe(expired);
  const again = await page.goto(`/commandes/${order.id}/détails`);
  expect(await again!.text()).toContain(order.reference);
  await expect(page.getByTestId('order-reference')).toHaveText(order.reference);
});
