/** Browser journeys of the logged-in order screens on a phone: checkout, validation, details, cancel, profile list, payment state. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSession,
  DEMO,
  fcfa,
  holdIslandCode,
  hydrated,
  logIn as logInAs,
  layoutShifts,
  noSeriousViolation,
  stockUp,
  storeCollection,
  watchConsole,
  watchLayoutShifts,
} from '../fixtures/journeys.ts';

type ApiProduct = {
  id: number;
  name: string;
  list_price: number;
  en_promo: boolean;
  promo_price: number | null;
  preorder_price: number | null;
  creditorder_price: number | null;
  is_creditorder: boolean;
  categ_id: string | null;
  image_256: string | null;
  quantity: number;
  sale_ok: boolean;
};
const shopper = (p: ApiProduct) => (p.en_promo && p.promo_price != null ? p.promo_price : p.list_price);

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

// Any console error or page error fails a journey, except the failed calls a journey provokes on purpose (§8 logs them).
const { allow } = watchConsole();
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' }), (d) =>
    d.getByRole('button', { name: 'Fermer l’offre spéciale' }).click(),
  );
});

const logIn = (page: Page, who: keyof typeof DEMO, redirect = '/') => logInAs(page, DEMO[who][0], DEMO[who][1], redirect);

let catalogue: ApiProduct[];
test.beforeAll(async ({ request }) => {
  catalogue = await (await request.get('/api/produits')).json();
});
const pick = (pred: (p: ApiProduct) => boolean, skip = 0) => {
  const found = catalogue.filter(pred)[skip];
  if (!found) throw new Error('no such product in the demo catalogue');
  return found;
};
/** The `nth` product that may be pre-ordered now (§4: a pre-order price, out of stock), read afresh: journeys restock products. */
async function preorderable(request: APIRequestContext, nth = 0): Promise<ApiProduct> {
  const found = ((await (await request.get('/api/produits-precommande')).json()) as ApiProduct[])[nth];
  if (!found) throw new Error('no product to pre-order in the demo catalogue');
  expect(found.preorder_price).not.toBeNull();
  expect(found.quantity).toBeLessThanOrEqual(0);
  return found;
}

async function checkout(page: Page, address = 'Sicap Liberté 2, villa 123') {
  await hydrated(page, 'CheckoutPage');
  await page.getByLabel('Adresse de livraison').fill(address);
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await expect(page).toHaveURL(/\/commande-validation\?type=/);
  await hydrated(page, 'OrderValidation');
}

test('cart → checkout → validation → details, at the catalogue’s prices, with the cart emptied', async ({ page, request }) => {
  const a = pick((p) => p.en_promo && p.promo_price != null);
  const b = pick((p) => !p.en_promo && p.id !== a.id);
  await stockUp(request, [a.id, b.id]);
  await logIn(page, 'customer', '/cart');
  await storeCollection(page, 'cart', [
    [a, 2],
    [b, 1],
  ]);
  await page.reload();
  await page.getByRole('link', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL('/checkout?type=order');
  await hydrated(page, 'CheckoutPage');
  const total = fcfa(2 * shopper(a) + shopper(b));
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByLabel('Téléphone')).toHaveValue(/^221\d{9}$/);
  await expect(page.getByRole('radio', { name: 'A domicile' })).toBeChecked();
  // Prefilled from the profile's default delivery address (seeded for the demo customer), which the shopper may empty.
  await expect(page.getByLabel('Adresse de livraison')).toHaveValue('Sacré-Cœur 3, villa 45, Dakar');
  await page.getByLabel('Adresse de livraison').fill('');

  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await expect(page.getByText("L'adresse est obligatoire.")).toBeVisible();
  await noSeriousViolation(page);
  await checkout(page);
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByText('Sicap Liberté 2, villa 123')).toBeVisible();
  await noSeriousViolation(page);

  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await hydrated(page, 'OrderDetails');
  await expect(page.getByText('Commande créé avec succés')).toBeVisible();
  await expect(page.getByTestId('order-reference')).toHaveText(/^BQ-[2-9A-Z]{8}$/);
  const reference = (await page.getByTestId('order-reference').textContent())!;
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByRole('list', { name: 'Suivi de la commande' }).getByText('Reçue')).toBeVisible();
  await expect(page.getByText('A domicile · À payer à la livraison')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  await noSeriousViolation(page);

  // The profile lists it first, with its state, and leads back to it.
  await page.goto('/profile');
  await hydrated(page, 'ProfilePage');
  const newest = page.getByRole('region', { name: 'Mes commandes' }).getByRole('link').first();
  await expect(newest).toContainText(reference);
  await expect(newest).toContainText('Reçue');
  await newest.click();
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
});

