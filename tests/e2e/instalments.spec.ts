/** Browser journeys of §6 instalments: a pre-order’s first tranche paid online from « Mes échéances » (demonstration provider, on a phone), and the back office’s payroll deduction. */
import { expect, test } from '@playwright/test';
import {
  accessToken,
  DEMO,
  fcfa,
  hydrated,
  logIn,
  noSeriousViolation,
  ownConnections,
  stockUp,
  storeCollection,
  watchConsole,
} from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
watchConsole();
ownConnections();

type Product = { id: number; name: string; preorder_price: number | null; sale_ok: boolean };

test('a customer pre-orders, pays the first tranche from « Mes échéances » and sees it paid, the next one due', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/produits')).json()) as Product[];
  const product = products.find((p) => p.preorder_price !== null && p.sale_ok)!;
  // Only a product not in stock may be pre-ordered.
  await stockUp(request, [product.id], 0);
  const first = Math.floor((product.preorder_price! * 30) / 100);

  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await logIn(page, ...DEMO.customer, '/checkout?type=preorder');
  await storeCollection(page, 'preorder', [[product, 1]]);
  await page.reload();
  await hydrated(page, 'CheckoutPage');
  await page.getByLabel('Adresse de livraison').fill('Point E, rue 5, Dakar');
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await hydrated(page, 'OrderValidation');
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/pre-commandes\/\d+\/d%C3%A9tails$/);
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();
  // The order's details offer one instalment, never the whole total.
  await hydrated(page, 'OrderDetails');
  await expect(page.getByRole('button', { name: 'Payer cette échéance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer en ligne' })).toHaveCount(0);

  await page.goto('/profile');
  await hydrated(page, 'ProfilePage');
  const section = page.getByRole('region', { name: 'Mes échéances' });
  const order = section.getByRole('list', { name: `Échéances de ${reference}` });
  await expect(order.getByRole('listitem')).toHaveCount(3);
  await expect(order.getByRole('listitem', { name: 'Première tranche (30 %), À payer' })).toBeVisible();
  await noSeriousViolation(page);
  await order.getByRole('button', { name: new RegExp(`^Payer Première tranche \\(30 %\\) de ${reference}`) }).click();

  await expect(page).toHaveURL(/\/api\/payments\/demo\/demo-[\w-]+$/);
  await expect(page.getByText(fcfa(first))).toBeVisible();
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();

  await expect(page).toHaveURL(/\/profile#mes-echeances$/);
  await hydrated(page, 'ProfilePage');
  const after = page.getByRole('region', { name: 'Mes échéances' }).getByRole('list', { name: `Échéances de ${reference}` });
  await expect(after.getByRole('listitem', { name: 'Première tranche (30 %), Payée' })).toBeVisible();
  await expect(after.getByRole('listitem', { name: 'Deuxième tranche (30 %), À payer' })).toBeVisible();
  await expect(after.getByRole('button', { name: new RegExp(`^Payer Deuxième tranche \\(30 %\\) de ${reference}`) })).toBeVisible();
});

