/** Journeys of the welcome offer (§1, §9) on a 360 px phone: a new customer's first order is reduced, shown at checkout, validation and on the order. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessToken, fcfa, hydrated, logIn, newCustomer, stockUp, storeCollection, watchConsole } from '../fixtures/journeys.ts';

type ApiProduct = { id: number; name: string; list_price: number; en_promo: boolean; promo_price: number | null; quantity: number };

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const { allow } = watchConsole();

const TERMS = { rate: 10, cap: 20_000 };
async function offer(request: APIRequestContext, active: boolean) {
  const admin = await accessToken(request, 'admin');
  const res = await request.put('/api/admin/offre-bienvenue', { headers: { 'Access-Token': admin }, data: { active, ...TERMS } });
  expect(res.ok()).toBe(true);
}
test.beforeAll(async ({ request }) => offer(request, true));
test.afterAll(async ({ request }) => offer(request, false));
test.beforeEach(async ({ page }) => {
  // The special-offer popup (which invites visitors to this very offer) would cover the screens.
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
});

/** Puts `product` in the cart of the logged-in shopper, then goes through 'Valider le Panier' to checkout. */
async function toCheckout(page: Page, product: ApiProduct) {
  await storeCollection(page, 'cart', [[product, 1]]);
  await page.reload();
  await page.getByRole('link', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL('/checkout?type=order');
  await hydrated(page, 'CheckoutPage');
}

test('a new customer sees the welcome reduction at checkout, at validation and on the order; the next order pays full price', async ({
  page,
  request,
}) => {
  const catalogue = (await (await request.get('/api/produits')).json()) as ApiProduct[];
  const plain = catalogue.find((p) => !p.en_promo && p.list_price >= 50_000)!;
  await stockUp(request, [plain.id]);
  const reduction = Math.min(TERMS.cap, Math.floor((plain.list_price * TERMS.rate) / 100));
  const me = await newCustomer(request, 'Aminata Fall');
  await logIn(page, me.email, me.password, '/cart');

  await toCheckout(page, plain);
  const line = `Réduction de bienvenue − ${fcfa(reduction)}`;
  await expect(page.getByTestId('welcome-reduction')).toHaveText(line);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(plain.list_price - reduction));

  await page.getByLabel('Adresse de livraison').fill('Mermoz, rue 12');
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await expect(page).toHaveURL('/commande-validation?type=order');
  await hydrated(page, 'OrderValidation');
  await expect(page.getByTestId('welcome-reduction')).toHaveText(line);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(plain.list_price - reduction));

  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await hydrated(page, 'OrderDetails');
  await expect(page.getByTestId('welcome-reduction')).toHaveText(line);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(plain.list_price - reduction));

  // A second order: the offer is spent, nothing is shown.
  await page.goto('/cart');
  await toCheckout(page, plain);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(plain.list_price));
  await expect(page.getByTestId('welcome-reduction')).toHaveCount(0);
});

test('a first order of promotional products only says why the offer does not apply', async ({ page, request }) => {
  const catalogue = (await (await request.get('/api/produits')).json()) as ApiProduct[];
  const promo = catalogue.find((p) => p.en_promo && p.promo_price !== null)!;
  await stockUp(request, [promo.id]);
  const me = await newCustomer(request, 'Ousmane Ba');
  await logIn(page, me.email, me.password, '/cart');
  await toCheckout(page, promo);
  await expect(page.getByTestId('welcome-note')).toHaveText('La réduction de bienvenue ne s’applique pas aux produits en promotion.');
  await expect(page.getByTestId('welcome-reduction')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(promo.promo_price!));
});

test('the retailer sets the offer in the back office, on a phone', async ({ page }) => {
  // The refused rate below is a failed call, logged as every failed call is (§8).
  allow(/status of 400 \(Bad Request\)/, /^Erreur lors de l’enregistrement de l’offre/);
  await logIn(page, 'admin@boutique.sn', 'Admin#2026', '/admin/offre-bienvenue');
  await hydrated(page, 'AdminWelcomeOffer');
  await expect(page.getByLabel('Offre active')).toBeChecked();
  await page.getByLabel('Plafond (FCFA)').fill('15000');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Offre de bienvenue enregistrée.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByLabel('Taux (%)').fill('80');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Le taux doit être compris entre 1 et 50 %.');
  await page.getByLabel('Taux (%)').fill('10');
  await page.getByLabel('Plafond (FCFA)').fill('20000');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Offre de bienvenue enregistrée.').first()).toBeVisible();
});
