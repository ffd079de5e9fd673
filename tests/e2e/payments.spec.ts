/** Browser journeys of the online payment ('En ligne') through the built-in demonstration provider, on a phone. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  checkoutOneProduct,
  bookPackAsGuest,
  accessToken,
  DEMO,
  fcfa,
  frameLive,
  hydrated,
  logIn as logInTo,
  noSeriousViolation,
  ownConnections,
  stockUp,
  watchConsole,
  trackOrder,
} from '../fixtures/journeys.ts';

type Pack = { name: string; sommeTotal: number; produits: Array<{ id: number }> };
const guest = {
  Prénom: 'Awa',
  Nom: 'Ndiaye',
  Email: 'awa.ndiaye@exemple.sn',
  Téléphone: '77 321 54 76',
  Adresse: 'Ouakam, cité Avion, Dakar',
};

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const errors = watchConsole();
ownConnections();

async function packOf(request: APIRequestContext, code: string): Promise<Pack> {
  const p = (await (await request.get(`/api/pack_product/${code}`)).json()) as Pack;
  await stockUp(
    request,
    p.produits.map((l) => l.id),
  );
  return p;
}

async function logIn(page: Page, code: string) {
  await logInTo(page, ...DEMO.customer, `/pack-promo?code=${code}`);
  await hydrated(page, 'PackCart');
}

/** 'En ligne', then 'Valider le Panier': the order is made, the shopper lands on its details (§4) and 'Payer en ligne' opens the demonstration provider's page. */
async function orderOnline(page: Page, p: Pack) {
  await page.getByRole('radio', { name: 'En ligne' }).check();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await hydrated(page, 'OrderDetails');
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement en attente');
  await page.getByRole('button', { name: 'Payer en ligne' }).click();
  await onDemoPage(page, p);
}

