// A signed-in shopper for the pages only members see (/credit-cart): signed in through the real login form, once.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './pages.mjs';

/** The demo's credit member (src/server/db/seed-data.ts). */
export const MEMBER = { username: 'membre@boutique.sn', password: 'Membre#2026' };

/**
 * Signs `who` in on /login in a fresh Chromium context and returns what the browser then holds for `base`: its cookies
 * (the §3 session cookies the server checks) and its localStorage items (the tokens the islands read).
 */
export async function signIn(base, chromiumPath, who = MEMBER) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail ou téléphone').fill(who.username);
    await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    const state = await context.storageState();
    const origin = new URL(base).origin;
    const items = Object.fromEntries(
      (state.origins.find((o) => o.origin === origin)?.localStorage ?? []).map(({ name, value }) => [name, value]),
    );
    return { cookies: state.cookies, items };
  } finally {
    await browser.close();
  }
}
