/**
 * §6 a credit order on a 360 px phone: the member picks 6 months at checkout and sees the schedule, confirms; the parent
 * account approves it on /compte-parent; the shop confirms it; the member's order then reads « Confirmée » with its dated schedule.
 */
import { expect, test } from '@playwright/test';
import {
  accessToken,
  DEMO,
  fcfa,
  hydrated,
  logIn,
  noSeriousViolation,
  stockUp,
  storeCollection,
  watchConsole,
} from '../fixtures/journeys.ts';

watchConsole();
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

type ApiProduct = { id: number; name: string; creditorder_price: number | null; sale_ok: boolean };

test('a member orders on credit over 6 months, the parent account and the shop approve, the order is confirmed with its schedule', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const admin = await accessToken(request, 'admin');
  // The default terms, so 6 months is offered whatever another journey set.
  expect(
    (
      await request.put('/api/admin/credit/conditions', { headers: { 'Access-Token': admin }, data: { months: [3, 6, 10], dueDay: 5 } })
    ).ok(),
  ).toBe(true);
  const credit: ApiProduct[] = await (await request.get('/api/produits-creditcommande')).json();
  const product = credit.find((p) => p.creditorder_price != null && p.sale_ok)!;
  await stockUp(request, [product.id]);
  const total = product.creditorder_price!;

  // The member: the credit cart's checkout offers the months, and the schedule follows the choice.
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await logIn(page, ...DEMO.member, '/checkout?type=creditorder');
  await storeCollection(page, 'creditOrder', [[product, 1]]);
  await page.reload();
  await hydrated(page, 'CheckoutPage');
  await expect(page.getByRole('radio', { name: 'A domicile' })).toHaveCount(0);
  await page.getByRole('radio', { name: '6 mois' }).check();
  const schedule = page.getByLabel('Échéancier en 6 mensualités');
  await expect(schedule.getByRole('term')).toHaveText(Array.from({ length: 6 }, (_, i) => `Mensualité ${i + 1} sur 6`));
  const base = Math.floor(total / 6);
  await expect(schedule.getByRole('definition').first()).toContainText(fcfa(base));
  await expect(schedule.getByRole('definition').last()).toContainText(fcfa(total - 5 * base));
  await expect(schedule.getByRole('definition').first()).toContainText(/à payer le 5 /);
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();

  await expect(page).toHaveURL('/commande-validation?type=creditorder');
  await hydrated(page, 'OrderValidation');
  await expect(page.getByText('Paiement en 6 mensualités')).toBeVisible();
  await expect(page.getByLabel('Échéancier en 6 mensualités').getByRole('term')).toHaveCount(6);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();

  await expect(page).toHaveURL(/\/credit-commandes\/\d+\/d%C3%A9tails$/);
  await hydrated(page, 'OrderDetails');
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();
  const orderUrl = page.url();
  const id = Number(orderUrl.match(/credit-commandes\/(\d+)\//)![1]);
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement en 6 mensualités');
  await expect(page.getByTestId('credit-approvals')).toContainText('En attente de votre compte parent');
  await expect(page.getByText('À payer à la livraison')).toHaveCount(0);

  // The parent account: its profile leads to the orders to approve; it approves this one.
  const parentContext = await browser.newContext({ baseURL, viewport: PHONE, locale: 'fr-FR', serviceWorkers: 'block' });
  const parent = await parentContext.newPage();
  await logIn(parent, ...DEMO.parent, '/profile');
  await hydrated(parent, 'ProfilePage');
  await parent.getByRole('link', { name: /^Compte parent .* : commandes de mes membres$/ }).click();
  await expect(parent).toHaveURL('/compte-parent');
  await hydrated(parent, 'ParentApprovals');
  const card = parent.getByRole('listitem').filter({ has: parent.getByRole('heading', { name: new RegExp(reference) }) });
  await expect(card.getByLabel('Échéancier en 6 mensualités').getByRole('term')).toHaveCount(6);
  await noSeriousViolation(parent);
  await card.getByRole('button', { name: `Valider la commande ${reference}` }).click();
  await expect(card.getByRole('status')).toHaveText(
    `Commande ${reference} validée : elle attend encore la boutique. Le membre est prévenu.`,
  );
  await parentContext.close();

  // The shop confirms it in the back office: the second approval confirms the order.
  const adminContext = await browser.newContext({ baseURL, viewport: PHONE, locale: 'fr-FR', serviceWorkers: 'block' });
  const back = await adminContext.newPage();
  await logIn(back, ...DEMO.admin, `/admin/commandes/${id}`);
  await hydrated(back, 'AdminOrder');
  await expect(back.getByTestId('approval-note')).toHaveText('Validée par le compte parent : « Confirmer » la confirme.');
  await back.getByRole('button', { name: 'Confirmer', exact: true }).click();
  await expect(back.getByTestId('approval-note')).toHaveCount(0);
  await adminContext.close();

  // The member's order: confirmed, both approvals dated, the schedule with its due dates.
  await page.reload();
  await hydrated(page, 'OrderDetails');
  await expect(page.getByRole('main').getByText('Confirmée', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('credit-approvals')).toContainText('Validée par la boutique le');
  await expect(page.getByTestId('credit-approvals')).toContainText('Validée par votre compte parent le');
  const dated = page.getByLabel('Échéancier en 6 mensualités').getByRole('definition');
  await expect(dated).toHaveCount(6);
  for (const d of await dated.all()) await expect(d).toContainText(/à payer le 5 \S+ \d{4}/);
});
