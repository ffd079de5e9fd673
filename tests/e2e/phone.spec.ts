/** Browser journeys on a 360 × 740 phone (§1 "phone first"): the §4 popup beside the carts, comparison, listings, flash sale, account screens. */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, hydrated, logIn, watchConsole } from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
const { allow } = watchConsole();

type ApiProduct = {
  id: number;
  name: string;
  list_price: number;
  en_promo: boolean;
  promo_price: number | null;
  preorder_price: number | null;
  is_creditorder: boolean;
  sale_ok: boolean;
  tags: { name: string }[];
};
type Box = { x: number; y: number; width: number; height: number };

const POPUP = 'Offre spéciale nouveaux clients';
const products = async (request: APIRequestContext, path: string) => (await (await request.get(path)).json()) as ApiProduct[];
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
/** Names of the product cards of the listing on screen, in order. */
const cardNames = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
const countLine = (total: number) => `1–${Math.min(9, total)} sur ${total} résultat${total > 1 ? 's' : ''}`;

/** Puts collection lines in browser storage before the first page loads; the popup closed at `closedAt` (ms) or never. */
async function seedCollections(page: Page, data: Record<string, ApiProduct[]>, closedAt: number | null) {
  await page.addInitScript(
    ({ data, closedAt }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [key, list] of Object.entries(data)) {
        localStorage.setItem(
          key,
          JSON.stringify(list.map((product) => ({ product, quantity: 1, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }))),
        );
      }
      if (closedAt !== null) localStorage.setItem('popupLastClosed', String(closedAt));
    },
    { data, closedAt },
  );
}

/** Boxes of everything a cart shows (each line, the total, the tranches, every control) that the popup must leave uncovered. */
async function cartBoxes(page: Page): Promise<Box[]> {
  const main = page.getByRole('main');
  const parts: Locator[] = [
    main.getByRole('region', { name: 'Articles' }).getByRole('listitem'),
    main.getByTestId('total'),
    main.getByRole('term'),
    main.getByRole('definition'),
    main.getByRole('button'),
    main.getByRole('link'),
  ];
  const boxes: Box[] = [];
  for (const part of parts) {
    for (const el of await part.all()) {
      if (await el.evaluate((e) => !!e.closest('[role="dialog"]'))) continue;
      const box = await el.boundingBox();
      if (box) boxes.push(box);
    }
  }
  return boxes;
}

test('the special offer never covers a cart’s lines, total, tranches or buttons, and leaves the focus where it is', async ({
  page,
  request,
}) => {
  const all = await products(request, '/api/produits');
  const preorder = all.filter((p) => p.preorder_price !== null).slice(0, 2);
  await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
  await seedCollections(page, { cart: all.slice(0, 2), preorder }, null);
  for (const path of ['/cart', '/pre-cart']) {
    await page.goto(path);
    await hydrated(page, 'CollectionPage');
    const popup = page.getByRole('dialog', { name: POPUP });
    await expect(popup).toBeVisible();
    await expect(page.getByRole('region', { name: 'Articles' }).getByRole('listitem')).toHaveCount(2);
    if (path === '/pre-cart') await expect(page.getByRole('definition')).toHaveCount(3);
    const boxes = await cartBoxes(page);
    expect(boxes.length).toBeGreaterThan(5);
    for (const scroll of ['top', 'bottom'] as const) {
      await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), scroll);
      const sheet = (await popup.boundingBox())!;
      const now = await cartBoxes(page);
      expect(
        now.filter((b) => overlap(b, sheet)),
        `${path} scrolled to the ${scroll}`,
      ).toEqual([]);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  }

  // Closed, it comes back 10 s later (§4) without taking the focus from the stepper being used.
  await page.goto('/cart');
  await hydrated(page, 'CollectionPage');
  const popup = page.getByRole('dialog', { name: POPUP });
  await popup.getByRole('button', { name: 'Fermer l’offre spéciale' }).click();
  await expect(popup).toHaveCount(0);
  const more = page.getByRole('button', { name: `Augmenter la quantité de ${all[0]!.name}` });
  await more.focus();
  await page.clock.runFor(10_500);
  await expect(popup).toBeVisible();
  await expect(more).toBeFocused();
  const moreBox = (await more.boundingBox())!;
  expect(overlap(moreBox, (await popup.boundingBox())!)).toBe(false);

  // The third cart page of §4, a member's credit cart: the offer is for new visitors only, so a member never gets it.
  const credit = all.filter((p) => p.is_creditorder).slice(0, 1);
  await page.evaluate(
    (lines) =>
      localStorage.setItem(
        'creditOrder',
        JSON.stringify(lines.map((product) => ({ product, quantity: 1, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }))),
      ),
    credit,
  );
  await logIn(page, ...DEMO.member, '/credit-cart');
  await hydrated(page, 'CollectionPage');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon panier à crédit' })).toBeVisible();
  await expect(page.locator('[data-special-offer][data-live]')).toHaveCount(1);
  await page.clock.runFor(10_500);
  await expect(page.getByRole('dialog', { name: POPUP })).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});

