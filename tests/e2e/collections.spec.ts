/** Browser journeys of §2–§4: the four collections, header counts, CRM calls, the special-offer popup. */
import { expect, test, type Page } from '@playwright/test';
import { encodeMirror, mirrorCookies } from '../../src/domain/mirror.ts';
import { capHint, capNotice, householdCap } from '../../src/domain/quantity.ts';
import { accessToken, frameLive, holdIslandCode, hydrated, scriptsOf, watchConsole, axeViolations } from '../fixtures/journeys.ts';

// Any console error or uncaught error fails a journey.
watchConsole();

type ApiProduct = {
  id: number;
  name: string;
  list_price: number;
  en_promo: boolean;
  promo_price: number | null;
  preorder_price: number | null;
  creditorder_price: number | null;
  is_creditorder: boolean;
  categ_id: string | null;
  image_256: string | null;
  quantity: number;
};
type Seed = Partial<Record<'cart' | 'wishlist' | 'preorder' | 'creditOrder', { product: ApiProduct; quantity: number }[]>>;

const fcfa = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', maximumFractionDigits: 0 }).format(n);
const price = (p: ApiProduct) => (p.en_promo && p.promo_price != null ? p.promo_price : p.list_price);

let catalogue: ApiProduct[];
test.beforeAll(async ({ request }) => {
  catalogue = await (await request.get('/api/produits')).json();
});
const pick = (pred: (p: ApiProduct) => boolean) => {
  const p = catalogue.find(pred);
  if (!p) throw new Error('no such product in the demo catalogue');
  return p;
};

/**
 * Puts collections in browser storage once (not again on reload), with their cookie mirrors as the stores keep them, so
 * the server draws the same lines; the popup closed "just now" unless asked.
 */
async function seed(page: Page, data: Seed, opts: { popup?: boolean } = {}) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies(
    Object.entries(data)
      .filter(([, lines]) => lines.length > 0)
      .map(([key, lines]) => ({
        name: mirrorCookies[key as keyof Seed],
        value: encodeMirror(lines.map((l) => ({ id: l.product.id, quantity: l.quantity }))),
        url,
      })),
  );
  await page.addInitScript(
    ({ data, popup }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [key, lines] of Object.entries(data)) {
        localStorage.setItem(
          key,
          JSON.stringify(lines.map((l) => ({ ...l, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }))),
        );
      }
      if (!popup) localStorage.setItem('popupLastClosed', String(Date.now()));
    },
    { data, popup: opts.popup ?? false },
  );
  // The popup comes back every 10 s; journeys not about it close it whenever it shows up.
  if (!opts.popup)
    await page.addLocatorHandler(page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' }), (d) =>
      d.getByRole('button', { name: 'Fermer l’offre spéciale' }).click(),
    );
}

const header = (page: Page) => page.getByRole('banner');
/** The CRM call whose record has this type and total (a seeded state is reported first, at start). */
const crmCall = (page: Page, type: string, total: number) =>
  page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/create_or_update_crm') &&
      r.method() === 'POST' &&
      r.postDataJSON()?.type === type &&
      r.postDataJSON()?.total === total,
  );
const island = (page: Page) => page.locator('astro-island[component-url*="/CollectionPage."]');
/** The screen's island has hydrated: a tap runs its own handler. */
const ready = (page: Page) => hydrated(page, 'CollectionPage');
/** The same, for journeys on a fake clock (hydrated() waits on animation frames, which that clock holds). */
const readyOnClock = (page: Page) => expect(island(page)).not.toHaveAttribute('ssr');