test('a customer pre-orders « En ligne »: the first tranche is what is paid, and /payment-state names it, then the next one', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/produits')).json()) as Product[];
  const product = products.filter((p) => p.preorder_price !== null && p.sale_ok).at(-1)!;
  await stockUp(request, [product.id], 0);
  const total = product.preorder_price!;
  const first = Math.floor((total * 30) / 100);
  const second = Math.floor((total * 30) / 100);

  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await logIn(page, ...DEMO.customer, '/checkout?type=preorder');
  await storeCollection(page, 'preorder', [[product, 1]]);
  await page.reload();
  await hydrated(page, 'CheckoutPage');
  await page.getByLabel('Adresse de livraison').fill('Point E, rue 5, Dakar');
  await page.getByRole('radio', { name: 'En ligne' }).check();
  await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
  await hydrated(page, 'OrderValidation');
  // The validation screen says what is paid online now: the first tranche, not the total.
  await expect(page.getByText(`Première tranche (30 %) — ${fcfa(first)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();

  // The provider is asked for the first tranche's amount.
  await expect(page).toHaveURL(/\/api\/payments\/demo\/demo-[\w-]+$/);
  await expect(page.getByText(fcfa(first))).toBeVisible();
  const reference = (await page
    .getByText(/BQ-[2-9A-Z]{8}/)
    .first()
    .textContent())!.match(/BQ-[2-9A-Z]{8}/)![0];

  // Back on the payment screen before paying: the amount is the tranche's, and the payment can be taken up again.
  await page.goto(`/payment-state?ref=${reference}`);
  await hydrated(page, 'PaymentState');
  await expect(page.getByTestId('payment-amount')).toHaveText(`Première tranche (30 %) — ${fcfa(first)}`);
  await expect(page.getByTestId('payment-left')).toHaveText(fcfa(total));
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Réessayer le paiement' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/demo\/demo-[\w-]+$/);
  await expect(page.getByText(fcfa(first))).toBeVisible();
  await page.getByRole('button', { name: 'Payer (paiement réussi)' }).click();
  await expect(page).toHaveURL(/\/profile#mes-echeances$/);

  // The payment screen now says the first tranche is paid and names the next one, with the way to « Mes échéances ».
  await page.goto(`/payment-state?ref=${reference}`);
  await hydrated(page, 'PaymentState');
  await expect(page.getByRole('heading', { level: 2, name: '1 échéance payée sur 3' })).toBeVisible();
  await expect(page.getByText(/^Votre première tranche \(30 %\) est payée\. Prochaine échéance : Deuxième tranche \(30 %\)/)).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText(`Deuxième tranche (30 %) — ${fcfa(second)}`);
  await expect(page.getByTestId('payment-paid')).toHaveText(fcfa(first));
  await expect(page.getByRole('link', { name: 'Mes échéances' })).toHaveAttribute('href', '/profile#mes-echeances');
  await noSeriousViolation(page);
});

test('the back office lists a parent account’s month of instalments, downloads it, and records it paid by payroll in one step', async ({
  page,
  request,
}) => {
  const [credit] = (
    (await (await request.get('/api/produits-creditcommande')).json()) as Array<{ id: number; creditorder_price: number | null }>
  ).filter((p) => p.creditorder_price != null);
  await stockUp(request, [credit!.id]);
  const admin = { 'Access-Token': await accessToken(request, 'admin') };
  const member = { 'Access-Token': await accessToken(request, 'member') };
  const placed = await request.post('/api/commandes', {
    headers: member,
    data: { type_sale: 'creditorder', credit_months: 3, order_lines: [{ id: credit!.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number; reference: string; tranches: Array<{ amount: number; due_on: string }> };
  // Confirmed once both its parent account and the shop approved it.
  const parentAccount = { 'Access-Token': await accessToken(request, 'parent') };
  expect((await request.post(`/api/compte-parent/commandes/${order.id}/approuver`, { headers: parentAccount })).ok()).toBe(true);
  const confirmed = await request.put(`/api/commandes/${order.id}`, { headers: admin, data: { state: 'confirmed' } });
  expect((await confirmed.json()).state).toBe('confirmed');
  const parents = (await (await request.get('/api/admin/comptes-parents', { headers: admin })).json()) as Array<{
    id: number;
    organisation: string;
  }>;
  const parent = parents.find((p) => p.organisation === 'Mutuelle des agents de Dakar')!;
  const month = order.tranches[0]!.due_on.slice(0, 7);

  await logIn(page, ...DEMO.admin, '/admin/prelevements');
  await hydrated(page, 'AdminPayroll');
  await page.getByLabel('Compte parent').selectOption(String(parent.id));
  await page.getByLabel('Mois', { exact: true }).fill(month);
  const line = page.getByRole('listitem').filter({ hasText: order.reference });
  await expect(line).toContainText('Mensualité 1 sur 3');
  await expect(line).toContainText('À prélever');
  await noSeriousViolation(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le fichier CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`prelevements-${parent.id}-${month}.csv`);

  await page.getByRole('button', { name: 'Enregistrer les prélèvements du mois' }).click();
  await page.getByRole('button', { name: 'Oui, enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: /enregistrées? comme payées? par prélèvement/ })).toBeVisible();
  await expect(line).toContainText('Payée');
  await expect(page.getByTestId('payroll-total')).toHaveText(/^À prélever : 0 échéance, 0\s/);
  await expect(page.getByRole('button', { name: 'Enregistrer les prélèvements du mois' })).toHaveCount(0);
});
