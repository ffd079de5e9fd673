/** Browser journey of a membership request (§6 credit members) on a 360 px phone: asked from the profile, accepted in the back office, credit opened. */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, hydrated, logIn, newCustomer, watchConsole } from '../fixtures/journeys.ts';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
test.use(PHONE);
watchConsole();
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
});

test('a customer asks for credit membership with a photo and a PDF, the admin accepts it, and credit opens', async ({
  page,
  browser,
  request,
}) => {
  // Letters only: the outbox's code is read as the first 4-digit number of the e-mail, which greets the customer by name.
  const name = `Awa Ndiaye ${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const { email, password } = await newCustomer(request, name);
  const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  await logIn(page, email, password, '/profile');
  await hydrated(page, 'ProfilePage');
  const main = page.getByRole('main');
  await expect(main.getByText('Pas d’adhésion au crédit')).toBeVisible();
  await main.getByRole('button', { name: 'Demander l’adhésion au crédit' }).click();
  const form = main.getByRole('form', { name: 'Demande d’adhésion au crédit' });
  // Sent empty: each field says what it needs, in French, beside it.
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(form.getByText('Indiquez votre employeur ou votre organisation.')).toBeVisible();
  await expect(form.getByText('Joignez votre pièce d’identité (photo ou PDF).')).toBeVisible();

  await form.getByLabel('Employeur ou organisation').fill('Port autonome de Dakar');
  await form.getByLabel('Revenu mensuel').selectOption({ label: '150 000 à 300 000 F' });
  await form.getByLabel(/^Compte parent/).selectOption({ label: 'Mutuelle des agents de Dakar' });
  for (const [group, file] of [
    ['Pièce d’identité', { name: 'cni.jpg', mimeType: 'image/jpeg', buffer: photo }],
    ['Justificatif de revenu', { name: 'bulletin.pdf', mimeType: 'application/pdf', buffer: pdf }],
  ] as const) {
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('group', { name: group }).getByRole('button', { name: 'Choisir un fichier' }).click();
    await (await chooser).setFiles(file);
    await expect(form.getByRole('group', { name: group }).getByText(file.name)).toBeVisible();
  }
  // Each error went as its field was changed.
  await expect(form.getByText('Indiquez votre employeur ou votre organisation.')).toHaveCount(0);
  await expect(form.getByText('Joignez votre pièce d’identité (photo ou PDF).')).toHaveCount(0);
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(main.getByText('Demande envoyée. Nous vous prévenons de notre décision par SMS et par e-mail.')).toBeVisible();
  await expect(main.getByText('Demande d’adhésion en cours d’examen')).toBeVisible();
  await expect(main.getByText(/^Demande envoyée le \d{1,2} \S+ \d{4}, en cours d’examen\.$/)).toBeVisible();

  // The admin, on their own phone, finds the request in the queue with its documents, and accepts it.
  const desk = await browser.newContext(PHONE);
  const admin = await desk.newPage();
  await logIn(admin, ...DEMO.admin, '/admin/adhesions');
  await hydrated(admin, 'AdminAdhesions');
  const item = admin.getByRole('listitem', { name: `Demande de ${name}` });
  await expect(item.getByText('Port autonome de Dakar')).toBeVisible();
  await expect(item.getByRole('definition').filter({ hasText: 'Mutuelle des agents de Dakar' })).toBeVisible();
  const opened = desk.waitForEvent('page');
  await item.getByRole('button', { name: `Pièce d’identité (photo) de ${name}` }).click();
  await expect((await opened).waitForURL(/^blob:/)).resolves.toBeUndefined();
  await expect(item.getByLabel(`Compte parent de ${name}`)).toHaveValue(/\d+/);
  await item.getByRole('button', { name: `Accepter la demande de ${name}` }).click();
  await expect(admin.getByText(`Adhésion de ${name} acceptée.`)).toBeVisible();
  await expect(item).toHaveCount(0);
  await desk.close();

  // Back on the profile, the member sees credit opened: the profile says so and the credit cart appears.
  await page.reload();
  await hydrated(page, 'ProfilePage');
  await expect(main.getByText('Adhésion acceptée : achat à crédit ouvert')).toBeVisible();
  // The parent account the admin attached (the seed's garant, Ibrahima Sarr of the Mutuelle des agents de Dakar).
  await expect(main.getByText('Ibrahima Sarr', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Panier à crédit/ })).toHaveCount(1);
});
