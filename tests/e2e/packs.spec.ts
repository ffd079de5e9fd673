/** Browser journeys of the packs on a phone: links from home and listings, the pack cart, the guest booking dialog, the logged-in pack order. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, fcfa, ownConnections, frameLive, hydrated, noSeriousViolation, stockUp, watchConsole } from '../fixtures/journeys.ts';

type Pack = {
  name: string;
  sommeTotal: number;
  produits: Array<{ id: number; name: string; quantity: number; price_unit: number; stock?: number }>;
};
const GONE = "Le pack n'est plus d'actualité ou indisponible.";
const guest = {
  prenom: 'Aminata',
  nom: 'Diop',
  email: 'aminata.diop@exemple.sn',
  telephone: '77 555 44 33',
  adresse: 'Sacré-Cœur 3, villa 12, Dakar',
};

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const errors = watchConsole();
ownConnections();

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text, { exact: true });

async function pack(request: APIRequestContext, code: string): Promise<Pack> {
  return (await request.get(`/api/pack_product/${code}`)).json();
}

/** Gives a pack's products `quantity` units of stock. */
const restock = (request: APIRequestContext, p: Pick<Pack, 'produits'>, quantity = 500) =>
  stockUp(
    request,
    p.produits.map((l) => l.id),
    quantity,
  );

const stockOf = async (request: APIRequestContext, id: number) =>
  ((await (await request.get(`/api/produits/${id}`)).json()) as { quantity: number }).quantity;

async function openPack(page: Page, code: string) {
  await page.goto(`/pack-promo?code=${code}`);
  await hydrated(page, 'PackCart');
}

/** Logs the demo customer in on the login page the browser is on, and waits for the pack cart it returns to. */
async function logInToPack(page: Page) {
  await hydrated(page, 'LoginForm');
  await page.getByLabel('E-mail ou téléphone').fill(DEMO.customer[0]);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.customer[1]);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await hydrated(page, 'PackCart');
}

async function fillBooking(page: Page, values: Partial<typeof guest>) {
  const dialog = page.getByRole('dialog', { name: 'Vos informations pour la réservation' });
  const labels = { prenom: 'Prénom', nom: 'Nom', email: 'Email', telephone: 'Téléphone', adresse: 'Adresse' } as const;
  for (const [key, value] of Object.entries(values))
    await dialog.getByLabel(labels[key as keyof typeof labels], { exact: true }).fill(value);
}

