/** Browser journeys of availability on a phone: what a product offer says of its stock and lets a shopper do (domain/availability.ts). */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { encodeMirror, mirrorCookies } from '../../src/domain/mirror.ts';
import { DEMO, hydrated, logIn, noSeriousViolation, stockUp, watchConsole } from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
watchConsole();

type ApiProduct = {
  id: number;
  name: string;
  quantity: number;
  preorder_price: number | null;
  categ_id: string | null;
  list_price: number;
};
type PackLine = { id: number; name: string; quantity: number; stock?: number };

let catalogue: ApiProduct[];
test.beforeAll(async ({ request }) => {
  catalogue = await (await request.get('/api/produits')).json();
});
const pick = (pred: (p: ApiProduct) => boolean) => {
  const p = catalogue.find((x) => x.categ_id !== null && pred(x));
  if (!p) throw new Error('no such product in the demo catalogue');
  return p;
};

/** The listing of `p`'s category, every product on one page. */
async function categoryListing(page: Page, request: APIRequestContext, p: ApiProduct): Promise<void> {
  const categories = (await (await request.get('/api/categories')).json()) as Array<{ id: number; name: string }>;
  const id = categories.find((c) => c.name === p.categ_id)!.id;
  await page.goto(`/boutique?category=${id}&limit=100`);
  await hydrated(page, 'ProductListing');
}

const cardOf = (page: Page, p: ApiProduct) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name: p.name, exact: true }) });
const header = (page: Page) => page.getByRole('banner');

/** The popup of the cart pages comes back every 10 s: closed whenever it shows up. */
async function quietPopup(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now())));
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Offre spéciale nouveaux clients' }), (d) =>
    d.getByRole('button', { name: 'Fermer l’offre spéciale' }).click(),
  );
}

test('a sold-out card says “Rupture de stock” and offers no “Commander”', async ({ page, request }) => {
  const sold = pick((p) => p.quantity <= 0 && p.preorder_price === null);
  const plenty = pick((p) => p.quantity > 5 && p.categ_id === sold.categ_id);
  await categoryListing(page, request, sold);
  const card = cardOf(page, sold);
  await expect(card.getByText('Rupture de stock', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Commander', exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Pré-commander' })).toHaveCount(0);
  await expect(cardOf(page, plenty).getByText('En stock', { exact: true })).toBeVisible();
  await expect(cardOf(page, plenty).getByRole('button', { name: 'Commander', exact: true })).toBeVisible();
  await noSeriousViolation(page);

  await page.goto(`/produits/${sold.id}/details`);
  await hydrated(page, 'ProductActions');
  await expect(page.getByRole('main').getByText('Rupture de stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Commander', exact: true })).toHaveCount(0);
});

test('on /pre-commandes a card’s “Pré-commander” fills the pre-order cart, not the cart, and says so', async ({ page }) => {
  const open = pick((p) => p.quantity <= 0 && p.preorder_price !== null);
  await page.goto('/pre-commandes?limit=100');
  await hydrated(page, 'ProductListing');
  const card = cardOf(page, open);
  await expect(card.getByText('Rupture de stock', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Commander', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Pré-commander' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produit ajouté aux pré-commandes' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Panier de précommande : 1 article' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: /^Panier : / })).toHaveCount(0);
});

test('the wishlist heart shows whether the product is saved, and a tap on a saved one takes it out with a toast', async ({
  page,
  request,
}) => {
  const p = pick((x) => x.quantity > 5);
  await categoryListing(page, request, p);
  const card = cardOf(page, p);
  await card.getByRole('button', { name: `Ajouter ${p.name} à la liste de souhaits` }).click();
  const saved = card.getByRole('button', { name: `Retirer ${p.name} de la liste de souhaits` });
  await expect(saved).toBeVisible();
  await expect(saved).toHaveClass(/is-saved/);
  await expect(header(page).getByRole('link', { name: 'Liste de souhaits : 1 article' })).toBeVisible();

  await page.reload();
  await hydrated(page, 'ProductListing');
  await saved.click();
  await expect(page.getByRole('status').filter({ hasText: 'Produit retiré de la liste de souhaits' })).toBeVisible();
  await expect(card.getByRole('button', { name: `Ajouter ${p.name} à la liste de souhaits` })).not.toHaveClass(/is-saved/);
  await expect(header(page).getByRole('link', { name: /^Liste de souhaits : / })).toHaveCount(0);
});

