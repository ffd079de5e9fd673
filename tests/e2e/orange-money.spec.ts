/** Browser journeys of paying 'En ligne' with Orange Money or Wave, as the shopper chooses, through the demonstration providers, on a phone. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  checkoutOneProduct,
  bookPackAsGuest,
  fcfa,
  hydrated,
  noSeriousViolation,
  ownConnections,
  stockUp,
  watchConsole,
  trackOrder,
} from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
watchConsole();
ownConnections();

const guest = {
  Prénom: 'Mariama',
  Nom: 'Ba',
  Email: 'mariama.ba@exemple.sn',
  Téléphone: '77 654 32 10',
  Adresse: 'Liberté 6, Dakar',
};
const state = (page: Page) => page.getByRole('heading', { level: 2, name: /^(Paiement|À payer)/ });
const ORANGE_PAGE = /\/api\/payments\/demo\/demo-om-[\w-]+$/;
const WAVE_PAGE = /\/api\/payments\/demo\/demo-(?!om-)[\w-]+$/;

/** On the demonstration page standing for `provider`, for `total`. */
async function onDemoPage(page: Page, provider: 'Wave' | 'Orange Money', total: number) {
  await expect(page).toHaveURL(provider === 'Wave' ? WAVE_PAGE : ORANGE_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement de démonstration' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(`cette page remplace ${provider}`);
  await expect(page.getByText(fcfa(total))).toBeVisible();
}

async function packTotal(request: APIRequestContext, code: string): Promise<number> {
  const p = (await (await request.get(`/api/pack_product/${code}`)).json()) as { sommeTotal: number; produits: Array<{ id: number }> };
  await stockUp(
    request,
    p.produits.map((l) => l.id),
  );
  return p.sommeTotal;
}

test('a guest picks Orange Money in the pack cart, and pays the pack with it', async ({ page, request }) => {
  const total = await packTotal(request, 'PACK-STUDIO');
  await page.goto('/pack-promo?code=PACK-STUDIO');
  await hydrated(page, 'PackCart');
  // The providers show under 'En ligne' only.
  await expect(page.getByRole('radio', { name: 'Orange Money', exact: true })).toBeHidden();
  await page.getByRole('radio', { name: 'En ligne' }).check();
  await expect(page.getByRole('radio', { name: 'Wave', exact: true })).toBeChecked();
  await page.getByRole('radio', { name: 'Orange Money', exact: true }).check();
  await noSeriousViolation(page);
  const booked = await bookPackAsGuest(page, guest);

  // Tracking the order in this browser: 'Payer en ligne' keeps the provider chosen for it.
  await trackOrder(page, booked, guest.Téléphone);
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement en attente');
  await expect(page.getByRole('radio', { name: 'Orange Money', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Payer en ligne' }).click();
  await onDemoPage(page, 'Orange Money', total);
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-state\\?ref=${booked}$`));
  await expect(state(page)).toHaveText('Paiement reçu');
  await expect(page.getByTestId('payment-amount')).toHaveText(fcfa(total));
  await expect(page.getByRole('button', { name: 'Payer avec Wave' })).toHaveCount(0);
});

test('a customer starts with Wave at checkout, then switches to Orange Money on the payment screen and pays', async ({ page, request }) => {
  const product = await checkoutOneProduct(page, request);
  await page.getByLabel('Adresse de livraison').fill('Fann Résidence, Dakar');
  await page.getByRole('radio', { name: 'En ligne' }).check();
  await expect(page.getByRole('radio', { name: 'Wave', exact: true })).toBeChecked();
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await hydrated(page, 'OrderValidation');
  await expect(page.getByText('En ligne · Wave', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await onDemoPage(page, 'Wave', product.list_price);
  await page.getByRole('button', { name: 'Simuler un paiement refusé' }).click();

  await expect(state(page)).toHaveText('Paiement échoué');
  await expect(page.getByTestId('payment-provider')).toHaveText('Paiement en ligne avec Wave');
  await expect(page.getByRole('button', { name: 'Payer maintenant' })).toBeEnabled();
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Payer avec Orange Money' }).click();
  await onDemoPage(page, 'Orange Money', product.list_price);
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(state(page)).toHaveText('Paiement reçu');
  await page.getByRole('link', { name: 'Voir ma commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement reçu');
});

test('the shop advertises only what works: Wave, Orange Money and payment on delivery', async ({ page }) => {
  await page.goto('/');
  const badges = page.getByRole('list', { name: 'Moyens de paiement acceptés' });
  await expect(badges.getByRole('listitem')).toHaveText(['Wave', 'Orange Money', 'Paiement à la livraison']);
  await expect(page.getByText('en ligne par Wave ou Orange Money')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Free Money|Visa|Mastercard|par carte/i);
});
