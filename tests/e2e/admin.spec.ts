/** Browser journeys of the back office: who gets in, the dashboard, moving an order to delivered, accepting a member. */
import { expect, test } from '@playwright/test';
import { accessToken, DEMO, hydrated, logIn, newCustomer, noSeriousViolation, stockUp, watchConsole } from '../fixtures/journeys.ts';

const { allow } = watchConsole();

test('a visitor goes to the login, a customer gets a 404, the admin gets the dashboard', async ({ page, request }) => {
  const direct = await request.get('/admin/commandes', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe('/login?redirect=%2Fadmin%2Fcommandes');

  await logIn(page, ...DEMO.customer, '/');
  allow(/status of 404/);
  const refused = await page.goto('/admin');
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toHaveCount(0);

  await page.context().clearCookies();
  await logIn(page, ...DEMO.admin, '/admin');
  const res = await page.reload();
  expect(res?.headers()['cache-control']).toBe('no-store');
  await hydrated(page, 'AdminDashboard');
  await expect(page.getByText('Commandes aujourd’hui')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Commandes par jour du / })).toBeVisible();
  await noSeriousViolation(page);
});

test('the admin finds an order by its reference and moves it from received to delivered', async ({ page, request }) => {
  const products = (await (await request.get('/api/produits')).json()) as Array<{ id: number }>;
  await stockUp(request, [products[0]!.id]);
  const customer = await accessToken(request, 'customer');
  const order = await (
    await request.post('/api/commandes', {
      headers: { 'Access-Token': customer },
      data: { order_lines: [{ id: products[0]!.id, quantity: 1 }], adresse: 'Rue 10, Médina' },
    })
  ).json();

  await logIn(page, ...DEMO.admin, '/admin/commandes');
  await hydrated(page, 'AdminOrders');
  await page.getByLabel('Référence, nom ou téléphone').fill(order.reference.toLowerCase());
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(`/admin/commandes?q=${order.reference.toLowerCase()}`);
  await expect(page.getByRole('status').filter({ hasText: '1 commande' })).toBeVisible();
  await noSeriousViolation(page);
  await page.getByRole('link', { name: new RegExp(order.reference) }).click();

  await hydrated(page, 'AdminOrder');
  await expect(page.getByText('Rue 10, Médina')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marquer livrée' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await page.getByRole('button', { name: 'Marquer expédiée' }).click();
  await expect(page.getByRole('button', { name: 'Annuler la commande' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Marquer livrée' }).click();
  await expect(page.getByText('Plus aucun changement d’état possible (Livrée).')).toBeVisible();
  await page.getByLabel('Statut du paiement').selectOption('paid');
  await page.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByText('A domicile · Paiement reçu')).toBeVisible();
  const journal = page.getByRole('region', { name: 'Journal' });
  await expect(journal.getByRole('listitem')).toHaveCount(4);
  await noSeriousViolation(page);

  const shopper = await (await request.get(`/api/getcommande/${order.id}`, { headers: { 'Access-Token': customer } })).json();
  expect([shopper.state, shopper.payment_status]).toEqual(['delivered', 'paid']);
});

test('accepting a member opens credit orders to them', async ({ page, request }) => {
  const member = await newCustomer(request, 'Ndeye Sarr');
  const login = await (
    await request.get(`/api/auth/get_tokens?${new URLSearchParams({ username: member.email, password: member.password })}`)
  ).json();
  const credit = (await (await request.get('/api/produits-creditcommande')).json()) as Array<{ id: number }>;
  await stockUp(request, [credit[0]!.id]);
  const body = {
    type_sale: 'creditorder',
    order_lines: [{ id: credit[0]!.id, quantity: 1 }],
    adresse: 'Grand Yoff, Dakar',
    telephone: '77 000 11 22',
  };
  expect((await request.post('/api/commandes', { headers: { 'Access-Token': login.access_token }, data: body })).status()).toBe(403);

  await logIn(page, ...DEMO.admin, '/admin/clients');
  await hydrated(page, 'AdminMembers');
  await page.getByLabel('Rechercher un client').fill(member.email);
  await expect(page.getByRole('status').filter({ hasText: '1 compte' })).toBeVisible();
  await page.getByRole('button', { name: 'Accepter l’adhésion de Ndeye Sarr' }).click();
  await expect(page.getByText('Adhésion acceptée', { exact: true })).toBeVisible();
  await page.getByLabel('Compte parent de Ndeye Sarr').selectOption({ label: 'Ibrahima Sarr' });
  await expect(page.getByText('Compte parent : Ibrahima Sarr')).toBeVisible();
  await noSeriousViolation(page);
  expect((await request.post('/api/commandes', { headers: { 'Access-Token': login.access_token }, data: body })).status()).toBe(201);
  // Refused from the same screen, with the reason the member reads: the same confirmation as the membership queue's.
  await page.getByRole('button', { name: 'Refuser l’adhésion de Ndeye Sarr' }).click();
  await page.getByLabel('Motif du refus de Ndeye Sarr').fill('Justificatif de revenu manquant');
  await page.getByRole('button', { name: 'Confirmer le refus de Ndeye Sarr' }).click();
  await expect(page.getByText('Demande de Ndeye Sarr refusée.')).toBeVisible();
  await expect(page.getByText('Adhésion refusée', { exact: true })).toBeVisible();
  expect((await request.post('/api/commandes', { headers: { 'Access-Token': login.access_token }, data: body })).status()).toBe(403);
});

test('“Suivi clients” shows the tracked carts, filtered by type in the URL, and what shoppers search without finding', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/produits')).json()) as Array<{ id: number; name: string }>;
  const guest = `guest-e2e-${Date.now()}`;
  const record = {
    guest_id: guest,
    location: null,
    localisation: 'Dakar, Dakar, SN',
    name: 'Khady Fall',
    phone: '221770001122',
    email: null,
    type: 'precommande',
    total: 1,
    date: new Date().toISOString(),
    produits: [{ id: products[0]!.id, nom: 'x', quantité: 2, prix: 1, location: '', panier: 'preorder', date: 'd' }],
  };
  expect((await request.post('/api/create_or_update_crm', { data: record })).ok()).toBe(true);
  const nothing = `robot-cuiseur-${Date.now() % 100000}`;
  for (let i = 0; i < 2; i++)
    expect(
      (
        await request.post('/api/termeRecherche', {
          data: { terme: nothing, source: 'boutique' },
          headers: { 'guest-id': `${guest}-${i}` },
        })
      ).ok(),
    ).toBe(true);

  await logIn(page, ...DEMO.admin, '/admin/crm');
  await hydrated(page, 'CustomerFollowUp');
  const tracked = page.getByRole('region', { name: 'Paniers suivis' });
  await expect(tracked.getByText('Khady Fall · +221770001122')).toBeVisible();
  await expect(tracked.getByText(`2 × ${products[0]!.name}`)).toBeVisible();
  await tracked.getByLabel('Type de panier').selectOption('acredit');
  await expect(page).toHaveURL('/admin/crm?type=acredit');
  await expect(tracked.getByText('Khady Fall · +221770001122')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recherches de la semaine' }).getByText(nothing).last()).toBeVisible();
  await noSeriousViolation(page);
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('« Échéances en retard » shows its totals and list without sideways scrolling', async ({ page }) => {
    await logIn(page, ...DEMO.admin, '/admin/echeances');
    await hydrated(page, 'AdminOverdue');
    await expect(page.getByRole('heading', { level: 1, name: 'Échéances en retard' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Totaux' })
        .getByRole('status')
        .filter({ hasText: /^(Aucune échéance en retard\.|\d+ échéances? en retard : )/ }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Échéances en retard' })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await noSeriousViolation(page);
  });
});
