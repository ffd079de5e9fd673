/**
 * §2 "Product card", "Filter panel" and the product page, §6 members: the cached listing and product pages show an
 * accepted member the credit price, 'À crédit' and the credit radio at first paint without React, and nobody else;
 * the price beside 'À crédit' on a card is the one the credit cart charges.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  fcfa,
  frameLive,
  holdIslandCode,
  hydrated,
  layoutShifts,
  logIn,
  watchConsole,
  watchLayoutShifts,
} from '../fixtures/journeys.ts';

watchConsole();

type ApiProduct = { id: number; name: string; is_creditorder: boolean; creditorder_price: number | null };

let creditProduct: ApiProduct;
test.beforeAll(async ({ request }) => {
  const credit: ApiProduct[] = await (await request.get('/api/produits-creditcommande')).json();
  creditProduct = credit.find((p) => p.creditorder_price != null)!;
  expect(creditProduct).toBeTruthy();
});

/** Keeps the new-customer popup away and sums the page's layout shifts from the start. */
async function prepare(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('popupLastClosed', String(Date.now()));
  });
  await watchLayoutShifts(page);
}
const main = (page: Page) => page.getByRole('main');
const creditButtons = (page: Page) => main(page).getByRole('button', { name: 'À crédit' });
const creditRadio = (page: Page) => main(page).getByRole('radio', { name: 'Produits à crédit' });
const creditCartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Panier à crédit/ });
// The frame's own module script: held back, the marks can only come from the layout head's inline script.
const FRAME_SCRIPT = 'Layout.astro_astro_type_script_index_0_lang';

test.describe('a signed-in member', () => {
  test.beforeEach(async ({ page }) => {
    await prepare(page);
    await logIn(page, ...DEMO.member, '/');
  });

  test('the listing and the product page show the credit parts at first paint, before their island hydrates, and keep them in place after', async ({
    page,
  }) => {
    // First paint, before the frame's script runs: the inline script and the stylesheet alone show them.
    const releaseFrame = await holdIslandCode(page, FRAME_SCRIPT);
    await page.goto('/boutique', { waitUntil: 'commit' });
    await expect(creditButtons(page).first()).toBeVisible();
    await expect(creditRadio(page)).toBeVisible();
    await expect(creditCartLink(page)).toBeVisible();
    releaseFrame();

    const releaseListing = await holdIslandCode(page, 'ProductListing');
    await page.goto('/boutique');
    await frameLive(page);
    const drawn = await main(page).locator('button[data-credit-only]').count();
    expect(drawn).toBeGreaterThan(0);
    await expect(creditButtons(page)).toHaveCount(drawn);
    await expect(creditRadio(page)).toBeVisible();
    releaseListing();
    await hydrated(page, 'ProductListing');
    await expect(creditButtons(page)).toHaveCount(drawn);
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);

    const releaseActions = await holdIslandCode(page, 'ProductActions');
    await page.goto(`/single-product/${creditProduct.id}`);
    await frameLive(page);
    await expect(main(page).getByText(`Prix à crédit : ${fcfa(creditProduct.creditorder_price!)}`)).toBeVisible();
    await expect(creditButtons(page)).toHaveCount(1);
    releaseActions();
    await hydrated(page, 'ProductActions');
    await expect(creditButtons(page)).toHaveCount(1);
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);
  });

  test('an “À crédit” tapped as soon as the screen is ready adds to the credit cart, on the product page and on a card', async ({
    page,
  }) => {
    await page.goto(`/single-product/${creditProduct.id}`);
    await frameLive(page);
    await hydrated(page, 'ProductActions');
    await creditButtons(page).click();
    await expect(creditCartLink(page)).toHaveAccessibleName('Panier à crédit : 1 article');

    await page.goto('/credit-commandes');
    await frameLive(page);
    await hydrated(page, 'ProductListing');
    // Another product than the one already in the credit cart, so the count goes to two lines.
    const other = main(page)
      .getByRole('article')
      .filter({ hasNot: page.getByRole('link', { name: creditProduct.name, exact: true }) })
      .first();
    await other.getByRole('button', { name: 'À crédit' }).click();
    await expect(creditCartLink(page)).toHaveAccessibleName('Panier à crédit : 2 articles');
  });
});