test('a pre-order shows its three tranches at checkout and on its details', async ({ page, request }) => {
  const p = await preorderable(request);
  await logIn(page, 'customer', '/pre-cart');
  await storeCollection(page, 'preorder', [[p, 1]]);
  await page.reload();
  await page.getByRole('link', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL('/checkout?type=preorder');
  await hydrated(page, 'CheckoutPage');
  const total = p.preorder_price!;
  const first = Math.floor((total * 30) / 100);
  const tranches = page.getByRole('definition').filter({ hasText: 'à payer' });
  await expect(tranches).toHaveCount(3);
  await expect(tranches.nth(0)).toContainText(fcfa(first));
  await expect(tranches.nth(2)).toContainText(fcfa(total - 2 * first));
  await checkout(page);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/pre-commandes\/\d+\/d%C3%A9tails$/);
  await hydrated(page, 'OrderDetails');
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(total));
  await expect(
    page.getByRole('group', { name: 'Tranches de la pré-commande' }).or(page.getByLabel('Tranches de la pré-commande')),
  ).toContainText('Troisième tranche (40 %)');
});

test('a pre-order whose product is back in stock is refused with what to do, at validation and at checkout', async ({ page, request }) => {
  const p = await preorderable(request, 2);
  const sentence = `Le produit « ${p.name} » est en stock : il ne se pré-commande pas. Retirez-le de vos pré-commandes et commandez-le depuis le panier.`;
  await logIn(page, 'customer', '/checkout?type=preorder');
  await storeCollection(page, 'preorder', [[p, 1]]);
  await page.reload();
  await checkout(page);
  // The goods arrive while the shopper reads the summary: the product is sold from stock now, no longer pre-ordered.
  await stockUp(request, [p.id], 24);
  allow(/status of 400/, /Erreur lors de la création du modèle/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeVisible();
  await page.getByRole('button', { name: 'Retirer ce produit' }).click();
  await expect(page).toHaveURL('/checkout?type=preorder');
  await expect(page.getByText('Votre pré-commande est vide.')).toBeVisible();

  // Kept in a pre-cart, it is named at checkout with the same sentence, and the order cannot go on.
  await storeCollection(page, 'preorder', [[p, 1]]);
  await page.reload();
  await hydrated(page, 'CheckoutPage');
  // Said on the line itself, with its one-tap fix; the greyed button says why beside it.
  await expect(page.getByRole('list', { name: 'Articles de la commande' }).getByText(sentence)).toBeVisible();
  await expect(page.getByRole('button', { name: `Retirer : ${p.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuer vers la validation' })).toBeDisabled();
  await expect(page.getByRole('alert').filter({ hasText: 'Un article est à corriger ci-dessus' })).toBeVisible();
  await noSeriousViolation(page);

  // Its page no longer offers to pre-order it, and the pre-order listing no longer lists it.
  await page.goto(`/produits/${p.id}/details`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Commander' }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Pré-commander' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Pré-commande :/ })).toHaveCount(0);
  const listed = ((await (await request.get('/api/produits-precommande')).json()) as ApiProduct[]).map((x) => x.id);
  expect(listed).not.toContain(p.id);
});

test('a member orders on credit at credit prices; a plain customer is refused in French', async ({ page, request }) => {
  const p = pick((x) => x.is_creditorder && x.creditorder_price != null && x.sale_ok);
  await stockUp(request, [p.id]);
  await logIn(page, 'member', '/credit-cart');
  await storeCollection(page, 'creditOrder', [[p, 1]]);
  await page.reload();
  await page.getByRole('link', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL('/checkout?type=creditorder');
  await hydrated(page, 'CheckoutPage');
  await page.getByLabel('Téléphone').fill('77 123 45 67');
  await checkout(page);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(p.creditorder_price!));
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/credit-commandes\/\d+\/d%C3%A9tails$/);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, 'customer', '/checkout?type=creditorder');
  await storeCollection(page, 'creditOrder', [[p, 1]]);
  await page.reload();
  await checkout(page);
  allow(/status of 403/, /Erreur lors de la création du modèle/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Les commandes à crédit sont réservées aux membres dont l’adhésion est acceptée.' }),
  ).toBeVisible();
  await expect(page.getByText('Commande non validé')).toBeVisible();
});

/** Logs the customer in with one unit of the `nth` plain product on the validation screen; counts their orders. */
async function atValidation(page: Page, request: APIRequestContext, nth: number) {
  const p = pick((x) => !x.en_promo && x.sale_ok, nth);
  await stockUp(request, [p.id]);
  await logIn(page, 'customer', '/checkout?type=order');
  await storeCollection(page, 'cart', [[p, 1]]);
  await page.reload();
  await checkout(page);
  const { access_token, user_info } = await apiSession(request, 'customer');
  return async () =>
    ((await (await request.get(`/api/commandes/${user_info.id}`, { headers: { 'Access-Token': access_token } })).json()) as unknown[])
      .length;
}

test('a double tap on confirm makes one order', async ({ page, request }) => {
  const count = await atValidation(page, request, 2);
  const before = await count();
  await page.getByRole('button', { name: 'Confirmer la commande' }).dblclick();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  expect(await count()).toBe(before + 1);
});

test('a dropped answer is retried with the same key and makes one order', async ({ page, request }) => {
  const count = await atValidation(page, request, 3);
  const before = await count();
  // The request reaches the shop, which makes the order, but the phone never gets the answer.
  await page.route(
    '**/api/commandes',
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  allow(/ERR_CONNECTION_RESET/, /Erreur lors de la création du modèle/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page.getByText('Commande non validé')).toBeVisible();
  expect(await count()).toBe(before + 1);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  expect(await count()).toBe(before + 1);
});

test('cancelling from the details page puts the state and the stock right', async ({ page, request }) => {
  const p = pick((x) => !x.en_promo && x.sale_ok, 4);
  await stockUp(request, [p.id], 50);
  await logIn(page, 'customer', '/checkout?type=order');
  await storeCollection(page, 'cart', [[p, 3]]);
  await page.reload();
  await checkout(page);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  const stock = async () => ((await (await request.get(`/api/produits/${p.id}`)).json()) as ApiProduct).quantity;
  expect(await stock()).toBe(47);
  await hydrated(page, 'OrderDetails');
  await page.getByRole('button', { name: 'Annuler la commande' }).click();
  await page.getByRole('button', { name: 'Non, garder' }).click();
  await page.getByRole('button', { name: 'Annuler la commande' }).click();
  await page.getByRole('button', { name: 'Oui, annuler' }).click();
  await expect(page.getByRole('list', { name: 'Suivi de la commande' }).getByText('Annulée')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuler la commande' })).toHaveCount(0);
  expect(await stock()).toBe(50);
  await page.getByRole('button', { name: 'Retirer de ma liste' }).click();
  await expect(page).toHaveURL('/profile');
});

test('another user’s order id shows “Commande introuvable”, not its content', async ({ page, request }) => {
  const p = pick((x) => !x.en_promo && x.sale_ok, 1);
  await stockUp(request, [p.id]);
  const member = await apiSession(request, 'member');
  const created = await request.post('/api/commandes', {
    headers: { 'Access-Token': member.access_token },
    data: { order_lines: [{ id: p.id, quantity: 1 }], adresse: 'Adresse secrète du membre' },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await logIn(page, 'customer', `/commandes/${id}/détails`);
  // The server asks the API with the customer's token and draws the 404 it gets: nothing of the order is in the page.
  const html = await (await page.request.get(`/commandes/${id}/d%C3%A9tails`)).text();
  expect(html).toContain('Commande introuvable');
  expect(html).not.toContain('Adresse secrète du membre');
  await hydrated(page, 'OrderDetails');
  await expect(page.getByText('Commande introuvable')).toBeVisible();
  await expect(page.getByText('Adresse secrète du membre')).toHaveCount(0);
});

test('/payment-state reads the payment from the server: unpaid, then paid; an unknown reference says so', async ({ page, request }) => {
  const p = pick((x) => !x.en_promo && x.sale_ok, 1);
  await stockUp(request, [p.id]);
  const customer = await apiSession(request, 'customer');
  const order = await (
    await request.post('/api/commandes', {
      headers: { 'Access-Token': customer.access_token },
      data: { order_lines: [{ id: p.id, quantity: 1 }] },
    })
  ).json();
  await page.goto(`/payment-state?ref=${order.reference}&status=paid`);
  await expect(page.getByRole('heading', { name: 'À payer à la livraison' })).toBeVisible();
  await expect(page.getByText(fcfa(order.amount_total))).toBeVisible();
  await noSeriousViolation(page);

  const admin = await apiSession(request, 'admin');
  expect(
    (
      await request.put(`/api/commandes/${order.id}`, { headers: { 'Access-Token': admin.access_token }, data: { payment_status: 'paid' } })
    ).ok(),
  ).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', `/tracking-order?ref=${order.reference}`);

  allow(/status of 404/, /Erreur lors de la récupération du paiement/);
  await page.goto('/payment-state?ref=BQ-22222222');
  await expect(page.getByText('Nous ne retrouvons pas cette commande.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suivre une commande' })).toHaveAttribute('href', '/tracking-order');
});

test('a 409 names the product short of stock and lets the shopper fit the quantity, keeping the rest', async ({ page, request }) => {
  const a = pick((x) => !x.en_promo && x.sale_ok, 5);
  const b = pick((x) => !x.en_promo && x.sale_ok, 6);
  await stockUp(request, [a.id, b.id]);
  await logIn(page, 'customer', '/checkout?type=order');
  await storeCollection(page, 'cart', [
    [a, 3],
    [b, 1],
  ]);
  await page.reload();
  await checkout(page);
  // Someone else buys most of it while this shopper reads the summary.
  await stockUp(request, [a.id], 2);
  allow(/status of 409/, /Erreur lors de la création du modèle/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Stock insuffisant pour « ${a.name} » : il en reste 2.` })).toBeVisible();
  await page.getByRole('button', { name: 'Ramener la quantité à 2' }).click();
  await expect(page).toHaveURL('/checkout?type=order');
  await checkout(page);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(2 * shopper(a) + shopper(b)));
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
});

