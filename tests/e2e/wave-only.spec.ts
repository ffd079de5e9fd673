/**
 * A shop whose only online provider is Wave (§2 'En ligne'): Orange Money is offered nowhere, neither as a choice nor in
 * the footer. It runs on its own shop (tests/fixtures/other-shop.ts), on a phone.
 */
import { expect } from '@playwright/test';
import {
  bookPackAsGuest,
  hydrated,
  noSeriousViolation,
  ownConnections,
  stockedPack,
  trackOrder,
  watchConsole,
} from '../fixtures/journeys.ts';
import { test } from '../fixtures/other-shop.ts';

// Wave with its key, at an address where nothing answers: 'Payer en ligne' meets the server's 503 and its way on.
test.use({
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  shopEnv: { DEMO_PAYMENTS: 'false', WAVE_API_KEY: 'wave_sn_test_journeys', WAVE_API_URL: 'http://127.0.0.1:9' },
});
const { allow } = watchConsole();
ownConnections();

const guest = { Prénom: 'Awa', Nom: 'Diop', Email: 'awa.diop@exemple.sn', Téléphone: '77 321 45 67', Adresse: 'Mermoz, Dakar' };

test('names Wave alone, in the pack cart, the footer, the order’s tracking and the payment screen', async ({ page, request }) => {
  allow(/status of 503/, /FetchError|Erreur/);
  expect(await (await request.get('/api/paiement/moyens')).json()).toEqual({ providers: ['wave'], demo: [] });
  await stockedPack(request);
  await page.goto('/pack-promo?code=PACK-STUDIO');
  await hydrated(page, 'PackCart');
  await expect(page.getByRole('list', { name: 'Moyens de paiement acceptés' }).getByRole('listitem')).toHaveText([
    'Wave',
    'Paiement à la livraison',
  ]);
  const choice = page.getByRole('group', { name: 'Mode de paiement' });
  await choice.getByRole('radio', { name: 'En ligne' }).check();
  // One provider: named, nothing to choose.
  await expect(choice).toContainText('Payer en ligne avec Wave');
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(page.getByText('Orange Money')).toHaveCount(0);
  await noSeriousViolation(page);
  const booked = await bookPackAsGuest(page, guest);

  await trackOrder(page, booked, guest.Téléphone);
  await expect(page.getByTestId('payment-status')).toHaveText('Paiement en attente');
  await expect(page.getByText('Payer en ligne avec Wave')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Wave|Orange Money/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Payer en ligne' }).click();

  // Wave does not answer: the payment screen offers Wave again and delivery, never Orange Money.
  await expect(page).toHaveURL(new RegExp(`/payment-state\\?ref=${booked}$`));
  await hydrated(page, 'PaymentState');
  await expect(page.getByTestId('payment-provider')).toHaveText('Paiement en ligne avec Wave');
  await expect(page.getByRole('button', { name: 'Payer maintenant' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Payer à la livraison' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Payer avec/ })).toHaveCount(0);
  await expect(page.getByText('Orange Money')).toHaveCount(0);
});
