/** Browser journeys of the back office's catalogue: a pack created, shared and switched off; categories and tags renamed, deleted, refused. */
import { expect, test } from '@playwright/test';
import { householdCap } from '../../src/domain/quantity.ts';
import { accessToken, DEMO, fcfa, hydrated, logIn, noSeriousViolation, watchConsole } from '../fixtures/journeys.ts';

const { allow } = watchConsole();
const stamp = () => `${Date.now()}`.slice(-6);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the admin creates a pack, copies its link, and a shopper opening it sees its products and total; switched off, it is gone', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [first, second] = (
      (await (await request.get('/api/produits-filtrer?limit=2')).json()) as { products: Array<{ id: number; name: string }> }
    ).products;
    const code = `PACK-E2E-${stamp()}`;

    await logIn(page, ...DEMO.admin, '/admin/packs');
    await hydrated(page, 'AdminPacks');
    await page.getByRole('button', { name: 'Nouveau pack' }).click();
    await page.getByLabel('Nom du pack').fill('Pack Korité e2e');
    await page.getByLabel('Code du pack').fill(code.toLowerCase());
    await expect(page.getByLabel('Code du pack')).toHaveValue(code);
    await page.getByRole('button', { name: 'Enregistrer le pack' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ajoutez au moins un produit au pack.');

    for (const p of [first!, second!]) {
      await page.getByLabel('Ajouter un produit').fill(p.name.split(' ').slice(0, 3).join(' '));
      await page.getByRole('button', { name: new RegExp(`^Ajouter ${p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
    }
    await page.getByLabel(`Quantité de ${second!.name}`).fill('2');
    await page.getByLabel(`Prix unitaire (F CFA) de ${first!.name}`).fill('100000');
    await page.getByLabel(`Prix unitaire (F CFA) de ${second!.name}`).fill('12500');
    await expect(page.locator('output')).toHaveText(fcfa(125000));
    await page.getByLabel(`Quantité de ${second!.name}`).fill('0');
    await page.getByRole('button', { name: 'Enregistrer le pack' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `La quantité doit être comprise entre 1 et ${householdCap} (limite par foyer d’une commande).`,
    );
    await expect(page.getByLabel(`Quantité de ${second!.name}`)).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(`Quantité de ${second!.name}`).fill('2');
    await noSeriousViolation(page);
    await page.getByRole('button', { name: 'Enregistrer le pack' }).click();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pack Korité e2e' }) });
    await expect(card).toContainText(code);
    await expect(card).toContainText(fcfa(125000));
    const link = `${baseURL}/pack-promo?code=${code}`;
    await expect(card.getByRole('link', { name: link })).toBeVisible();
    await card.getByRole('button', { name: 'Copier le lien de Pack Korité e2e' }).click();
    await expect(page.getByText('Lien copié.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await noSeriousViolation(page);

    await page.getByRole('link', { name: link }).click();
    await hydrated(page, 'PackCart');
    await expect(page).toHaveURL(link);
    await expect(page.getByText(first!.name)).toBeVisible();
    await expect(page.getByText(second!.name)).toBeVisible();
    await expect(page.getByTestId('pack-total')).toHaveText(fcfa(125000));

    await page.goto('/admin/packs');
    await hydrated(page, 'AdminPacks');
    await card.getByRole('switch', { name: 'Proposé aux clients : Pack Korité e2e' }).uncheck();
    await expect(page.getByText('« Pack Korité e2e » n’est plus proposé.')).toBeVisible();
    await page.reload();
    await expect(card.getByRole('switch')).not.toBeChecked();
    expect((await request.get(`/api/pack_product/${code}`)).status()).toBe(404);
    allow(/status of 404/, /^Erreur lors de la récupération du pack PACK-E2E-/);
    await page.goto(link);
    await expect(page.getByText("Le pack n'est plus d'actualité ou indisponible.").first()).toBeVisible();
  });

  test('the categories screen is usable and accessible at 360 px', async ({ page }) => {
    await logIn(page, ...DEMO.admin, '/admin/categories');
    await hydrated(page, 'AdminCategories');
    await expect(page.getByRole('heading', { name: /^Étiquettes/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await noSeriousViolation(page);
  });
});

test('the admin creates, renames and deletes a category and a tag, and sees a used category refused with its count', async ({
  page,
  request,
}) => {
  const admin = await accessToken(request, 'admin');
  const used = (
    (await (await request.get('/api/admin/categories', { headers: { 'Access-Token': admin } })).json()) as Array<{
      name: string;
      products: number;
    }>
  ).find((c) => c.products > 1)!;
  const name = `Four e2e ${stamp()}`;

  await logIn(page, ...DEMO.admin, '/admin/categories');
  await hydrated(page, 'AdminCategories');
  await expect(page.getByText(/ne sont jamais montrées aux clients/)).toBeVisible();
  const categories = page.getByRole('region', { name: /^Catégories/ });
  await categories.getByLabel('Nouvelle catégorie').fill(name);
  await categories.getByRole('button', { name: 'Ajouter nouvelle catégorie' }).click();
  await expect(page.getByText('Catégorie créée.')).toBeVisible();
  const row = categories.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Aucun produit');

  await row.getByRole('button', { name: `Renommer ${name}` }).click();
  await categories.getByLabel(`Nouveau nom de ${name}`).fill(`${name} rapide`);
  await categories.getByRole('button', { name: 'Enregistrer' }).click();
  const renamed = categories.getByRole('listitem').filter({ hasText: `${name} rapide` });
  await expect(renamed).toBeVisible();

  allow(/status of 409/, /Erreur lors de la suppression/);
  const usedRow = categories.getByRole('listitem').filter({ has: page.getByText(used.name, { exact: true }) });
  await expect(usedRow).toContainText(`${used.products} produits`);
  await usedRow.getByRole('button', { name: `Supprimer ${used.name}` }).click();
  await usedRow.getByRole('button', { name: 'Oui, supprimer' }).click();
  await expect(usedRow.getByRole('alert')).toHaveText(
    `La catégorie « ${used.name} » est utilisée par ${used.products} produits : retirez-les d’abord.`,
  );
  await noSeriousViolation(page);

  await renamed.getByRole('button', { name: `Supprimer ${name} rapide` }).click();
  await expect(renamed.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await renamed.getByRole('button', { name: 'Oui, supprimer' }).click();
  await expect(page.getByText('Catégorie supprimée.')).toBeVisible();
  await expect(categories.getByText(`${name} rapide`)).toHaveCount(0);
  const list = (await (await request.get('/api/categories')).json()) as Array<{ name: string }>;
  expect(list.map((c) => c.name)).toContain(used.name);
  expect(list.map((c) => c.name)).not.toContain(`${name} rapide`);

  const tags = page.getByRole('region', { name: /^Étiquettes/ });
  await tags.getByLabel('Nouvelle étiquette').fill(`Magal ${stamp()}`);
  await tags.getByRole('button', { name: 'Ajouter nouvelle étiquette' }).click();
  const tag = tags.getByRole('listitem').filter({ hasText: 'Magal' });
  await tag.getByRole('button', { name: /^Supprimer Magal/ }).click();
  await tag.getByRole('button', { name: 'Oui, supprimer' }).click();
  await expect(page.getByText('Étiquette supprimée.')).toBeVisible();
  await expect(tags.getByText(/^Magal/)).toHaveCount(0);
});