test.describe('the checkout screens as the server draws them', () => {
  /** The island whose file starts with `name` is still its server markup (its code is held back). */
  const serverMarkup = (page: Page, name: string) =>
    expect(page.locator(`astro-island[component-url*="/${name}."]`)).toHaveAttribute('ssr', '');
  /** Where the two columns' headings sit in the page (not the viewport: filling a field scrolls it). */
  const boxes = (page: Page) =>
    Promise.all(
      [page.getByRole('heading', { name: 'Articles' }), page.getByRole('heading', { name: 'Livraison et paiement' })].map((l) =>
        l.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return [r.left + scrollX, r.top + scrollY, r.width, r.height];
        }),
      ),
    );
  /** The requests for `path` that carry the form's fields in their address (a form sent as a GET). */
  function formsAsGet(page: Page, path: string) {
    const sent: string[] = [];
    page.on(
      'request',
      (r) => void (new URL(r.url()).pathname === path && new URL(r.url()).searchParams.has('adresse') && sent.push(r.url())),
    );
    return sent;
  }

  test('checkout draws the stored lines at the prices of now on the server; the form waits for the island, and nothing moves', async ({
    page,
    request,
  }) => {
    const a = pick((p) => p.en_promo && p.promo_price != null);
    const b = pick((p) => !p.en_promo && p.sale_ok && p.id !== a.id, 7);
    await stockUp(request, [a.id, b.id]);
    await logIn(page, 'customer', '/checkout?type=order');
    // The stored snapshot of `b` is stale: the server draws the catalogue's price.
    await storeCollection(page, 'cart', [
      [a, 2],
      [{ ...b, list_price: b.list_price + 1000 }, 1],
    ]);
    await page.reload();
    await hydrated(page, 'CheckoutPage');
    const total = fcfa(2 * shopper(a) + shopper(b));
    await expect(page.getByTestId('order-total')).toHaveText(total);

    // Its code held back, the page is the server's: the lines (from the cart's cookie mirror), fresh prices, the form.
    const release = await holdIslandCode(page, 'CheckoutPage');
    const gets = formsAsGet(page, '/checkout');
    await watchLayoutShifts(page);
    await page.reload();
    await serverMarkup(page, 'CheckoutPage');
    await expect(page.getByText(a.name)).toBeVisible();
    await expect(page.getByText(b.name)).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(total);
    await expect(page.getByLabel('Téléphone')).toHaveValue(/^221\d{9}$/);
    await expect(page.getByRole('radio', { name: 'A domicile' })).toBeChecked();
    await noSeriousViolation(page);
    const before = await boxes(page);
    // A form sent before the island is there goes nowhere (its button is disabled), never as a GET.
    await page.getByLabel('Adresse de livraison').fill('Sicap Liberté 2, villa 123');
    const send = page.getByRole('button', { name: 'Continuer vers la validation' });
    await expect(send).toBeDisabled();
    await page.getByLabel('Adresse de livraison').press('Enter');
    await serverMarkup(page, 'CheckoutPage');
    release();
    await hydrated(page, 'CheckoutPage');
    await expect(send).toBeEnabled();
    await expect(page.getByLabel('Adresse de livraison')).toHaveValue('Sicap Liberté 2, villa 123');
    expect(await boxes(page)).toEqual(before);
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);
    await send.click();
    await expect(page).toHaveURL(/\/commande-validation\?type=order$/);
    expect(gets).toEqual([]);
    await expect(page.getByTestId('order-total')).toHaveText(total);
    await expect(page.getByText('Sicap Liberté 2, villa 123')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('checkout')!).amount_total)).toBe(2 * shopper(a) + shopper(b));

    // Back to the checkout: the earlier draft's address fills the form once the island is there.
    await page.getByRole('link', { name: 'Modifier la livraison ou le paiement' }).click();
    await hydrated(page, 'CheckoutPage');
    await expect(page.getByLabel('Adresse de livraison')).toHaveValue('Sicap Liberté 2, villa 123');
    await expect(page.getByTestId('order-total')).toHaveText(total);
  });

  test('a form sent while the prices are read again waits for them, then goes on', async ({ page, request }) => {
    const a = pick((p) => !p.en_promo && p.sale_ok, 1);
    await stockUp(request, [a.id]);
    await logIn(page, 'customer', '/checkout?type=order');
    // Stored after the page was drawn: the cookie mirror named nothing, so the island reads the prices itself.
    await storeCollection(page, 'cart', [[a, 1]]);
    let answer = () => {};
    const slow = new Promise<void>((ok) => (answer = ok));
    // The island prices every line in one read of the catalogue.
    await page.route(/\/api\/produits-selection\?/, async (route) => {
      await slow;
      await route.continue();
    });
    await page.evaluate(() => (document.cookie = 'boutique_cart=; Path=/; Max-Age=0'));
    await page.reload();
    await hydrated(page, 'CheckoutPage');
    await expect(page.getByRole('status').filter({ hasText: 'Calcul des prix…' })).toBeAttached();
    await page.getByLabel('Adresse de livraison').fill('Sicap Liberté 2, villa 123');
    await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
    await expect(page.getByRole('button', { name: 'Continuer vers la validation' })).toBeDisabled();
    await expect(page).toHaveURL('/checkout?type=order');
    answer();
    await expect(page).toHaveURL(/\/commande-validation\?type=order$/);
    await expect(page.getByTestId('order-total')).toHaveText(fcfa(a.list_price));
  });

  test('an empty collection shows the notice from the server, with no form', async ({ page }) => {
    await logIn(page, 'customer', '/checkout?type=preorder');
    await page.evaluate(() => localStorage.setItem('preorder', '[]'));
    const release = await holdIslandCode(page, 'CheckoutPage');
    await page.reload();
    await serverMarkup(page, 'CheckoutPage');
    await expect(page.getByText('Votre pré-commande est vide.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Continuer vos achats' })).toHaveAttribute('href', '/boutique');
    await expect(page.getByLabel('Adresse de livraison')).toBeHidden();
    release();
  });

  test('validation shows the lines from the server, the draft once hydrated without a move, and “Confirmer la commande” makes one order', async ({
    page,
    request,
  }) => {
    const p = await preorderable(request, 1);
    await logIn(page, 'customer', '/checkout?type=preorder');
    await storeCollection(page, 'preorder', [[p, 2]]);
    await page.reload();
    await hydrated(page, 'CheckoutPage');
    await page.getByLabel('Adresse de livraison').fill('Ouakam, cité Avion 12');
    await page.getByRole('radio', { name: 'En ligne' }).check();
    await page.getByRole('radio', { name: 'A domicile' }).check();
    const release = await holdIslandCode(page, 'OrderValidation');
    await watchLayoutShifts(page);
    await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
    await expect(page).toHaveURL('/commande-validation?type=preorder');

    // The server's page: the pre-order's lines and tranches, the button not yet usable.
    const total = 2 * p.preorder_price!;
    const first = Math.floor((total * 30) / 100);
    await serverMarkup(page, 'OrderValidation');
    await expect(page.getByText(p.name)).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(fcfa(total));
    await expect(page.getByRole('definition').filter({ hasText: 'à payer' })).toHaveText(
      [fcfa(first), fcfa(first), fcfa(total - 2 * first)].map((t) => new RegExp(t)),
    );
    await expect(page.getByRole('button', { name: 'Confirmer la commande' })).toBeDisabled();
    release();
    await hydrated(page, 'OrderValidation');
    await expect(page.getByText('Ouakam, cité Avion 12')).toBeVisible();
    await expect(page.getByText(/^\+221\d{9}$/)).toBeVisible();
    await expect(page.getByText('A domicile', { exact: true })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(fcfa(total));
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);
    await noSeriousViolation(page);

    const { access_token, user_info } = await apiSession(request, 'customer');
    const count = async () =>
      ((await (await request.get(`/api/commandes/${user_info.id}`, { headers: { 'Access-Token': access_token } })).json()) as unknown[])
        .length;
    const orders = await count();
    const posts: string[] = [];
    page.on(
      'request',
      (r) => void (r.method() === 'POST' && r.url().endsWith('/api/commandes') && posts.push(r.headers()['idempotency-key']!)),
    );
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await expect(page).toHaveURL(/\/pre-commandes\/\d+\/d%C3%A9tails$/);
    expect(posts).toHaveLength(1);
    expect(await count()).toBe(orders + 1);

    // Nothing left to confirm: the notice.
    await page.goto('/commande-validation?type=preorder');
    await expect(page.getByText('Aucune pré-commande à valider : reprenez-la depuis votre panier.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reprendre la pré-commande' })).toHaveAttribute('href', '/checkout?type=preorder');
  });

  test('both screens are private to the shopper', async ({ page }) => {
    await logIn(page, 'customer', '/checkout?type=order');
    for (const path of ['/checkout?type=order', '/commande-validation?type=order']) {
      const res = await page.request.get(path);
      expect(res.headers()['cache-control']).toBe('private, no-cache');
    }
  });
});