test('the home page links to every pack that can be bought, a listing and /pack-promo to every pack', async ({ page, request }) => {
  const packs = (await (await request.get('/api/pack_product')).json()) as Array<{ code: string; name: string } & Pick<Pack, 'produits'>>;
  expect(packs.length).toBeGreaterThanOrEqual(3);
  // A pack short of a product is not promoted on the home page (availability.spec.ts).
  const buyable = packs.filter((p) => p.produits.every((l) => (l.stock ?? 0) >= l.quantity));
  expect(buyable.length).toBeGreaterThanOrEqual(2);
  for (const path of ['/', '/boutique', '/pack-promo']) {
    await page.goto(path);
    for (const p of path === '/' ? buyable : packs)
      await expect(page.getByRole('link', { name: new RegExp(`^${p.name}`) })).toHaveAttribute(
        'href',
        `/pack-promo?code=${encodeURIComponent(p.code)}`,
      );
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Nos packs' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${packs[0]!.name}`) }).click();
  await hydrated(page, 'PackCart');
  await expect(page.getByRole('heading', { name: packs[0]!.name })).toBeVisible();
});

test('the pack cart’s first view is the server’s: the pack, its total, the payment choice and the login link; an unknown code says so', async ({
  page,
  request,
}) => {
  const code = 'PACK-STUDIO';
  const p = await pack(request, code);
  const html = await (await request.get(`/pack-promo?code=${code}`)).text();
  for (const text of [p.name, ...p.produits.map((l) => l.name), 'Valider le Panier', 'Connectez-vous pour confirmer la commande'])
    expect(html).toContain(text);
  await page.goto(`/pack-promo?code=${code}`);
  await frameLive(page);
  await hydrated(page, 'PackCart');
  const products = page.getByRole('list', { name: 'Produits du pack' });
  await expect(products.getByRole('listitem')).toHaveCount(p.produits.length);
  for (const line of p.produits) {
    const item = products.getByRole('listitem').filter({ hasText: line.name });
    await expect(item.locator('img')).toHaveAttribute('src', /\/api\/images\//);
  }
  await expect(page.getByRole('heading', { name: p.name })).toBeVisible();
  await expect(page.getByTestId('pack-total')).toHaveText(fcfa(p.sommeTotal));
  await expect(page.getByText('Livraison gratuite sur Dakar')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'A domicile' })).toHaveAttribute('value', 'domicile');
  await expect(page.getByRole('radio', { name: 'En ligne' })).toHaveAttribute('value', 'online');
  await expect(page.getByRole('button', { name: 'Valider le Panier' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Continuer vos achats' })).toHaveAttribute('href', '/boutique');
  await expect(page.getByRole('link', { name: 'Connectez-vous pour confirmer la commande' })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(`/pack-promo?code=${code}`)}`,
  );
  await expect(toast(page, 'Merci de vous connecter pour confirmer votre commande')).toBeVisible();
  await noSeriousViolation(page);

  await page.goto('/pack-promo?code=PACK-INCONNU');
  await expect(page.getByRole('main').getByText(GONE)).toBeVisible();
  await expect(toast(page, GONE)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Voir nos packs' })).toHaveAttribute('href', '/pack-promo');
  await expect(page.getByRole('button', { name: 'Valider le Panier' })).toHaveCount(0);
});

test('a payment mode and “Valider le Panier” tapped as soon as the cart is ready open the booking', async ({ page, request }) => {
  const code = 'PACK-STUDIO';
  await restock(request, await pack(request, code));
  await page.goto(`/pack-promo?code=${code}`);
  await hydrated(page, 'PackCart');
  await page.getByRole('radio', { name: 'En ligne' }).check();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vos informations pour la réservation' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Veuillez choisir un mode de paiement')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'En ligne' })).toBeChecked();
  await expect(dialog.getByLabel('Prénom')).toBeFocused();
});

test('a logged-in shopper’s pack cart is drawn without the login link, is never cached for others, and orders on the first tap', async ({
  page,
  request,
}) => {
  const code = 'PACK-TABASKI';
  await restock(request, await pack(request, code));
  const answer = await request.get(`/pack-promo?code=${code}`);
  expect(answer.headers()['cache-control']).toMatch(/^private/);
  await page.goto(`/login?redirect=${encodeURIComponent(`/pack-promo?code=${code}`)}`);
  await hydrated(page, 'LoginForm');
  await page.getByLabel('E-mail ou téléphone').fill(DEMO.customer[0]);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.customer[1]);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`/pack-promo?code=${code}`);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Valider le Panier' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connectez-vous pour confirmer la commande' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await hydrated(page, 'PackCart');
  await page.getByRole('radio', { name: 'A domicile' }).check();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await expect(toast(page, 'Commande créé avec succés')).toBeVisible();
});

test('a guest books a pack: payment mode, every §5 message, then one order at the server’s prices, and back to the shop with its reference', async ({
  page,
  request,
}) => {
  const code = 'PACK-STUDIO';
  const p = await pack(request, code);
  await restock(request, p);
  await openPack(page, code);
  await expect(toast(page, 'Merci de vous connecter pour confirmer votre commande')).toBeVisible();
  for (const line of p.produits) await expect(page.getByRole('list', { name: 'Produits du pack' }).getByText(line.name)).toBeVisible();
  await expect(page.getByTestId('pack-total')).toHaveText(fcfa(p.sommeTotal));
  await expect(page.getByText('Livraison gratuite sur Dakar')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Continuer vos achats' })).toHaveAttribute('href', '/boutique');
  await expect(page.getByRole('link', { name: 'Connectez-vous pour confirmer la commande' })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(`/pack-promo?code=${code}`)}`,
  );
  await noSeriousViolation(page);

  // §5: no payment mode chosen.
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(page.getByRole('group', { name: 'Mode de paiement' }).getByText('Veuillez choisir un mode de paiement')).toBeVisible();
  await expect(toast(page, 'Veuillez choisir un mode de paiement')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Vos informations pour la réservation' });
  await expect(dialog).toBeHidden();

  await page.getByRole('radio', { name: 'En ligne' }).check();
  await expect(page.getByRole('group', { name: 'Mode de paiement' }).getByText('Veuillez choisir un mode de paiement')).toBeHidden();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Prénom')).toBeFocused();

  // Every required field, each message beside its field.
  await dialog.getByRole('button', { name: 'Valider ma réservation' }).click();
  for (const [label, message] of [
    ['Prénom', 'Le prénom est obligatoire.'],
    ['Nom', 'Le nom est obligatoire.'],
    ['Email', "L'adresse email est obligatoire."],
    ['Téléphone', 'Le téléphone est obligatoire.'],
    ['Adresse', "L'adresse est obligatoire."],
  ] as const) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
  }
  await noSeriousViolation(page);
  await fillBooking(page, { ...guest, email: 'aminata diop@exemple.sn', telephone: '33 800 00 00' });
  await dialog.getByRole('button', { name: 'Valider ma réservation' }).click();
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveAccessibleDescription("L'adresse email est invalide.");
  await expect(dialog.getByLabel('Téléphone', { exact: true })).toHaveAccessibleDescription(/Le numéro de téléphone est invalide\./);
  await expect(dialog.getByText('Le prénom est obligatoire.')).toBeHidden();

  // Focus stays in the dialog; Escape closes it and the typed values are still there when it opens again.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(dialog.getByLabel('Prénom')).toHaveValue(guest.prenom);

  await fillBooking(page, { email: guest.email, telephone: guest.telephone });
  await dialog.getByRole('button', { name: 'Valider ma réservation' }).click();
  await expect(dialog).toBeHidden();
  // §4: the order is made, the pack cart emptied, and the guest goes on to /boutique with the reference in a toast,
  // and, paying online, where to pay.
  await expect(page).toHaveURL('/boutique');
  await expect(
    page
      .locator('#toasts')
      .getByText(/^Paiement en ligne : payez dans les 30 minutes avec le lien reçu par SMS ou e-mail, ou depuis « Suivre ma commande »\./),
  ).toBeVisible();
  await expect(toast(page, 'Commande créé avec succés')).toBeVisible();
  const note = page.locator('#toasts').getByText(/^Réservation enregistrée : votre référence est BQ-[2-9A-Z]{8}\./);
  await expect(note).toBeVisible();
  const reference = (await note.textContent())!.match(/BQ-[2-9A-Z]{8}/)![0];
  // Shown once: a reload does not bring the toasts back.
  expect(await page.evaluate(() => sessionStorage.getItem('flashToast'))).toBeNull();

  // The order as the server keeps it: the pack's own prices, online, the reference shown.
  const tracked = await request.post('/api/tracking', { data: { reference, telephone: guest.telephone } });
  expect(tracked.status()).toBe(200);
  expect(await tracked.json()).toMatchObject({
    reference,
    state: 'sale',
    payment_mode: 'online',
    type_order: 'pack',
    amount_total: p.sommeTotal,
    order_lines: p.produits.map((l) => ({ product_id: l.id, quantity: l.quantity, price_unit: l.price_unit })),
  });
});

test('a double tap on “Valider ma réservation” makes one order', async ({ page, request }) => {
  const code = 'PACK-RAMADAN';
  const p = await pack(request, code);
  await restock(request, p, 100);
  await openPack(page, code);
  await page.getByRole('radio', { name: 'A domicile' }).check();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await fillBooking(page, { ...guest, prenom: 'Moussa', email: 'moussa@exemple.sn' });
  const posts: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/commande-sans-partner') && posts.push(r.headers()['idempotency-key'] ?? ''));
  await page.getByRole('button', { name: 'Valider ma réservation' }).dblclick();
  await expect(page).toHaveURL('/boutique');
  expect(posts).toHaveLength(1);
  for (const line of p.produits) expect(await stockOf(request, line.id)).toBe(100 - line.quantity);
});

test('a visitor logs in from the pack cart, keeps the pack, and lands on the order’s details', async ({ page, request }) => {
  const code = 'PACK-TABASKI';
  await restock(request, await pack(request, code));
  await openPack(page, code);
  await page.getByRole('link', { name: 'Connectez-vous pour confirmer la commande' }).click();
  await logInToPack(page);
  await expect(page).toHaveURL(`/pack-promo?code=${code}`);
  await expect(page.getByRole('link', { name: 'Connectez-vous pour confirmer la commande' })).toHaveCount(0);
  await expect(toast(page, 'Merci de vous connecter pour confirmer votre commande')).toHaveCount(0);
  await page.getByRole('radio', { name: 'A domicile' }).check();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  await expect(page).toHaveURL(/\/commandes\/\d+\/d%C3%A9tails$/);
  await expect(toast(page, 'Commande créé avec succés')).toBeVisible();
});

test('a logged-in order refused for stock says “Commande non validé ” and the server’s reason', async ({ page, request }) => {
  const code = 'PACK-MAISON';
  const p = await pack(request, code);
  await restock(request, p);
  await page.goto(`/login?redirect=${encodeURIComponent(`/pack-promo?code=${code}`)}`);
  await logInToPack(page);
  const short = p.produits[0]!;
  await restock(request, { ...p, produits: [short] }, 0);
  await page.getByRole('radio', { name: 'En ligne' }).check();
  errors.allow(/status of 409/, /Erreur lors de la création du modèle/);
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Commande non validé');
  await expect(alert).toContainText(`Stock insuffisant pour « ${short.name} » : il n’en reste plus.`);
  await expect(toast(page, 'Commande non validé')).toBeVisible();
  await restock(request, p);
});

test('an unknown pack code shows §8’s toast and a way back to the shop', async ({ page }) => {
  errors.allow(/status of 404/, /Erreur lors de la récupération du pack/);
  await openPack(page, 'PACK-INCONNU');
  await expect(toast(page, GONE)).toBeVisible();
  await expect(page.getByRole('main').getByText(GONE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Valider le Panier' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Continuer vos achats' }).click();
  await expect(page).toHaveURL('/boutique');
});

test('the booking dialog still reaches its button with the on-screen keyboard open', async ({ page, request }) => {
  await restock(request, await pack(request, 'PACK-STUDIO'));
  await openPack(page, 'PACK-STUDIO');
  await page.getByRole('radio', { name: 'En ligne' }).check();
  await page.getByRole('button', { name: 'Valider le Panier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vos informations pour la réservation' });
  await expect(dialog).toBeVisible();
  // What a 360 × 740 phone leaves visible above its keyboard.
  await page.setViewportSize({ width: 360, height: 400 });
  await expect.poll(async () => (await dialog.boundingBox())!.height).toBeLessThanOrEqual(400);
  const submit = dialog.getByRole('button', { name: 'Valider ma réservation' });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeVisible();
});
