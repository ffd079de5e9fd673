/** Browser journey of the profile's delivery addresses on a phone: « Mes adresses », then the pack cart and checkout prefilled, and a pack order carrying the address it was given. */
import { expect, test, type Page } from '@playwright/test';
import {
  hydrated,
  logIn,
  newCustomer,
  noSeriousViolation,
  ownConnections,
  stockUp,
  storeCollection,
  watchConsole,
} from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
watchConsole();
ownConnections();

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' }), (d) =>
    d.getByRole('button', { name: 'Fermer l’offre spéciale' }).click(),
  );
});

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text, { exact: true });

async function addAddress(page: Page, label: string, adresse: string, telephone: string) {
  const form = page.getByRole('form', { name: 'Ajouter une adresse' });
  await form.getByLabel('Nom de l’adresse').fill(label);
  await form.getByLabel('Adresse de livraison').fill(adresse);
  await form.getByLabel('Numéro à appeler à la livraison').fill(telephone);
  await form.getByRole('button', { name: 'Ajouter l’adresse' }).click();
  await expect(toast(page, `Adresse « ${label} » enregistrée.`)).toBeVisible();
}

test('a customer keeps a default address in the profile; the pack cart and checkout come prefilled, and the pack order carries the address given', async ({
  page,
  request,
}) => {
  const me = await newCustomer(request, 'Khady Ndiaye');
  await logIn(page, me.email, me.password, '/profile');
  await hydrated(page, 'ProfilePage');
  const book = page.getByRole('region', { name: 'Mes adresses' });
  await expect(book.getByText('Aucune adresse enregistrée : ajoutez celle où livrer vos commandes.')).toBeVisible();

  // §5 messages beside each field.
  const form = book.getByRole('form', { name: 'Ajouter une adresse' });
  await form.getByLabel('Numéro à appeler à la livraison').fill('33 800 00 00');
  await form.getByRole('button', { name: 'Ajouter l’adresse' }).click();
  await expect(form.getByLabel('Adresse de livraison')).toHaveAccessibleDescription(/L'adresse est obligatoire\./);
  await expect(form.getByLabel('Numéro à appeler à la livraison')).toHaveAccessibleDescription(/Le numéro de téléphone est invalide\./);

  await addAddress(page, 'Maison', 'Mermoz, villa 7, Dakar', '77 123 45 67');
  const list = book.getByRole('list', { name: 'Adresses de livraison' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('Par défaut');
  await addAddress(page, 'Bureau', 'Plateau, rue Carnot 12, Dakar', '78 222 33 44');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await book.getByRole('button', { name: 'Choisir par défaut : Bureau' }).click();
  await expect(toast(page, '« Bureau » est votre adresse par défaut.')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Bureau');
  await expect(list.getByRole('listitem').first()).toContainText('+221 78 222 33 44');

  // Drawn by the server on the next visit, the default first.
  await page.reload();
  await hydrated(page, 'ProfilePage');
  await expect(list.getByRole('listitem').first()).toContainText('BureauPar défaut');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Maison');
  await noSeriousViolation(page);

  // Changed in place: "Modifier" takes the shopper to the form, filled with the address.
  await book.getByRole('button', { name: 'Modifier l’adresse Maison' }).click();
  const edit = book.getByRole('form', { name: 'Modifier l’adresse Maison' });
  await expect(edit.getByLabel('Nom de l’adresse')).toBeFocused();
  await expect(edit.getByLabel('Adresse de livraison')).toHaveValue('Mermoz, villa 7, Dakar');
  await edit.getByLabel('Adresse de livraison').fill('Mermoz, villa 9, Dakar');
  await edit.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
  await expect(toast(page, 'Adresse « Maison » enregistrée.')).toBeVisible();
  await expect(list.getByRole('listitem').nth(1)).toContainText('Mermoz, villa 9, Dakar');
  await expect(book.getByRole('form', { name: 'Ajouter une adresse' })).toBeVisible();

  // The pack cart asks where to deliver, prefilled from the default address.
  const code = 'PACK-STUDIO';
  const pack = (await (await request.get(`/api/pack_product/${code}`)).json()) as { produits: Array<{ id: number }> };
  await stockUp(
    request,
    pack.produits.map((p) => p.id),
  );
  await page.goto(`/pack-promo?code=${code}`);
  await hydrated(page, 'PackCart');
  const address = page.getByLabel('Adresse de livraison');
  await expect(address).toHaveValue('Plateau, rue Carnot 12, Dakar');
  await expect(page.getByLabel('Téléphone')).toHaveValue('221782223344');
  await page.getByRole('radio', { name: 'A domicile' }).check();
  await address.fill('');
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(address).toHaveAccessibleDescription("L'adresse est obligatoire.");
  await noSeriousViolation(page);
  await address.fill('Plateau, rue Carnot 12, 3e étage, Dakar');
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await expect(page.getByText('Plateau, rue Carnot 12, 3e étage, Dakar')).toBeVisible();
  await expect(page.getByText('221782223344')).toBeVisible();

  // Checkout too starts from the default address.
  const products = (await (await request.get('/api/produits')).json()) as Array<{ id: number; en_promo: boolean; quantity: number }>;
  const product = products.find((p) => !p.en_promo)!;
  await stockUp(request, [product.id]);
  await page.goto('/cart');
  await storeCollection(page, 'cart', [[product, 1]]);
  await page.reload();
  await page.getByRole('link', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL('/checkout?type=order');
  await hydrated(page, 'CheckoutPage');
  await expect(page.getByLabel('Adresse de livraison')).toHaveValue('Plateau, rue Carnot 12, Dakar');
  await expect(page.getByLabel('Téléphone')).toHaveValue('221782223344');
});
