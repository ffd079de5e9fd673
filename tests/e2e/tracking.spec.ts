/** Browser journeys of `/tracking-order` on a phone: a guest follows an order with its reference and phone or e-mail. */
import { expect, test, type Page } from '@playwright/test';
import {
  accessToken,
  fcfa,
  guestPackBooking,
  holdIslandCode,
  hydrated,
  noSeriousViolation,
  scriptsOf,
  watchConsole,
} from '../fixtures/journeys.ts';

const NO_MATCH = 'Aucune commande ne correspond à cette référence et à ce contact.';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const errors = watchConsole();

async function ready(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page, 'OrderTracking');
}

const timeline = (page: Page) => page.getByRole('list', { name: 'Suivi de la commande' });
// The validator and the API client: they come with the first search, not with the form.
const SEARCH_CODE = /\/_astro\/(zod|api|orders\.schema)\./;

test('a guest follows an order by reference and phone, sees its timeline move on, and a wrong phone is told so in French', async ({
  page,
  request,
}) => {
  const order = await guestPackBooking(request, '77 640 11 22', 'fatou.sow@exemple.sn');
  await ready(page, `/tracking-order?ref=${order.reference}`);
  await expect(page.getByLabel('Référence de commande')).toHaveValue(order.reference);
  await expect(page.getByRole('radio', { name: 'Téléphone', exact: true })).toBeChecked();

  // A wrong phone: the server's sentence, the same as for a wrong reference.
  await page.getByLabel('Téléphone donné à la commande').fill('77 640 11 23');
  errors.allow(/status of 404/, /Erreur lors du suivi de la commande/);
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
  await expect(timeline(page)).toHaveCount(0);

  await page.getByLabel('Téléphone donné à la commande').fill('77 640 11 22');
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(page.getByRole('heading', { name: `Commande ${order.reference}` })).toBeVisible();
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('Reçue');
  await expect(timeline(page).getByRole('listitem')).toHaveText([/^Reçue/, /^Confirmée/, /^Expédiée/, /^Livrée/]);
  await expect(page.getByTestId('order-total')).toHaveText(fcfa(order.total));
  await expect(page.getByText('Paiement : A domicile')).toBeVisible();
  await expect(page.getByText(NO_MATCH)).toHaveCount(0);
  await noSeriousViolation(page);

  // The shop confirms it: the next look shows the new state with its date.
  expect(
    (
      await request.put(`/api/commandes/${order.id}`, {
        headers: { 'Access-Token': await accessToken(request, 'admin') },
        data: { state: 'confirmed' },
      })
    ).ok(),
  ).toBe(true);
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('Confirmée');
  await expect(timeline(page).getByRole('listitem').nth(1).locator('time')).toBeVisible();
});

test('an order is found by e-mail too; a missing reference or contact is said beside its field', async ({ page, request }) => {
  const order = await guestPackBooking(request, '77 640 33 44', 'moussa.ba@exemple.sn');
  await ready(page, '/tracking-order');
  await expect(page.getByLabel('Référence de commande')).toHaveValue('');
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(page.getByLabel('Référence de commande')).toHaveAccessibleDescription(/La référence de commande est obligatoire\./);
  await expect(page.getByLabel('Téléphone donné à la commande')).toHaveAccessibleDescription(
    'Indiquez le téléphone ou l’adresse e-mail donnés à la commande.',
  );

  await page.getByLabel('Référence de commande').fill(order.reference.toLowerCase());
  await page.getByRole('radio', { name: 'E-mail', exact: true }).check();
  await page.getByLabel('E-mail donné à la commande').fill('Moussa.Ba@exemple.sn');
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(page.getByRole('heading', { name: `Commande ${order.reference}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles de la commande' }).getByRole('listitem')).toHaveCount(2);
});

test('the form is drawn by the server with ?ref= filled; a contact chosen and typed before its code arrived is kept, then answered', async ({
  page,
  request,
}) => {
  const order = await guestPackBooking(request, '77 640 55 66', 'awa.fall@exemple.sn');
  expect(await (await request.get(`/tracking-order?ref=${order.reference}`)).text()).toContain(`value="${order.reference}"`);
  const release = await holdIslandCode(page, 'OrderTracking');
  await page.goto(`/tracking-order?ref=${order.reference}`);
  await expect(page.getByLabel('Référence de commande')).toHaveValue(order.reference);
  await page.getByRole('radio', { name: 'E-mail', exact: true }).check();
  // Until the form is live its field keeps the label it was drawn with.
  await page.getByLabel('Téléphone donné à la commande').fill('awa.fall@exemple.sn');
  release();
  await hydrated(page, 'OrderTracking');
  await expect(page.getByRole('radio', { name: 'E-mail', exact: true })).toBeChecked();
  await expect(page.getByLabel('E-mail donné à la commande')).toHaveValue('awa.fall@exemple.sn');
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(page.getByRole('heading', { name: `Commande ${order.reference}` })).toBeVisible();
});

test('hydrated, the form loads neither the validator nor the API client until a search is sent', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/tracking-order');
  await hydrated(page, 'OrderTracking');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => SEARCH_CODE.test(s))).toEqual([]);

  await page.getByLabel('Référence de commande').fill('BQ-22222222');
  await page.getByLabel('Téléphone donné à la commande').fill('77 640 00 00');
  errors.allow(/status of 404/, /Erreur lors du suivi de la commande/);
  await page.getByRole('button', { name: 'Suivre ma commande' }).click();
  await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
  expect(scripts.filter((s) => SEARCH_CODE.test(s)).length).toBeGreaterThan(0);
});