/** Adds the first `n` products of /boutique to the comparison through their cards; returns their names. */
async function compareFromListing(page: Page, n: number): Promise<string[]> {
  await page.goto('/boutique');
  await hydrated(page, 'ProductListing');
  const names = (await cardNames(page)).slice(0, n);
  for (const name of names) await page.getByRole('button', { name: `Comparer ${name}` }).click();
  await expect(page.getByRole('link', { name: `Comparer (${n}/4)` })).toBeVisible();
  return names;
}

test('two compared products fit side by side; a third scrolls the table under its sticky labels, never the page', async ({ page }) => {
  const names = await compareFromListing(page, 2);
  await page.goto('/products-compaire');
  await hydrated(page, 'CompareTable');
  const table = page.getByRole('table', { name: 'Comparaison de 2 produits' });
  await expect(table).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  for (const name of names) {
    const box = (await table.getByRole('columnheader').filter({ hasText: name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  const scroller = table.locator('xpath=..');
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  await compareFromListing(page, 3);
  await page.goto('/products-compaire');
  await hydrated(page, 'CompareTable');
  const three = page.getByRole('table', { name: 'Comparaison de 3 produits' });
  await expect(three).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  const wide = three.locator('xpath=..');
  expect(await wide.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
  const label = three.getByRole('rowheader', { name: 'Prix' });
  const before = (await label.boundingBox())!;
  await wide.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => wide.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect((await label.boundingBox())!.x).toBe(before.x);
});

test('with two products compared, listing, product and comparison pages load without a console error', async ({ page }) => {
  const [first] = await compareFromListing(page, 2);
  await page.reload();
  await hydrated(page, 'ProductListing');
  await expect(page.getByRole('link', { name: 'Comparer (2/4)' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: first!, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: first! })).toBeVisible();
  await hydrated(page, 'CompareTray');
  await hydrated(page, 'ProductActions');
  await expect(page.getByRole('link', { name: 'Comparer (2/4)' })).toBeVisible();
  await page.goto('/products-compaire');
  await hydrated(page, 'CompareTable');
  await expect(page.getByRole('table', { name: 'Comparaison de 2 produits' })).toBeVisible();
  await page.goto('/en-promo');
  await hydrated(page, 'ProductListing');
  await expect(page.getByRole('link', { name: 'Comparer (2/4)' })).toBeVisible();
});

test('/pre-commandes lists what GET /api/produits-precommande answers, with the same filters; /credit-commandes only credit products', async ({
  page,
  request,
}) => {
  const pre = await products(request, '/api/produits-precommande');
  expect(pre.length).toBeGreaterThan(9);
  expect(pre.length).toBeLessThan((await products(request, '/api/produits')).length);
  await page.goto('/pre-commandes');
  await expect(page.getByText(countLine(pre.length))).toBeVisible();
  expect(await cardNames(page)).toEqual(pre.slice(0, 9).map((p) => p.name));
  await expect(page.getByRole('main').getByRole('article').first()).toContainText(/Prix de précommande : /);
  await hydrated(page, 'ProductListing');
  await page.getByRole('link', { name: 'Page suivante' }).click();
  await expect(page).toHaveURL(/\/pre-commandes\?page=2$/);
  await expect.poll(() => cardNames(page)).toEqual(pre.slice(9, 18).map((p) => p.name));

  const promo = pre.filter((p) => p.en_promo);
  await page.goto('/pre-commandes?productType=promo');
  await expect(page.getByText(countLine(promo.length))).toBeVisible();
  expect(await cardNames(page)).toEqual(promo.slice(0, 9).map((p) => p.name));

  const credit = await products(request, '/api/produits-creditcommande');
  expect(credit.every((p) => p.is_creditorder)).toBe(true);
  await page.goto('/credit-commandes');
  await expect(page.getByText(countLine(credit.length))).toBeVisible();
  expect(await cardNames(page)).toEqual(credit.slice(0, 9).map((p) => p.name));
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});

test('every card of the Ramadan flash sale shows a reduction, and the seasonal products are en promo', async ({ page, request }) => {
  for (const season of ['ramadan', 'tabaski']) {
    const { products: list } = (await (await request.get(`/api/produits-filtrer-${season}?limit=100`)).json()) as {
      products: ApiProduct[];
    };
    expect(list.length, season).toBeGreaterThan(0);
    expect(
      list.filter((p) => !p.en_promo || p.promo_price === null || p.promo_price >= p.list_price).map((p) => p.name),
      season,
    ).toEqual([]);
  }
  await page.goto('/');
  const sale = page.getByRole('region', { name: 'Vente flash Ramadan' });
  const cards = sale.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const n = await cards.count();
  for (let i = 0; i < n; i++) {
    await expect(cards.nth(i).locator('s')).toContainText('au lieu de');
    await expect(cards.nth(i)).toContainText('En promo');
  }
});

test('asked again within the minute, the code screens show the server’s reason and count down, and claim nothing was sent', async ({
  page,
  request,
}) => {
  // A code was just asked for this address (whether an account answers or not, §7): the screens ask again at once, the
  // server refuses, and the refused calls are logged (§8).
  allow(
    /status of 429 \(Too Many Requests\)/,
    /^Erreur lors de l’envoi du code FetchError: \[GET\] "\/api\/partner\/[^/]+\/otp-resend": 429/,
    /^Erreur lors de la demande de réinitialisation FetchError: \[GET\] "\/api\/reset-password-email\/[^/]+": 429/,
  );
  const email = `fatou.${Date.now()}@exemple.sn`;
  await request.get(`/api/partner/${encodeURIComponent(email)}/otp-resend`);
  // The server's own sentence: this address's minute, or this connection's hourly cap when earlier journeys used it up.
  const wait =
    /^(Un code vient d’être demandé pour ce contact \(un par minute\)|Trop de demandes de code depuis cette connexion)\. Veuillez réessayer dans \d+ (secondes?|minutes?|heures?)\.$/;

  await page.goto(`/verification-code?email=${encodeURIComponent(email)}`);
  await hydrated(page, 'OtpForm');
  await page.getByRole('button', { name: 'Renvoyer', exact: true }).click();
  await expect(page.locator('form').getByRole('status')).toHaveText(wait);
  await expect(page.getByText("Échec de l'envoi du code. Veuillez réessayer.")).toHaveCount(0);
  const resend = page.getByRole('button', { name: /^Renvoyer \((\d+ s|\d+ minutes?|\d+ heures?)\)$/ });
  await expect(resend).toBeDisabled();

  await page.goto('/forgot-password');
  await hydrated(page, 'ForgotPasswordForm');
  await page.getByLabel('E-mail ou téléphone').fill(email);
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await expect(page.getByRole('alert')).toHaveText(wait);
  await expect(page.getByRole('button', { name: /^Recevoir un code \((\d+ s|\d+ minutes?|\d+ heures?)\)$/ })).toBeDisabled();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByText(/vient d’être envoyé/)).toHaveCount(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});

test('the avatar control speaks French: its button, the chosen file, a preview and the size limit', async ({ page }) => {
  await logIn(page, ...DEMO.customer, '/profile');
  await hydrated(page, 'ProfilePage');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Choisir une photo' })).toBeVisible();
  await expect(main.getByText('Aucun fichier choisi')).toBeVisible();
  await expect(main.getByText('PNG, JPEG ou WebP, 60 Ko au plus.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Choose|No file|Browse/, { useInnerText: true });

  // A photo too large is refused before it is sent, and says why.
  await page.locator('#avatar').setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(70 * 1024, 1) });
  await expect(main.getByText('grande.png')).toBeVisible();
  await expect(main.getByRole('alert')).toHaveText('Choisissez une image PNG, JPEG ou WebP de 60 Ko au plus.');

  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.locator('#avatar').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expect(main.getByText('portrait.png')).toBeVisible();
  await expect(main.getByRole('img', { name: 'Aperçu de la nouvelle photo' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(main.getByText('Photo de profil enregistrée.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Choose|No file|Browse/, { useInnerText: true });
  await page.reload();
  await hydrated(page, 'ProfilePage');
  await expect(main.getByRole('img', { name: 'Photo de profil' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});
