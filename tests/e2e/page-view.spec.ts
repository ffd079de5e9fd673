/** Browser journey of §2 "Shared frame": the current path reported as a `page_view`, also after a back/forward cache restore. */
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from '../fixtures/journeys.ts';

// Playwright turns Chromium's back/forward cache off by default; this file needs it on.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});
watchConsole();

/** `page_view` events pushed so far in this document. */
const pageViews = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((e) => e.event === 'page_view'));

test('page_view: once per page with its path, again on a back/forward cache restore', async ({ page }) => {
  await page.goto('/informations');
  await expect.poll(() => pageViews(page)).toEqual([{ event: 'page_view', page_path: '/informations' }]);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect.poll(() => pageViews(page)).toEqual([{ event: 'page_view', page_path: '/faq' }]);

  // A restored page fires no load event: wait for the URL only.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/informations$/);
  await expect
    .poll(() => pageViews(page))
    .toEqual([
      { event: 'page_view', page_path: '/informations' },
      { event: 'page_view', page_path: '/informations' },
    ]);
  // The same document came back from the cache (a reload would say 'back_forward' and hold one event).
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('navigate');

  // A new page after that: one event of its own.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Livraison et retours', exact: true }).click();
  await expect(page).toHaveURL(/\/livraison-et-retours$/);
  await expect.poll(() => pageViews(page)).toEqual([{ event: 'page_view', page_path: '/livraison-et-retours' }]);
});
