/** Browser journey of the messages failed for good (§7 codes, confirmations, notices): the admin opens « Messages en échec » on a phone. */
import { expect, test } from '@playwright/test';
import { DEMO, hydrated, logIn, noSeriousViolation } from '../fixtures/journeys.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
});

test('the admin opens « Messages en échec »: every code of the journeys went out, so none is listed', async ({ page }) => {
  await logIn(page, ...DEMO.admin, '/admin');
  await page.goto('/admin/messages');
  await hydrated(page, 'AdminMessages');
  await expect(page.getByRole('heading', { name: 'Messages en échec', level: 1 })).toBeVisible();
  await expect(page.getByText('Aucun message en échec.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolation(page);
});