test.describe('a signed-in member on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('each card of /credit-commandes shows the credit price beside “À crédit”, and the credit cart charges that amount', async ({
    page,
  }) => {
    await prepare(page);
    await logIn(page, ...DEMO.member, '/');
    await page.goto('/credit-commandes');
    await frameLive(page);
    await hydrated(page, 'ProductListing');
    const card = main(page)
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: creditProduct.name, exact: true }) });
    const price = fcfa(creditProduct.creditorder_price!);
    await expect(card.getByText(`À crédit : ${price}`)).toBeVisible();
    await expect(
      main(page)
        .getByText(/^À crédit :/)
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await card.getByRole('button', { name: 'À crédit' }).tap();
    await expect(creditCartLink(page)).toHaveAccessibleName('Panier à crédit : 1 article');
    await creditCartLink(page).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Mon panier à crédit' })).toBeVisible();
    await expect(page.getByTestId('total')).toHaveText(price);
  });

  test('the header keeps the credit-cart icon on the logo’s row from first paint, the logo showing its mark only', async ({ page }) => {
    await prepare(page);
    await logIn(page, ...DEMO.member, '/');
    const releaseFrame = await holdIslandCode(page, FRAME_SCRIPT);
    await page.goto('/boutique', { waitUntil: 'commit' });
    const logo = page.getByRole('banner').getByRole('link', { name: /– accueil$/ });
    await expect(creditCartLink(page)).toBeVisible();
    const [logoBox, iconBox] = [(await logo.boundingBox())!, (await creditCartLink(page).boundingBox())!];
    expect(Math.abs(logoBox.y + logoBox.height / 2 - (iconBox.y + iconBox.height / 2))).toBeLessThan(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    releaseFrame();
    await frameLive(page);
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01);
  });
});

for (const who of ['customer', 'visitor'] as const) {
  test(`a ${who === 'customer' ? 'plain customer' : 'visitor'} sees no credit part, before or after React`, async ({ page }) => {
    await prepare(page);
    if (who === 'customer') await logIn(page, ...DEMO.customer, '/');
    const releaseListing = await holdIslandCode(page, 'ProductListing');
    await page.goto('/boutique');
    await frameLive(page);
    // Drawn in the HTML (the page is the same for everyone), out of sight and of the accessibility tree.
    expect(await main(page).locator('[data-credit-only]').count()).toBeGreaterThan(0);
    await expect(creditButtons(page)).toHaveCount(0);
    await expect(creditRadio(page)).toHaveCount(0);
    await expect(creditCartLink(page)).toHaveCount(0);
    await expect(
      main(page)
        .getByText(/^À crédit :/)
        .filter({ visible: true }),
    ).toHaveCount(0);
    releaseListing();
    await hydrated(page, 'ProductListing');
    await expect(main(page).getByRole('button', { name: 'Commander' }).first()).toBeVisible();
    await expect(creditButtons(page)).toHaveCount(0);
    await expect(
      main(page)
        .getByText(/^À crédit :/)
        .filter({ visible: true }),
    ).toHaveCount(0);
    await expect(creditRadio(page)).toHaveCount(0);

    await page.goto(`/single-product/${creditProduct.id}`);
    await frameLive(page);
    await expect(main(page).getByRole('button', { name: 'Commander' })).toBeVisible();
    await expect(main(page).locator('[data-credit-only]')).toHaveCount(2);
    await expect(main(page).getByText('Prix à crédit')).toBeHidden();
    await expect(creditButtons(page)).toHaveCount(0);
    await hydrated(page, 'ProductActions');
    await expect(main(page).getByText('Prix à crédit')).toBeHidden();
    await expect(creditButtons(page)).toHaveCount(0);
  });
}
