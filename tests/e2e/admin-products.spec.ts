/** Browser journeys of the back office's products: create one with a photo and find it in the shop, change its price, export and import the catalogue as CSV. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { accessToken, DEMO, fcfa, hydrated, logIn, noSeriousViolation, stockUp, watchConsole } from '../fixtures/journeys.ts';

watchConsole();

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Picks a file through the screen's own button, as a person would. */
async function choose(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()]);
  await chooser.setFiles(file);
}

/** A product made through the API, for journeys about something else than creating one. */
async function apiProduct(request: APIRequestContext, name: string, price: number): Promise<number> {
  const res = await request.post('/api/produits', {
    headers: { 'Access-Token': await accessToken(request, 'admin') },
    data: { name, list_price: price, quantity: 5 },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the admin creates a product with a photo, checked field by field, and shoppers find it in /boutique', async ({ page }) => {
    const name = `Ventilateur Teranga ${stamp()}`;
    await logIn(page, ...DEMO.admin, '/admin/produits');
    await hydrated(page, 'AdminProducts');
    await expect(page.getByRole('status').filter({ hasText: /\d+ produits/ })).toBeVisible();
    await noSeriousViolation(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('link', { name: 'Nouveau produit' }).click();
    await hydrated(page, 'AdminProduct');
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page.getByText('Le champ « Nom » est obligatoire.')).toBeVisible();
    await expect(page.getByText('Le champ « Prix » doit être un nombre.')).toBeVisible();
    await expect(page.getByLabel('Nom', { exact: true })).toBeFocused();
    await noSeriousViolation(page);

    await page.getByLabel('Nom', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Trois vitesses, télécommande, idéal pour Dakar en saison chaude.');
    await page.getByLabel('Catégorie').selectOption({ label: 'VENTILATEUR' });
    await page.getByRole('checkbox', { name: 'Nouveauté' }).check();
    await page.getByLabel('Prix', { exact: true }).fill('27 500');
    await page.getByRole('textbox', { name: 'Stock' }).fill('12');
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1f6feb' } })
      .png()
      .toBuffer();
    await choose(page, 'Choisir une photo', { name: 'ventilateur.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: 'Aperçu de la photo choisie' })).toBeVisible();
    await page.getByRole('button', { name: 'Créer le produit' }).click();

    await expect(page).toHaveURL(/\/admin\/produits\/\d+$/);
    await hydrated(page, 'AdminProduct');
    await expect(page.getByText(`Produit « ${name} » créé.`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo actuelle du produit' })).toHaveAttribute(
      'src',
      /^\/api\/images\/[a-z0-9]+\/256\.webp$/,
    );
    const journal = page.getByRole('region', { name: 'Journal' });
    await expect(journal.getByRole('listitem')).toHaveCount(2);
    await expect(journal).toContainText('Photo : image : aucune → nouvelle');
    await expect(journal).toContainText(`Création : Nom : — → ${name}`);
    await noSeriousViolation(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto(`/boutique?search=${encodeURIComponent(name)}`);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(fcfa(27500));
    await expect(card.locator('img')).toHaveAttribute('src', /\/api\/images\/[a-z0-9]+\/256\.webp$/);
  });
});

test('the admin finds a product by its name, changes its price, and the shop’s product page follows', async ({ page, request }) => {
  const name = `Réfrigérateur Sahel ${stamp()}`;
  const id = await apiProduct(request, name, 310000);
  await logIn(page, ...DEMO.admin, '/admin/produits');
  await hydrated(page, 'AdminProducts');
  const typed = name.toLowerCase().replaceAll('é', 'e');
  await page.getByLabel('Nom du produit').fill(typed);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(`/admin/produits?${new URLSearchParams({ q: typed })}`);
  await expect(page.getByRole('status').filter({ hasText: '1 produit' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(fcfa(310000));
  await page.getByRole('link', { name }).click();

  await hydrated(page, 'AdminProduct');
  await expect(page.getByLabel('Prix', { exact: true })).toHaveValue('310000');
  await page.getByLabel('Prix', { exact: true }).fill('289 000');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Produit enregistré.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Journal' })).toContainText(`Modification : Prix : ${fcfa(310000)} → ${fcfa(289000)}`);

  await page.goto(`/produits/${id}/details`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(fcfa(289000)).first()).toBeVisible();
  await expect(page.getByText(fcfa(310000))).toHaveCount(0);
});

test('the admin exports the catalogue, and imports an edited file after its preview, all or nothing', async ({ page, request }) => {
  const name = `Climatiseur Baobab ${stamp()}`;
  const id = await apiProduct(request, name, 350000);
  await logIn(page, ...DEMO.admin, '/admin/produits/import');
  await hydrated(page, 'AdminProductImport');
  await noSeriousViolation(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le catalogue (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = Buffer.from(await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts)));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  const [header] = lines;
  expect(header).toBe(
    'id;nom;description;catégorie;étiquettes;prix;prix promo;en promo;prix précommande;à crédit;prix crédit;en vente;rang;stock',
  );
  const ours = lines.find((l) => l.startsWith(`${id};`))!;
  expect(ours).toContain(`;${name};`);

  const newName = `Split Téranga ${stamp()}`;
  const file = (rows: string[]) => ({
    name: 'catalogue-modifié.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\ufeff${[header, ...rows].join('\r\n')}\r\n`),
  });
  const edited = ours.replace(';350000;', ';329000;');
  await choose(page, 'Choisir un fichier CSV', file([edited, `;${newName};Split mural 12 000 BTU;SPLIT;;abc;;non;;non;;oui;1;4`]));
  await expect(page.getByRole('cell', { name: /Le champ « prix » doit être un nombre\./ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importer' })).toBeDisabled();

  await choose(page, 'Choisir un fichier CSV', file([edited, `;${newName};Split mural 12 000 BTU;SPLIT;;395 000;;non;;non;;oui;1;4`]));
  const summary = page.getByRole('list', { name: 'Résumé de l’import' });
  await expect(summary).toContainText('1 à créer');
  await expect(summary).toContainText('1 à mettre à jour');
  await noSeriousViolation(page);
  await page.getByRole('button', { name: 'Importer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'importé : 1 créé, 1 mis à jour' })).toBeVisible();
  await expect(page.getByText('Import terminé : 1 produit créé, 1 mis à jour.')).toBeVisible();

  expect(((await (await request.get(`/api/produits/${id}`)).json()) as { list_price: number }).list_price).toBe(329000);
  const found = (await (await request.get(`/api/produits-filtrer?search=${encodeURIComponent(newName)}`)).json()) as {
    products: Array<{ name: string; list_price: number; categ_id: string }>;
  };
  expect(found.products).toEqual([expect.objectContaining({ name: newName, list_price: 395000, categ_id: 'SPLIT' })]);
});

test('deleting a product in an open order withdraws it from sale instead, and the screen says so', async ({ page, request }) => {
  const name = `Mixeur Lac Rose ${stamp()}`;
  const id = await apiProduct(request, name, 24000);
  await stockUp(request, [id], 10);
  const customer = await accessToken(request, 'customer');
  expect(
    (
      await request.post('/api/commandes', {
        headers: { 'Access-Token': customer },
        data: { order_lines: [{ id, quantity: 1 }], adresse: 'Rue 6, Grand Yoff' },
      })
    ).status(),
  ).toBe(201);

  await logIn(page, ...DEMO.admin, `/admin/produits/${id}`);
  await hydrated(page, 'AdminProduct');
  await expect(page.getByRole('checkbox', { name: /En vente/ })).toBeChecked();
  await page.getByRole('button', { name: 'Supprimer le produit' }).click();
  await expect(page.getByRole('group', { name: `Supprimer « ${name} » ? C’est définitif.` })).toContainText(
    'S’il figure dans des commandes, il est retiré de la vente au lieu d’être supprimé.',
  );
  await page.getByRole('button', { name: 'Oui, supprimer' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Produit non supprimé : retiré de la vente.' });
  await expect(notice).toContainText(
    `Le produit « ${name} » figure dans des commandes : il est retiré de la vente au lieu d’être supprimé.`,
  );
  await expect(page.getByRole('checkbox', { name: /En vente/ })).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Journal' })).toContainText('Retrait de la vente : En vente : oui → non');
  await expect(page.getByRole('button', { name: 'Supprimer le produit' })).toBeHidden();
  await noSeriousViolation(page);
  expect(page.url()).toMatch(new RegExp(`/admin/produits/${id}$`));
  expect((await request.get(`/api/produits/${id}`)).status()).toBe(404);
});
