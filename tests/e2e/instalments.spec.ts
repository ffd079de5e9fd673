/** Browser journey of « Mes échéances » (§6): a pre-order's first tranche paid online through the demonstration provider, on a phone. */
import { expect, test } from '@playwright/test';
import {
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