test('cart: lines, totals, counts, steppers, remove, reload, and the CRM call with type commande', async ({ page }) => {
  const promo = pick((p) => p.en_promo && p.promo_price != null);
  const plain = pick((p) => !p.en_promo && p.id !== promo.id);
  await seed(page, {
    cart: [
      { product: promo, quantity: 2 },
      { product: plain, quantity: 1 },
    ],
  });
  await page.goto('/cart');
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon panier' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Panier : 3 articles' })).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText(fcfa(2 * price(promo) + price(plain)));
  await expect(page.getByRole('region', { name: 'Récapitulatif' }).getByText('Livraison gratuite sur Dakar')).toBeVisible();

  const crm = crmCall(page, 'commande', 2 * price(plain));
  await page.getByRole('button', { name: `Augmenter la quantité de ${plain.name}` }).click();
  await expect(page.getByTestId('total')).toHaveText(fcfa(2 * price(promo) + 2 * price(plain)));
  await page.getByRole('button', { name: `Retirer ${promo.name}` }).click();
  await expect(page.getByRole('link', { name: promo.name })).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();
  const body = (await crm).postDataJSON();
  expect(body).toMatchObject({
    type: 'commande',
    total: 2 * price(plain),
    produits: [{ id: plain.id, nom: plain.name, quantité: 2, prix: price(plain), panier: 'cart' }],
  });
  expect(body.guest_id).toMatch(/^[A-Za-z0-9-]{8,}$/);
  expect(body.location).toMatchObject({ city: 'Dakar', country: 'SN' });

  await page.reload();
  await ready(page);
  await expect(page.getByRole('button', { name: `Diminuer la quantité de ${plain.name}` })).toBeEnabled();
  await expect(page.getByTestId('total')).toHaveText(fcfa(2 * price(plain)));
  await page.getByRole('button', { name: 'Vider le panier' }).click();
  await expect(page.getByText('Votre panier est vide.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Panier vide' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Continuer vos achats' })).toHaveAttribute('href', '/boutique');
});

test('a filled cart is the server’s at first paint, at today’s prices, and a tap on + right after the page loads counts', async ({
  page,
  request,
}) => {
  const admin = { 'Access-Token': await accessToken(request, 'admin') };
  const made = await request.post('/api/produits', {
    headers: admin,
    data: { name: `Climatiseur Ndar ${Date.now()}`, list_price: 250_000, quantity: 5 },
  });
  expect(made.status()).toBe(201);
  const fresh = (await made.json()) as ApiProduct;
  const [b] = catalogue;
  await seed(page, {
    cart: [
      { product: fresh, quantity: 1 },
      { product: b!, quantity: 1 },
    ],
  });
  await page.goto('/cart');
  await ready(page);
  await expect(page.getByTestId('total')).toHaveText(fcfa(250_000 + price(b!)));

  // The price changes in the catalogue after the product went into the cart.
  expect((await request.put(`/api/produits/${fresh.id}`, { headers: admin, data: { list_price: 199_000 } })).ok()).toBe(true);
  // React's code is held back, as on a slow network: what shows is the server's drawing, at the new price.
  const release = await holdIslandCode(page, 'CollectionPage');
  await page.reload();
  await expect(island(page)).toHaveAttribute('ssr');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: fresh.name }) });
  await expect(line.getByText(`Prix unitaire : ${fcfa(199_000)}`)).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText(fcfa(199_000 + price(b!)));
  await expect(page.getByRole('button', { name: `Diminuer la quantité de ${fresh.name}` })).toBeDisabled();
  release();
  await ready(page);

  // Once hydrated, the stored line holds the new price too, and the first tap is the island's own.
  await page.getByRole('button', { name: `Augmenter la quantité de ${fresh.name}` }).click();
  await expect(page.getByRole('group', { name: `Quantité de ${fresh.name}` })).toContainText('2');
  await expect(page.getByTestId('total')).toHaveText(fcfa(2 * 199_000 + price(b!)));
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { product: { id: number; list_price: number }; quantity: number }[],
  );
  expect(stored.map((l) => [l.product.id, l.product.list_price, l.quantity])).toEqual([
    [fresh.id, 199_000, 2],
    [b!.id, b!.list_price, 1],
  ]);

  // A fresh load and an immediate tap: the island is hydrated by the time the page has loaded.
  await page.reload();
  await page.getByRole('button', { name: `Augmenter la quantité de ${fresh.name}` }).click();
  await expect(page.getByRole('group', { name: `Quantité de ${fresh.name}` })).toContainText('3');
  await expect(header(page).getByRole('link', { name: 'Panier : 4 articles' })).toBeVisible();
});

