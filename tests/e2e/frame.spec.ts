/** Browser journeys of the shared frame: home, navigation, an information page, 404 and the phone drawer. */
import { expect, test, type Page } from '@playwright/test';
import { EARLY_TAPS_SCRIPT } from '../../src/features/frame/early-taps.ts';
import { MEMBER_MARKS_SCRIPT } from '../../src/features/account/member-marks.ts';
import { DEMO, frameLive, hydrated, logIn } from '../fixtures/journeys.ts';

const HOME_HEADING = 'Équipez votre maison au juste prix';
const FRAME_SCRIPT = /^\/_astro\/ContactDock\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/;
const LIVE_SCRIPT = /^\/_astro\/Layout\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/;
const HEADER_ISLANDS = /\/_astro\/(MobileDrawer|CategoryMenu|SearchBox)\.[\w-]+\.js$/;

/** Collects console errors, uncaught errors and CSP violations; `allow` lists expected console errors. */
function watchProblems(page: Page, allow: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !allow.some((re) => re.test(m.text()))) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.beforeEach(async ({ page }) => {
  // Init scripts run outside the page's CSP, so this listener sees every violation.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
});

test('the home page renders with its title, heading and frame', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/');
  await expect(page).toHaveTitle(/\| Boutique$/);
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir la boutique' })).toHaveAttribute('href', '/boutique');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('search').getByRole('combobox', { name: 'Rechercher un produit' })).toHaveAttribute('name', 'search');
  for (const name of ['Liste de souhaits', 'Panier', 'Panier de précommande', 'Se connecter']) {
    await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused();
  await frameLive(page);
  expect(problems).toEqual([]);
});

test('the navigation bar links to every section and leads to the information pages', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  const expected: Array<[string, string]> = [
    ['Accueil', '/'],
    ['Boutique', '/boutique'],
    ['En promo', '/en-promo'],
    ['Promo Tabaski', '/promo-tabaski'],
    ['A Crédit', '/credit-commandes'],
    ['Informations', '/informations'],
    ['Connexion', '/login'],
  ];
  for (const [name, href] of expected) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: 'Accueil', exact: true })).toHaveAttribute('aria-current', 'page');

  await hydrated(page, 'CategoryMenu');
  const categories = nav.getByRole('button', { name: 'Catégories' });
  await categories.click();
  await expect(categories).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Toutes les catégories' })).toHaveAttribute('href', '/boutique?category=All&page=1');
  await page.keyboard.press('Escape');
  await expect(categories).toHaveAttribute('aria-expanded', 'false');

  await nav.getByRole('link', { name: 'Informations', exact: true }).click();
  await expect(page).toHaveURL(/\/informations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Qui sommes-nous ?' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an information page has its own heading and ships no script beyond the header islands and the frame script, islands hydrated when idle or visible', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const scriptUrls: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scriptUrls.push(new URL(r.url()).pathname));
  await page.goto('/livraison-et-retours');
  await expect(page).toHaveTitle('Livraison et retours | Boutique');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Livraison gratuite à Dakar/);
  await expect(page.getByRole('heading', { level: 1, name: 'Livraison et retours' })).toBeVisible();
  await frameLive(page);

  // Astro's own inline hydration runtime, the head's two inline scripts (member marks reading the session cookies, and
  // the early taps' holder), and two external scripts: the frame's few lines (contacts, worker, page_view) and its live
  // parts (counts, session links, toasts, collection reactions).
  const scripts = await page.locator('script').evaluateAll(
    (els, [marks, taps]) =>
      els.map((s) => ({
        src: s.getAttribute('src'),
        head: s.textContent === marks ? 'marks' : s.textContent === taps ? 'taps' : null,
        inHead: !!s.closest('head'),
        astro: /self\.Astro|astro-island/.test(s.textContent ?? ''),
      })),
    [MEMBER_MARKS_SCRIPT, EARLY_TAPS_SCRIPT],
  );
  const external = scripts.filter((s) => s.src !== null);
  expect(external.map((s) => s.src)).toEqual([expect.stringMatching(FRAME_SCRIPT), expect.stringMatching(LIVE_SCRIPT)]);
  const inline = scripts.filter((x) => x.src === null);
  expect(inline.filter((s) => s.head && s.inHead).map((s) => s.head)).toEqual(['marks', 'taps']);
  for (const s of inline.filter((x) => !x.head)) expect(s.astro).toBe(true);
  // Every island is the frame's (the header's, or the toast region's), and hydrates once the page is idle (the category
  // menu when it shows), so the first tap runs its own handler.
  const islands = await page.locator('astro-island').evaluateAll((els) =>
    els.map((el) => ({
      url: el.getAttribute('component-url') ?? '',
      place: el.closest('header') ? 'header' : el.closest('#toasts') ? 'toasts' : 'page',
      client: el.getAttribute('client'),
    })),
  );
  expect(islands.length).toBeGreaterThan(0);
  for (const island of islands) {
    expect(['idle', 'visible']).toContain(island.client);
    if (island.place === 'toasts') expect(island.url).toMatch(/\/_astro\/ToastList\.[\w-]+\.js$/);
    else expect({ place: island.place, url: island.url }).toEqual({ place: 'header', url: expect.stringMatching(HEADER_ISLANDS) });
  }
  expect(islands.filter((i) => i.place === 'toasts')).toHaveLength(1);
  for (const url of scriptUrls) expect(url).toMatch(/^\/_astro\//);

  const faq = page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true });
  await faq.click();
  const question = page.getByText('La livraison est-elle vraiment gratuite ?');
  await question.click();
  await expect(page.getByText('dans toute la région de Dakar (Dakar, Pikine')).toBeVisible();
  expect(problems).toEqual([]);
});