/** Puts `wanted` units of `product` in the collection `kind`, in browser storage and in its cookie mirror (the server draws it). */
async function fill(page: Page, kind: 'cart', product: ApiProduct, wanted: number): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: mirrorCookies[kind], value: encodeMirror([{ id: product.id, quantity: wanted }]), url: test.info().project.use.baseURL! },
    ]);
  await page.addInitScript(
    ({ kind, product, wanted }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(kind, JSON.stringify([{ product, quantity: wanted, date: new Date().toISOString(), location: '' }]));
    },
    { kind, product, wanted },
  );
}

test('a cart line asking more than the stock says so on the line, and “Réduire à N” fixes it in one tap', async ({ page }) => {
  const few = pick((p) => p.quantity >= 1 && p.quantity <= 5);
  await quietPopup(page);
  await fill(page, 'cart', few, few.quantity + 2);
  await page.goto('/cart');
  await hydrated(page, 'CollectionPage');
  await expect(page.getByText(`Plus que ${few.quantity} en stock pour « ${few.name} ».`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Valider le Panier' })).toBeDisabled();
  await expect(page.getByText('Corrigez d’abord les articles signalés ci-dessus.')).toBeVisible();
  await noSeriousViolation(page);
  await page.getByRole('button', { name: new RegExp(`^Réduire à ${few.quantity}`) }).click();
  await expect(page.getByRole('group', { name: `Quantité de ${few.name}` }).locator('output')).toHaveText(String(few.quantity));
  await expect(page.getByText(`Plus que ${few.quantity} en stock pour « ${few.name} ».`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Valider le Panier' })).toBeVisible();
});

test('at checkout a short line says so on the line, the greyed button says why, and “Réduire à N” lets the order go on', async ({
  page,
}) => {
  const few = pick((p) => p.quantity >= 1 && p.quantity <= 5);
  await fill(page, 'cart', few, few.quantity + 1);
  await logIn(page, ...DEMO.customer, '/checkout?type=order');
  await hydrated(page, 'CheckoutPage');
  const lines = page.getByRole('list', { name: 'Articles de la commande' });
  await expect(lines.getByText(`Stock insuffisant pour « ${few.name} » : il en reste ${few.quantity}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuer vers la validation' })).toBeDisabled();
  await expect(page.getByRole('alert').filter({ hasText: 'Un article est à corriger ci-dessus' })).toBeVisible();
  await page.getByRole('button', { name: `Réduire à ${few.quantity} : ${few.name}` }).click();
  await expect(lines.getByText(/Stock insuffisant/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continuer vers la validation' })).toBeEnabled();
});

test('a pack holding a sold-out product is named unavailable before any form, and the home page does not promote it', async ({
  page,
  request,
}) => {
  const pack = (await (await request.get('/api/pack_product/PACK-TABASKI')).json()) as { name: string; produits: PackLine[] };
  const sold = pack.produits.find((l) => (l.stock ?? 0) < l.quantity) ?? pack.produits[0]!;
  // Another journey of the shard may have restocked it.
  if ((sold.stock ?? 0) >= sold.quantity) await stockUp(request, [sold.id], 0);
  await page.goto('/pack-promo?code=PACK-TABASKI');
  await hydrated(page, 'PackCart');
  await expect(page.getByRole('main').getByRole('alert')).toContainText(`Indisponible : ${sold.name} est en rupture de stock.`);
  // Nothing to log in for: the §8 'Merci de vous connecter…' toast is not shown.
  await expect(page.locator('#toasts').getByText('Merci de vous connecter pour confirmer votre commande')).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Valider le Panier' })).toHaveCount(0);
  await noSeriousViolation(page);

  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Pack Ramadan/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${pack.name}`) })).toHaveCount(0);
  await page.goto('/pack-promo');
  await expect(page.getByRole('link', { name: new RegExp(`^${pack.name}`) })).toContainText('Indisponible');
});

test('the back office’s packs page warns of a pack its shoppers cannot buy', async ({ page, request }) => {
  const pack = (await (await request.get('/api/pack_product/PACK-TABASKI')).json()) as { name: string; produits: PackLine[] };
  const sold = pack.produits.find((l) => (l.stock ?? 0) < l.quantity) ?? pack.produits[0]!;
  if ((sold.stock ?? 0) >= sold.quantity) await stockUp(request, [sold.id], 0);
  await logIn(page, ...DEMO.admin, '/admin/packs');
  await hydrated(page, 'AdminPacks');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: pack.name }) });
  await expect(card.getByRole('note')).toContainText(`Indisponible : ${sold.name} est en rupture de stock.`);
  await expect(card).toContainText(`${sold.name} à`);
  await expect(card).toContainText('(rupture de stock)');
});
