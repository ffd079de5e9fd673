/** Browser journeys of the frame's floating contacts (§1, §9): after-sales panel, WhatsApp button, call link. */
import { expect, test } from '@playwright/test';
import { hydrated, watchConsole } from '../fixtures/journeys.ts';

watchConsole();

type ApiProduct = { id: number; name: string; sale_ok: boolean };

test('the after-sales panel opens and closes with the keyboard and lists the contacts', async ({ page }) => {
  await page.goto('/informations');
  const toggle = page.getByRole('button', { name: 'Service après-vente', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const panel = page.getByRole('region', { name: 'Service après-vente — réponse sous 24h' });
  await expect(panel).toBeHidden();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Service client : +221 33 800 00 00' })).toHaveAttribute('href', 'tel:+221338000000');
  await expect(panel.getByRole('link', { name: 'WhatsApp : +221 77 000 00 01' })).toHaveAttribute('href', 'https://wa.me/221770000001');

  // Tab goes into the panel, Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('#sav-panel'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Space');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Fermer le service après-vente' }).press('Enter');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
});

const T0 = new Date('2026-11-20T10:00:00Z');

test('the WhatsApp button animates 2 s after 3 s, then again within 5 to 15 s', async ({ page }) => {
  // The page's clock stands still while it loads: the script's timers start from T0. Installed a minute before T0, so the
  // pause is ahead of the running clock however busy the machine is (about:blank has no timer to fire meanwhile).
  await page.clock.install({ time: new Date(T0.getTime() - 60_000) });
  await page.clock.pauseAt(T0);
  await page.goto('/');
  const button = page.getByRole('link', { name: 'Écrire à la boutique sur WhatsApp' });
  await expect(button).toHaveAttribute('href', 'https://wa.me/221770000001');
  const pulsing = () => button.evaluate((el) => el.hasAttribute('data-pulsing'));
  await page.clock.runFor(2900);
  expect(await pulsing()).toBe(false);
  await page.clock.runFor(200); // 3.1 s
  expect(await pulsing()).toBe(true);
  await page.clock.runFor(1800); // 4.9 s
  expect(await pulsing()).toBe(true);
  await page.clock.runFor(200); // 5.1 s: the 2 s are over
  expect(await pulsing()).toBe(false);
  await page.clock.runFor(4800); // 9.9 s: less than 5 s of pause
  expect(await pulsing()).toBe(false);
  let again = false;
  for (let t = 0; t < 10_200 && !again; t += 100) {
    await page.clock.runFor(100);
    again = await pulsing();
  }
  expect(again).toBe(true); // by 20.1 s
});

test('no animation when the shopper asks for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date(T0.getTime() - 60_000) });
  await page.clock.pauseAt(T0);
  await page.goto('/');
  const button = page.getByRole('link', { name: 'Écrire à la boutique sur WhatsApp' });
  await expect(button).toBeVisible();
  for (let i = 0; i < 30; i++) {
    await page.clock.runFor(1000);
    expect(await button.evaluate((el) => el.hasAttribute('data-pulsing'))).toBe(false);
  }
});

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the contacts and the call link never sit on the cart’s lines, buttons, links or toasts', async ({ page, request }) => {
    const products = ((await (await request.get('/api/produits')).json()) as ApiProduct[]).filter((p) => p.sale_ok).slice(0, 3);
    await page.addInitScript((products) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'cart',
        JSON.stringify(products.map((product) => ({ product, quantity: 1, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' }))),
      );
      localStorage.setItem('popupLastClosed', String(Date.now()));
    }, products);
    await page.goto('/cart');
    await hydrated(page, 'CollectionPage');
    // Hidden while it would cover a control (the third line's buttons may sit under it at first): found even then.
    const call = page.getByRole('link', { name: 'Appeler la boutique', includeHidden: true });
    await expect(call).toHaveAttribute('href', 'tel:+221338000000');
    const dock = [
      page.getByRole('button', { name: 'Service après-vente', exact: true }),
      page.getByRole('link', { name: 'Écrire à la boutique sur WhatsApp' }),
      call,
    ];

    /** Labels of the cart's lines, buttons, links, fields and toasts under a visible floating contact, at the current scroll. */
    const covered = () =>
      page.evaluate(() => {
        const dock = [...document.querySelectorAll('[data-dock-button]')].filter((el) => el.checkVisibility({ visibilityProperty: true }));
        const targets = [
          ...document.querySelectorAll(
            'main button, main input, main section a, main section[aria-label="Articles"] li, #toasts [role="status"], #toasts [role="alert"]',
          ),
        ];
        const meet = (a: DOMRect, b: DOMRect) =>
          a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return targets
          .filter((t) => dock.some((d) => meet(d.getBoundingClientRect(), t.getBoundingClientRect())))
          .map((t) => t.getAttribute('aria-label') || t.textContent?.trim() || t.tagName);
      });
    const frames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    let visibleAt = 0;
    for (let y = 0; y <= height; y += 80) {
      await page.evaluate((y) => window.scrollTo(0, y), y);
      await frames();
      expect(await covered(), `scrolled to ${y}px`).toEqual([]);
      if ((await dock[1]!.isVisible()) && (await call.isVisible())) visibleAt++;
    }
    // The contacts step aside only where they must, not for good.
    expect(visibleAt).toBeGreaterThan(0);

    // With a toast on screen (emptying the cart warns 'Panier vide'), nothing of it is under the contacts either.
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Panier vide' })).toBeVisible();
    await frames();
    expect(await covered()).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(dock[1]!).toBeVisible();
    expect(await covered()).toEqual([]);
  });

  test('the call link is for phones only', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Appeler la boutique' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Écrire à la boutique sur WhatsApp' })).toBeVisible();
  });
});