async function onDemoPage(page: Page, p: Pack) {
  await expect(page).toHaveURL(/\/api\/payments\/demo\/demo-[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement de démonstration' })).toBeVisible();
  await expect(page.getByText(fcfa(p.sommeTotal))).toBeVisible();
}

const state = (page: Page) => page.getByRole('heading', { level: 2, name: /^(Paiement|À payer)/ });

test('a guest pays a pack online: the payment screen and the tracked order say it is paid, for the pack’s own total', async ({
  page,
  request,
}) => {
  const p = await packOf(request, 'PACK-STUDIO');
  await page.goto('/pack-promo?code=PACK-STUDIO');
  await hydrated(page, 'PackCart');
  await page.getByRole('radio', { name: 'En ligne' }).check();
  // §4: the guest goes on to /boutique with the reference; tracking the order offers 'Payer en ligne'.
  const booked = await bookPackAsGuest(page, guest);
  await trackOrder(page, booked, guest.Téléphone);
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement en attente');
  await page.getByRole('button', { name: 'Payer en ligne' }).click();
  await onDemoPage(page, p);
  await expect(page.getByRole('note')).toContainText('Aucun argent n’est débité');
  await noSeriousViolation(page);

  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(page).toHaveURL(/\/payment-state\?ref=BQ-[2-9A-Z]{8}$/);
  await expect(state(page)).toBeVisible();
  await expect(state(page)).toHaveText('Paiement reçu');
  const reference = (await page.getByTestId('payment-reference').textContent())!;
  await expect(page.getByTestId('payment-amount')).toHaveText(fcfa(p.sommeTotal));
  await expect(page.getByRole('button', { name: 'Payer maintenant' })).toHaveCount(0);
  await noSeriousViolation(page);

  // A query string cannot make an order paid: an unknown reference says so (§8 logs the failed call).
  errors.allow(/status of 404/, /Erreur lors de la récupération du paiement/);
  await page.goto('/payment-state?ref=BQ-22222222&payment_status=paid');
  await expect(page.getByText('Nous ne retrouvons pas cette commande.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suivre une commande' })).toHaveAttribute('href', '/tracking-order');

  await page.goto(`/payment-state?ref=${reference}`);
  await page.getByRole('link', { name: 'Voir ma commande' }).click();
  await hydrated(page, 'OrderTracking');
  await expect(page.getByLabel('Référence de commande')).toHaveValue(reference);
  await page.getByLabel('Téléphone donné à la commande').fill(guest.Téléphone);
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement reçu');
});

test('a refused payment can be paid again with “Payer maintenant”, and the order’s details agree', async ({ page, request }) => {
  const p = await packOf(request, 'PACK-TABASKI');
  await logIn(page, 'PACK-TABASKI');
  await orderOnline(page, p);
  await page.getByRole('button', { name: 'Simuler un paiement refusé' }).click();
  await expect(state(page)).toBeVisible();
  await expect(state(page)).toHaveText('Paiement échoué');
  await expect(page.getByText('Le paiement n’a pas abouti.')).toBeVisible();
  await noSeriousViolation(page);

  await page.getByRole('button', { name: 'Payer maintenant' }).click();
  await onDemoPage(page, p);
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(state(page)).toBeVisible();
  await expect(state(page)).toHaveText('Paiement reçu');
  await expect(page.getByTestId('payment-amount')).toHaveText(fcfa(p.sommeTotal));

  await page.getByRole('link', { name: 'Voir ma commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement reçu');
  await expect(page.getByText(fcfa(p.sommeTotal)).first()).toBeVisible();
});

test('an abandoned payment can switch to payment on delivery', async ({ page, request }) => {
  const p = await packOf(request, 'PACK-MAISON');
  await logIn(page, 'PACK-MAISON');
  await orderOnline(page, p);
  await page.getByRole('button', { name: 'Abandonner le paiement' }).click();
  await expect(state(page)).toBeVisible();
  // No webhook for an abandoned payment: the screen's own question finds the session expired.
  await expect(state(page)).toHaveText('Paiement annulé');
  await page.getByRole('button', { name: 'Payer à la livraison' }).click();
  await expect(state(page)).toHaveText('À payer à la livraison');
  await expect(page.getByText('Vous réglerez votre commande à la livraison.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer maintenant' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Voir ma commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await expect(page.getByText('A domicile ·')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('À payer à la livraison');
});

test('an order paid twice (an old session paid after a retry) stays paid once, and the back office flags a refund', async ({
  page,
  request,
}) => {
  const p = await packOf(request, 'PACK-STUDIO');
  await logIn(page, 'PACK-STUDIO');
  await orderOnline(page, p);
  const first = page.url();
  await page.getByRole('button', { name: 'Simuler un paiement refusé' }).click();
  await expect(state(page)).toBeVisible();
  await page.getByRole('button', { name: 'Payer maintenant' }).click();
  await onDemoPage(page, p);
  expect(page.url()).not.toBe(first);
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(state(page)).toHaveText('Paiement reçu');
  // The refused session was still payable: the shopper pays it too.
  await page.goto(first);
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(state(page)).toBeVisible();
  await expect(state(page)).toHaveText('Paiement reçu');
  await expect(page.getByTestId('payment-amount')).toHaveText(fcfa(p.sommeTotal));
  const id = (await page.getByRole('link', { name: 'Voir ma commande' }).getAttribute('href'))!.match(/\/commandes\/(\d+)\//)![1];

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logInTo(page, ...DEMO.admin, `/admin/commandes/${id}`);
  await hydrated(page, 'AdminOrder');
  const payments = page.getByRole('region', { name: 'Paiements en ligne' });
  await expect(payments.getByRole('alert')).toHaveText('Paiement en double : un paiement est à rembourser au client.');
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await expect(payments.getByText('À rembourser', { exact: true })).toHaveCount(1);
  await expect(page.getByText('En ligne · Paiement reçu')).toBeVisible();
  await noSeriousViolation(page);
});

test('a cart ordered “En ligne” goes from the validation to the payment, and comes back paid', async ({ page, request }) => {
  const product = await checkoutOneProduct(page, request, 2);
  await page.getByLabel('Adresse de livraison').fill('Point E, rue 5, Dakar');
  await page.getByRole('radio', { name: 'En ligne' }).check();
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await hydrated(page, 'OrderValidation');
  await expect(page.getByText('En ligne · Wave', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await onDemoPage(page, { name: '', sommeTotal: 2 * product.list_price, produits: [] });
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(state(page)).toBeVisible();
  await expect(state(page)).toHaveText('Paiement reçu');
  await page.getByRole('link', { name: 'Voir ma commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement reçu');
});

/** An order of one product paid 'En ligne' (its checkout opened at the demonstration provider when `open`): its reference, total, the provider's page, and the payment link its confirmation SMS carries. */
async function onlineOrder(
  request: APIRequestContext,
  open: boolean,
): Promise<{ reference: string; amount: number; url: string; link: string }> {
  const products = (await (await request.get('/api/produits')).json()) as Array<{ id: number; en_promo: boolean; sale_ok: boolean }>;
  const product = products.find((x) => !x.en_promo && x.sale_ok)!;
  await stockUp(request, [product.id]);
  const headers = { 'Access-Token': await accessToken(request, 'customer') };
  const order = await (
    await request.post('/api/commandes', { headers, data: { payment_mode: 'online', order_lines: [{ id: product.id, quantity: 1 }] } })
  ).json();
  expect(order.payment_mode).toBe('online');
  // Opening a checkout counts against the address's few payment actions a minute: only when the journey needs one.
  const url = open
    ? (
        (await (
          await request.post(`/api/paiement/${order.reference}/session`, { headers: { 'Payment-Token': order.payment_token } })
        ).json()) as { url: string }
      ).url
    : '';
  return {
    reference: order.reference,
    amount: order.amount_total,
    url,
    link: `/payment-state?ref=${order.reference}&t=${order.payment_token}`,
  };
}

test('the payment screen is drawn by the server: a pending payment is in its private HTML, then turns paid by itself', async ({
  page,
  request,
  context,
}) => {
  const order = await onlineOrder(request, true);
  const answer = await request.get(order.link);
  expect(answer.headers()['cache-control']).toBe('private, no-cache');
  const html = await answer.text();
  expect(html).toContain('Paiement en attente');
  expect(html).toContain('Nous attendons la confirmation de votre paiement. Cette page se met à jour toute seule.');
  expect(html).toContain(order.reference);
  await page.goto(order.link);
  await expect(state(page)).toHaveText('Paiement en attente');
  await expect(page.getByTestId('payment-reference')).toHaveText(order.reference);
  await expect(page.getByTestId('payment-amount')).toHaveText(fcfa(order.amount));
  await expect(page.getByRole('button', { name: 'Payer maintenant' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', `/tracking-order?ref=${order.reference}`);
  await frameLive(page);
  await noSeriousViolation(page);

  // Paid in another tab: this screen finds out on its own.
  const provider = await context.newPage();
  await provider.goto(order.url);
  await provider.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(state(page)).toHaveText('Paiement reçu', { timeout: 15_000 });
  await expect(page.getByText('Merci ! Votre paiement est bien arrivé : nous préparons votre commande.')).toBeVisible();
});

test('“Payer à la livraison” tapped right after load switches the order, once', async ({ page, request }) => {
  // A payment that never started (no checkout opened) offers both ways out.
  const order = await onlineOrder(request, false);
  // The switch's answer is held back, as on a slow network, until the second tap is in.
  let release = () => {};
  const gate = new Promise<void>((ok) => (release = ok));
  const switches: string[] = [];
  await page.route(/\/api\/paiement\/[^/]+\/domicile$/, async (route) => {
    switches.push(route.request().method());
    await gate;
    await route.continue();
  });
  // Opened from the confirmation SMS's link, on a phone not logged in.
  await page.goto(order.link);
  await expect(state(page)).toHaveText('Paiement en attente');
  await expect(page.getByText('Le paiement en ligne n’a pas pu démarrer')).toBeVisible();
  await page.getByRole('button', { name: 'Payer à la livraison' }).click();
  await expect(page.getByRole('button', { name: 'Payer maintenant' })).toBeDisabled();
  await page.getByRole('button', { name: 'Payer à la livraison' }).click({ force: true });
  release();
  await expect(state(page)).toHaveText('À payer à la livraison');
  await expect(page.getByText('Vous réglerez votre commande à la livraison.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer à la livraison' })).toHaveCount(0);
  await expect(state(page)).toBeFocused();
  expect(switches).toEqual(['POST']);
});
