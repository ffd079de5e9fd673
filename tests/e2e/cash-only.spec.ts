/**
 * A shop with no online provider (production without Wave's or Orange Money's keys, nor the demonstration): 'En ligne' is
 * offered nowhere (§2), payment on delivery everywhere. It runs on its own shop (tests/fixtures/other-shop.ts), on a phone.
 */
import { expect } from '@playwright/test';
import {
  checkoutOneProduct,
  guestPackBooking,
  hydrated,
  noSeriousViolation,
  ownConnections,
  stockedPack,
  watchConsole,
} from '../fixtures/journeys.ts';
import { test } from '../fixtures/other-shop.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, shopEnv: { DEMO_PAYMENTS: 'false' } });
watchConsole();
ownConnections();

test('offers no ‘En ligne’: the home page, the footer, the pack cart and the checkout say payment on delivery', async ({
  page,
  request,
}) => {
  expect(await (await request.get('/api/paiement/moyens')).json()).toEqual({ providers: [], demo: [] });
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Moyens de paiement acceptés' }).getByRole('listitem')).toHaveText([
    'Paiement à la livraison',
  ]);
  await expect(page.getByRole('heading', { level: 3, name: 'Paiement à la livraison' })).toBeVisible();
  await expect(page.getByText(/Wave|Orange Money/)).toHaveCount(0);

  await stockedPack(request);
  await page.goto('/pack-promo?code=PACK-STUDIO');
  await hydrated(page, 'PackCart');
  const choice = page.getByRole('group', { name: 'Mode de paiement' });
  await expect(choice.getByRole('radio')).toHaveCount(1);
  // The one way to pay is chosen: 'Valider le Panier' goes on to the booking.
  await expect(choice.getByRole('radio', { name: 'A domicile' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'En ligne' })).toHaveCount(0);
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(page.getByRole('dialog', { name: 'Vos informations pour la réservation' })).toBeVisible();

  await checkoutOneProduct(page, request);
  await expect(page.getByRole('group', { name: 'Mode de paiement' }).getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'A domicile' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'En ligne' })).toHaveCount(0);
});

test('an order left to pay online is offered payment on delivery, and no provider', async ({ page, request }) => {
  // The server still takes such an order (placed before the keys went, or by another storefront): it refuses paying it online.
  const order = await guestPackBooking(request, '773214567', 'awa.diop@exemple.sn', 'online');
  await page.goto(`/payment-state?ref=${order.reference}&t=${order.payment_token}`);
  await hydrated(page, 'PaymentState');
  await expect(page.getByRole('button', { name: 'Payer à la livraison' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Payer (maintenant|avec)/ })).toHaveCount(0);
  await expect(page.getByTestId('payment-provider')).toHaveCount(0);
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Payer à la livraison' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'À payer à la livraison' })).toBeVisible();
});