test('wishlist: move everything to the cart at once', async ({ page }) => {
  const [a, b] = catalogue;
  await seed(page, {
    wishlist: [
      { product: a!, quantity: 1 },
      { product: b!, quantity: 1 },
    ],
    cart: [{ product: a!, quantity: 1 }],
  });
  await page.goto('/wishlist');
  await ready(page);
  await expect(header(page).getByRole('link', { name: 'Liste de souhaits : 2 articles' })).toBeVisible();
  await page.getByRole('button', { name: `Ajouter au panier : ${b!.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produit ajouté' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();
  await page.getByRole('button', { name: 'Tout ajouter au panier' }).click();
  await expect(page.getByText('Votre liste de souhaits est vide.')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Panier : 4 articles' })).toBeVisible();
  await page.goto('/cart');
  await ready(page);
  await expect(page.getByRole('group', { name: `Quantité de ${a!.name}` })).toContainText('2');
  await expect(page.getByRole('group', { name: `Quantité de ${b!.name}` })).toContainText('2');
});

test('pre-order cart: three tranches that add up, CRM type precommande', async ({ page }) => {
  const p = pick((x) => x.preorder_price != null);
  await seed(page, { preorder: [{ product: p, quantity: 1 }] });
  await page.goto('/pre-cart');
  await ready(page);
  const total = 2 * p.preorder_price!;
  const crm = crmCall(page, 'precommande', total);
  await page.getByRole('button', { name: `Augmenter la quantité de ${p.name}` }).click();
  await expect(page.getByTestId('total')).toHaveText(fcfa(total));
  const first = Math.floor(total * 0.3);
  await expect(page.getByRole('definition')).toHaveText([fcfa(first), fcfa(first), fcfa(total - 2 * first)]);
  expect((await crm).postDataJSON()).toMatchObject({
    type: 'precommande',
    total,
    produits: [{ id: p.id, quantité: 2, panier: 'preorder' }],
  });
});

test('a line stops at the household cap: a line saved past it is brought down, + says why, adding more keeps it there', async ({
  page,
}) => {
  const [a] = catalogue;
  // Saved before the cap existed: the line is kept, at the cap.
  await seed(page, { cart: [{ product: a!, quantity: householdCap + 5 }] });
  await page.goto('/cart');
  await ready(page);
  const quantity = page.getByRole('group', { name: `Quantité de ${a!.name}` });
  await expect(quantity).toContainText(String(householdCap));
  await expect(page.getByTestId('total')).toHaveText(fcfa(householdCap * price(a!)));
  const more = page.getByRole('button', { name: `Augmenter la quantité de ${a!.name}` });
  await expect(more).toHaveAttribute('aria-disabled', 'true');
  await expect(more).toHaveAttribute('title', capHint);
  // aria-disabled, which Playwright will not click by default: a shopper's tap still reaches it, and is told why.
  await more.click({ force: true });
  const notice = page.getByRole('alert').filter({ hasText: capNotice(a!.name) });
  await expect(notice).toBeVisible();
  await expect(quantity).toContainText(String(householdCap));
  await expect(header(page).getByRole('link', { name: `Panier : ${householdCap} articles` })).toBeVisible();
  // One fewer, and '+' works again up to the cap.
  await page.getByRole('button', { name: `Diminuer la quantité de ${a!.name}` }).click();
  await expect(more).not.toHaveAttribute('aria-disabled');
  await more.click();
  await expect(quantity).toContainText(String(householdCap));

  // Adding the same product from its page changes nothing, and says why.
  await page.goto(`/produits/${a!.id}/details`);
  await hydrated(page, 'ProductActions');
  await page.getByRole('main').getByRole('button', { name: 'Commander' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: capNotice(a!.name) })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Produit ajouté' })).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: `Panier : ${householdCap} articles` })).toBeVisible();
});

test('a product page offers “Pré-commander” only for a product that may be pre-ordered (out of stock, with a pre-order price)', async ({
  page,
  request,
}) => {
  const [open] = (await (await request.get('/api/produits-precommande')).json()) as Array<ApiProduct & { quantity: number }>;
  expect(open!.quantity).toBeLessThanOrEqual(0);
  const plain = pick((x) => x.preorder_price === null);
  await seed(page, {});
  await page.goto(`/produits/${open!.id}/details`);
  await hydrated(page, 'ProductActions');
  await expect(page.getByRole('heading', { name: `Pré-commande : ${fcfa(open!.preorder_price!)}` })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Pré-commander' }).click();
  await expect(header(page).getByRole('link', { name: 'Panier de précommande : 1 article' })).toBeVisible();
  await page.goto(`/produits/${plain.id}/details`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Commander' }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Pré-commander' })).toHaveCount(0);
});

test('counts follow changes made in another tab', async ({ page, context }) => {
  const [a] = catalogue;
  await seed(page, { cart: [{ product: a!, quantity: 1 }] });
  await page.goto('/cart');
  await ready(page);
  const other = await context.newPage();
  await other.goto('/');
  await expect(header(other).getByRole('link', { name: 'Panier : 1 article' })).toBeVisible();
  await page.getByRole('button', { name: `Augmenter la quantité de ${a!.name}` }).click();
  await expect(header(other).getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();
});

test('credit cart: a visitor goes to login and comes back afterwards', async ({ page }) => {
  await page.goto('/credit-cart');
  await expect(page).toHaveURL(/\/login\?redirect=(\/|%2F)credit-cart$/);
});

test('popup: shows on the cart pages, closes by keyboard and comes back after 10 s', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
  await seed(page, {}, { popup: true });
  await page.goto('/wishlist');
  await readyOnClock(page);
  const popup = page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' });
  await expect(popup).toHaveCount(0);
  await page.goto('/cart');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('20 000 FCFA');
  await expect(popup.getByRole('link', { name: 'Je m’inscris' })).toHaveAttribute('href', '/signup');
  await popup.getByRole('button', { name: 'Fermer l’offre spéciale' }).focus();
  await page.keyboard.press('Enter');
  await expect(popup).toHaveCount(0);
  // From the close on, the page's time moves only when the journey moves it: a slow page load on a busy machine
  // must not count towards the 10 s. The pause is set 500 ms ahead: the page's clock runs on until the call lands,
  // and a pause in its past is refused. 9 s after the close in all.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  await page.clock.runFor(8_500);
  await expect(popup).toHaveCount(0);
  await page.goto('/pre-cart');
  // Half a second more lets the island's idle callback run (the paused clock holds it).
  await page.clock.runFor(500);
  await readyOnClock(page);
  await expect(popup).toHaveCount(0);
  await page.clock.runFor(1_000);
  await expect(popup).toBeVisible();
  await popup.getByRole('link', { name: 'Je m’inscris' }).focus();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
});

test('toasts: “Produit ajouté” for 2 s, paused on hover, dismissed by dragging; add_to_cart reaches the dataLayer', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
  const [a, b] = catalogue;
  await seed(page, {
    wishlist: [
      { product: a!, quantity: 1 },
      { product: b!, quantity: 1 },
    ],
  });
  await page.goto('/wishlist');
  await readyOnClock(page);
  await frameLive(page);
  const added = page.getByRole('status').filter({ hasText: 'Produit ajouté' });

  await page.getByRole('button', { name: `Ajouter au panier : ${a!.name}` }).click();
  await expect(added).toBeVisible();
  const event = await page.evaluate(() =>
    (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.find((e) => e.event === 'add_to_cart'),
  );
  expect(event).toMatchObject({
    event: 'add_to_cart',
    ecommerce: { currency: 'XOF', items: [{ item_id: String(a!.id), item_name: a!.name, quantity: 1 }] },
  });
  await added.hover();
  await page.clock.runFor(3_000);
  await expect(added).toBeVisible();
  await page.mouse.move(5, 600);
  await page.clock.runFor(2_100);
  await expect(added).toHaveCount(0);

  await page.getByRole('button', { name: `Ajouter au panier : ${b!.name}` }).click();
  await expect(added).toBeVisible();
  const box = (await added.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 180, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(added).toHaveCount(0);
});

test('the collection screens and the popup pass axe, without console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const [a, b] = catalogue;
  await seed(
    page,
    { cart: [{ product: a!, quantity: 1 }], preorder: [{ product: b!, quantity: 2 }], wishlist: [{ product: b!, quantity: 1 }] },
    { popup: true },
  );
  for (const path of ['/cart', '/pre-cart', '/wishlist']) {
    await page.goto(path);
    await ready(page);
    if (path !== '/wishlist') await expect(page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' })).toBeVisible();
    const violations = await axeViolations(page);
    expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  expect(problems).toEqual([]);
});

// §2 "Product card" and product pages feed the collections of §4.
test.describe('adding from the catalogue', () => {
  test('from a card and from a details page: counts, toast, reload keeps everything, a saved heart says so', async ({ page }) => {
    // In stock: sold-out products offer no 'Commander' (availability.spec.ts).
    const [a, b] = catalogue.filter((p) => p.quantity > 0);
    await seed(page, {});
    await page.goto('/boutique');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: a!.name, exact: true }) });
    await hydrated(page, 'ProductListing');
    const crm = crmCall(page, 'commande', price(a!));
    await card.getByRole('button', { name: 'Commander' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Produit ajouté' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Panier : 1 article' })).toBeVisible();
    expect((await crm).postDataJSON()).toMatchObject({ type: 'commande', produits: [{ id: a!.id, quantité: 1 }] });
    await card.getByRole('button', { name: `Ajouter ${a!.name} à la liste de souhaits` }).click();
    // Saved, the heart says it takes the product out: the wishlist holds it once (availability.spec.ts taps it again).
    await expect(card.getByRole('button', { name: `Retirer ${a!.name} de la liste de souhaits` })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Liste de souhaits : 1 article' })).toBeVisible();

    await page.goto(`/produits/${b!.id}/details`);
    await expect(page.getByRole('heading', { level: 1, name: b!.name })).toBeVisible();
    const order = page.getByRole('main').getByRole('button', { name: 'Commander' }).first();
    await hydrated(page, 'ProductActions');
    await order.click();
    await expect(header(page).getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();

    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Panier : 2 articles' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Liste de souhaits : 1 article' })).toBeVisible();
  });
});

// §6: the credit cart is for logged-in members whose adhesion is accepted.
test.describe('the credit cart of a logged-in user', () => {
  async function login(page: Page, username: string, password: string) {
    await page.goto('/credit-cart');
    await expect(page).toHaveURL(/\/login\?redirect=(\/|%2F)credit-cart$/);
    await page.getByLabel('E-mail ou téléphone').fill(username);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/credit-cart$/);
  }

  test('a member comes back to the credit cart, and the CRM record names them', async ({ page }) => {
    const p = pick((x) => x.is_creditorder && x.creditorder_price != null);
    await seed(page, { creditOrder: [{ product: p, quantity: 1 }] });
    await login(page, 'membre@boutique.sn', 'Membre#2026');
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Mon panier à crédit' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Panier à crédit : 1 article' })).toBeVisible();
    const crm = crmCall(page, 'acredit', 2 * p.creditorder_price!);
    await page.getByRole('button', { name: `Augmenter la quantité de ${p.name}` }).click();
    expect((await crm).postDataJSON()).toMatchObject({
      email: 'membre@boutique.sn',
      produits: [{ id: p.id, quantité: 2, prix: p.creditorder_price, panier: 'creditOrder' }],
    });
  });

  test('on a product page a member sees the credit price and “À crédit” without touching anything', async ({ page }) => {
    const p = pick((x) => x.is_creditorder && x.creditorder_price != null);
    await seed(page, {});
    await login(page, 'membre@boutique.sn', 'Membre#2026');
    await page.goto(`/single-product/${p.id}`);
    await hydrated(page, 'ProductActions');
    await expect(page.getByRole('main').getByText(`Prix à crédit : ${fcfa(p.creditorder_price!)}`)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'À crédit' }).click();
    await expect(header(page).getByRole('link', { name: 'Panier à crédit : 1 article' })).toBeVisible();
  });

  test('a customer who is not a member is told why and pointed to the credit process, by the server, with no cart island', async ({
    page,
  }) => {
    await seed(page, {});
    await login(page, 'client@boutique.sn', 'Client#2026');
    const scripts = scriptsOf(page);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Le panier à crédit est réservé aux membres dont l’adhésion a été acceptée.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Découvrir le processus de commande à crédit' })).toHaveAttribute(
      'href',
      '/processus-de-commande-de-credit',
    );
    await expect(island(page)).toHaveCount(0);
    expect(scripts.filter((s) => s.includes('/CollectionPage.'))).toEqual([]);
  });
});
