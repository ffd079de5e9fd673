/** Browser journey of the words shoppers use (§9 search): the retailer adds a synonym in the back office, the suggestion box finds by it, and a word that finds nothing shows under "Sans résultat". */
import { expect, test } from '@playwright/test';
import { DEMO, hydrated, logIn, noSeriousViolation, watchConsole } from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
// The refusal the journey provokes on purpose is logged (§8).
const { allow } = watchConsole();
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' }), (d) =>
    d.getByRole('button', { name: 'Fermer l’offre spéciale' }).click(),
  );
});

test('a synonym the retailer adds finds products at once, and a suggestion that found nothing is counted', async ({ page }) => {
  await logIn(page, ...DEMO.admin, '/admin/synonymes');
  await hydrated(page, 'AdminSynonyms');
  const table = page.getByRole('region', { name: 'Synonymes' });
  await expect(table.getByRole('button', { name: 'Modifier frigo → réfrigérateur' })).toBeVisible();
  const adding = page.getByRole('region', { name: 'Nouveau synonyme' });
  await adding.getByLabel('Mot des clients').fill('ventilo');
  await adding.getByLabel('Mot du catalogue').fill('ventilateur');
  await adding.getByRole('button', { name: 'Ajouter' }).click();
  const row = table.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Supprimer ventilo → ventilateur' }) });
  await expect(row).toBeVisible();
  // One meaning per word: a second one is refused in French.
  allow(/\/api\/admin\/synonymes": 409/, /status of 409 \(Conflict\)/);
  await adding.getByLabel('Mot des clients').fill('Ventilo');
  await adding.getByLabel('Mot du catalogue').fill('brasseur');
  await adding.getByRole('button', { name: 'Ajouter' }).click();
  await expect(adding.getByRole('alert')).toHaveText('Le mot « Ventilo » a déjà un équivalent.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolation(page);

  await page.goto('/boutique');
  await hydrated(page, 'SearchBox');
  const box = page.getByRole('combobox', { name: 'Rechercher un produit' });
  await box.fill('VENTILO');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toContainText('Ventilateur');

  const nothing = `plancha${Date.now() % 100000}`;
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/termeRecherche/sans-resultat') && r.status() === 201);
  await box.fill(nothing);
  await expect(page.getByText('Aucun résultat trouvé')).toBeVisible();
  await counted;

  await page.goto('/admin/crm');
  await hydrated(page, 'CustomerFollowUp');
  const searches = page.getByRole('region', { name: 'Recherches de la semaine' });
  await expect(searches.getByRole('heading', { name: 'Sans résultat' })).toBeVisible();
  await expect(searches.getByText(nothing)).toBeVisible();

  await page.goto('/admin/synonymes');
  await hydrated(page, 'AdminSynonyms');
  await table.getByRole('button', { name: 'Supprimer ventilo → ventilateur' }).click();
  await expect(row).toHaveCount(0);
});