test('an unknown path shows the home content with status 404', async ({ page }) => {
  const problems = watchProblems(page, [/status of 404/]);
  const response = await page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Cette page n'existe pas : voici notre page d'accueil.")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(problems).toEqual([]);
});

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the drawer opens from the header, switches tabs and closes by Escape and overlay', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    const box = await toggle.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await hydrated(page, 'MobileDrawer');

    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Menu de navigation' });
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menuTab = drawer.getByRole('tab', { name: 'Menu' });
    const categoriesTab = drawer.getByRole('tab', { name: 'Catégories' });
    await expect(menuTab).toHaveAttribute('aria-selected', 'true');
    await expect(drawer.getByRole('link', { name: 'Informations' })).toHaveAttribute('href', '/informations');
    await expect(drawer.getByRole('link', { name: 'Connexion' })).toBeVisible();

    await categoriesTab.click();
    await expect(categoriesTab).toHaveAttribute('aria-selected', 'true');
    await expect(drawer.getByRole('tabpanel', { name: 'Catégories' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Toutes les catégories' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Informations' })).toBeHidden();

    // Keyboard: arrows move between tabs, Tab stays inside the open drawer.
    await categoriesTab.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(menuTab).toBeFocused();
    await expect(menuTab).toHaveAttribute('aria-selected', 'true');
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(350, 400); // on the overlay, right of the panel
    await expect(drawer).toBeHidden();

    await toggle.click();
    await drawer.getByRole('link', { name: 'Informations' }).click();
    await expect(page).toHaveURL(/\/informations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Qui sommes-nous ?' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  for (const who of ['visitor', 'member', 'admin'] as const)
    test(`the header's icons keep their places while the list is still arriving (${who})`, async ({ page }) => {
      if (who === 'member') await logIn(page, ...DEMO.member, '/');
      if (who === 'admin') await logIn(page, ...DEMO.admin, '/');
      await page.goto('/boutique');
      await frameLive(page);
      // A phone may paint before the whole list is parsed: the icons shown must not move as the next ones arrive.
      // Taking the list's last items away one by one stands for the moments before they were parsed.
      const places = () =>
        page.evaluate(() => {
          const list = document.querySelector('[data-header-icons]')!;
          const shown = [...list.querySelectorAll('a')].filter((a) => a.checkVisibility()).map((a) => a.getBoundingClientRect());
          const box = list.getBoundingClientRect();
          return { list: [box.left, box.right], icons: shown.map((r) => [r.left, r.top]) };
        });
      const whole = await places();
      expect(whole.icons).toHaveLength({ visitor: 4, member: 5, admin: 5 }[who]);
      // The list's width, from first paint, is that of the icons this shopper sees.
      expect(whole.list[0]).toBeCloseTo(whole.icons[0]![0]!, 0);
      expect(whole.list[1]).toBeCloseTo(whole.icons.at(-1)![0]! + 44, 0);
      const items = await page.locator('[data-header-icons] > li').count();
      for (let parsed = items - 1; parsed > 0; parsed--) {
        await page.evaluate(() => document.querySelector('[data-header-icons]')!.lastElementChild!.remove());
        const partial = await places();
        expect(partial.list, `${parsed} of ${items} items`).toEqual(whole.list);
        expect(partial.icons, `${parsed} of ${items} items`).toEqual(whole.icons.slice(0, partial.icons.length));
      }
    });

  test('a product card keeps what it shows in place while the rest of it arrives', async ({ page }) => {
    await page.goto('/boutique');
    await frameLive(page);
    // Each card of the first row, its last parts taken away one by one as if not parsed yet: what remains stays put.
    const tops = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main article')].slice(0, 2).map((card) => {
          const parts = [...card.querySelectorAll('p, button, li')].filter((el) => el.checkVisibility());
          return parts.map((el) => Math.round(el.getBoundingClientRect().top));
        }),
      );
    const whole = await tops();
    expect(whole.every((parts) => parts.length > 3)).toBe(true);
    for (let card = 0; card < 2; card++) {
      for (;;) {
        const removed = await page.evaluate((i) => {
          const article = document.querySelectorAll('main article')[i]!;
          const parts = [...article.querySelectorAll('p, button, li')].filter((el) => el.checkVisibility());
          if (parts.length <= 1) return false;
          parts.at(-1)!.remove();
          return true;
        }, card);
        if (!removed) break;
        const now = await tops();
        for (let i = 0; i < 2; i++) expect(now[i], `card ${i + 1}`).toEqual(whole[i]!.slice(0, now[i]!.length));
      }
    }
  });
});
