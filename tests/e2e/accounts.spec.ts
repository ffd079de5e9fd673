/** Browser journeys of accounts: sign-up with the code from the outbox, login, protected pages, session, logout, member features. */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, DEMO, frameLive, holdIslandCode, hydrated, outboxCode, scriptsOf, watchConsole } from '../fixtures/journeys.ts';

/** Fills and sends the login form: the form itself is what these journeys test (the others use the fixtures' logIn). */
async function logIn(page: Page, username: string, password: string) {
  await hydrated(page, 'LoginForm');
  await page.getByLabel('E-mail ou téléphone').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const header = (page: Page) => page.getByRole('banner');

// Any console error, uncaught error or CSP violation fails a journey, except the refusals a journey provokes on purpose.
const { allow } = watchConsole();
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
});

test('sign up, verify the code (typing, Backspace, paste, typed before the screen’s code arrived), log in, stay logged in, log out', async ({
  page,
}) => {
  // 'Renvoyer' at once: the server refuses (one code a minute) and the refused call is logged (§8).
  allow(
    /status of 429 \(Too Many Requests\)/,
    /^Erreur lors de l’envoi du code FetchError: \[GET\] "\/api\/partner\/[^/]+\/otp-resend": 429/,
  );
  const email = `awa.${Date.now()}@exemple.sn`;
  const phone = `77${String(Date.now()).slice(-7)}`;
  await page.goto('/signup');
  await hydrated(page, 'SignupForm');
  await page.getByLabel('Nom complet').fill('Awa Diop');
  await page.getByLabel('Téléphone').fill(phone);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('court');
  await page.getByLabel('Confirmer le mot de passe').fill('court');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Mot de passe trop court : Au moins 8 caractères, dont une lettre et un chiffre.')).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill('Jolof2026');
  await page.getByLabel('Confirmer le mot de passe').fill('Jolof2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await expect(page).toHaveURL(`/verification-code?email=${encodeURIComponent(email)}`);
  await expect(page.locator('form strong')).toHaveText(email);
  const code = await outboxCode(email);
  expect(await outboxCode(`221${phone}`)).toBe(code);
  const box = (n: number) => page.getByLabel(`Chiffre ${n} sur 4`);

  // A code went out a moment ago: 'Renvoyer', tapped as soon as the screen is ready, shows the server's own reason and
  // counts down to when it may ask again.
  await hydrated(page, 'OtpForm');
  await page.getByRole('button', { name: 'Renvoyer', exact: true }).click();
  await expect(page.locator('form').getByRole('status')).toHaveText(
    /^Un code vient d’être demandé pour ce contact \(un par minute\)\. Veuillez réessayer dans (\d+ secondes|1 minute)\.$/,
  );
  const waiting = page.getByRole('button', { name: /^Renvoyer \(\d+ s\)$/ });
  await expect(waiting).toBeDisabled();
  const first = Number((await waiting.textContent())!.match(/\d+/)![0]);
  await expect.poll(async () => Number((await waiting.textContent())!.match(/\d+/)?.[0] ?? 0), { timeout: 5000 }).toBeLessThan(first);

  // Fewer than 4 digits.
  await box(1).pressSequentially(`a${code[0]}`);
  await expect(box(1)).toHaveValue(code[0]!);
  await expect(box(2)).toBeFocused();
  await page.getByRole('button', { name: 'Vérifier le code OTP' }).click();
  await expect(page.getByText('Veuillez entrer les 4 chiffres du code OTP')).toBeVisible();

  // Typing moves forward; Backspace on an empty box moves back.
  await box(2).click();
  await page.keyboard.type(code.slice(1, 3));
  await expect(box(4)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(box(3)).toBeFocused();
  await expect(box(3)).toHaveValue('');

  // Pasting four digits fills all the boxes.
  await box(1).focus();
  await box(1).evaluate(
    (el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    ` ${code.split('').join('-')} `,
  );
  for (let i = 1; i <= 4; i++) await expect(box(i)).toHaveValue(code[i - 1]!);

  // Typed before the screen's code arrived (a slow network): the four digits land in the first box and are spread over
  // the four once the boxes are live, then verified.
  const release = await holdIslandCode(page, 'OtpForm');
  await page.reload();
  await box(1).click();
  await page.keyboard.type(code);
  await expect(box(1)).toHaveValue(code);
  release();
  await hydrated(page, 'OtpForm');
  for (let i = 1; i <= 4; i++) await expect(box(i)).toHaveValue(code[i - 1]!);
  await page.getByRole('button', { name: 'Vérifier le code OTP' }).click();

  await expect(page).toHaveURL(/\/login\?mail=/);
  await hydrated(page, 'LoginForm');
  await expect(page.getByLabel('E-mail ou téléphone')).toHaveValue(email);
  await expect(page.getByText('Vérification code réussie !')).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill('Jolof2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/');

  await frameLive(page);
  await header(page).getByRole('link', { name: 'Mon profil' }).click();
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await hydrated(page, 'ProfilePage');
  await expect(page.getByLabel('Nom complet')).toHaveValue('Awa Diop');
  await expect(page.getByLabel('Téléphone')).toHaveValue(`221${phone}`);
  await expect(page.getByText('Pas d’adhésion au crédit')).toBeVisible();

  await page.getByLabel('Nom complet').fill('Awa Diop Ndiaye');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré.')).toBeVisible();

  await page.reload();
  await hydrated(page, 'ProfilePage');
  await expect(page.getByLabel('Nom complet')).toHaveValue('Awa Diop Ndiaye');

  // A new e-mail waits for the code sent to it; until then the account keeps the old one.
  const newEmail = `awa.nouvelle.${Date.now()}@exemple.sn`;
  await page.getByLabel('Adresse e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré. Confirmez le nouveau contact avec le code reçu.')).toBeVisible();
  await expect(page.getByText(`Un code a été envoyé par e-mail à ${newEmail}.`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Veuillez entrer les 4 chiffres du code OTP')).toBeVisible();
  await page.getByLabel('Code reçu à la nouvelle adresse (4 chiffres)').fill(await outboxCode(newEmail));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Nouvelle adresse e-mail confirmée.')).toBeVisible();
  await page.reload();
  await hydrated(page, 'ProfilePage');
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(newEmail);

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/login');
  expect((await page.context().cookies()).filter((c) => c.name.endsWith('_prod'))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
});

test('a protected page visited logged out goes to /login without rendering, then comes back after login', async ({ page, request }) => {
  // Order 12 is not this customer's: the details page asks, and the API answers 404 (logged, §8).
  allow(/status of 404 \(Not Found\)/, /^Erreur lors de la récupération de la commande FetchError: \[GET\] "\/api\/getcommande\/12": 404/);
  const direct = await request.get('/checkout', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe('/login?redirect=%2Fcheckout');
  expect(await direct.text()).not.toContain('Paiement');

  await page.goto('/commandes/12/détails');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcommandes%2F12%2Fd/);
  await logIn(page, ...DEMO.customer);
  await expect(page.getByRole('heading', { name: 'Détails de la commande' })).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/commandes/12/détails');
});

test('login never redirects off the site, and a wrong password is refused in French', async ({ page }) => {
  allow(/status of 401 \(Unauthorized\)/, /^Erreur lors de la récupération des jetons FetchError: \[GET\] "\/api\/auth\/get_tokens": 401/);
  await page.goto('/login?redirect=//evil.example/x');
  await logIn(page, DEMO.customer[0], 'Mauvais#1');
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.customer[1]);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/');
});

test('a login sent before the form’s code arrived never puts the password in the address: the page comes back, and the live form logs in', async ({
  page,
}) => {
  // The pages' addresses (the §7 token call itself takes the password in its query, as the spec says).
  const addresses: string[] = [];
  page.on('request', (r) => void (r.isNavigationRequest() && addresses.push(r.url())));
  const release = await holdIslandCode(page, 'LoginForm');
  await page.goto('/login');
  await page.getByLabel('E-mail ou téléphone').fill(DEMO.customer[0]);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.customer[1]);
  const back = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login');
  await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
  expect((await back).status()).toBe(303);
  await expect(page).toHaveURL('/login');
  release();
  await logIn(page, ...DEMO.customer);
  await expect(page).toHaveURL('/');
  await frameLive(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mon profil' })).toBeVisible();
  expect(addresses.filter((u) => u.includes(encodeURIComponent(DEMO.customer[1])) || u.includes(DEMO.customer[1]))).toEqual([]);
});

test('the login, sign-up, password and code screens are drawn by the server from their address’s query, and hydrate at once', async ({
  page,
  request,
}) => {
  const screens = [
    ['/signup', 'SignupForm'],
    ['/forgot-password', 'ForgotPasswordForm'],
    ['/new-password', 'NewPasswordForm'],
    ['/signup?info=manquante', 'SignupForm'],
    ['/new-password?u=awa%40exemple.sn&sent=email', 'NewPasswordForm'],
    ['/verification-code?email=awa%40exemple.sn', 'OtpForm'],
    ['/login?redirect=%2Fprofile', 'LoginForm'],
    ['/login?mail=awa%40exemple.sn&verified=1', 'LoginForm'],
  ] as const;
  for (const [path, name] of screens) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`/${name}.`);
    await page.goto(path);
    await hydrated(page, name);
    // What the address says is drawn by the server, and stays once hydrated.
    if (path === '/signup?info=manquante') {
      expect(html).toContain('Information utilisateur manquante. Veuillez vous inscrire à nouveau.');
      await expect(page.getByRole('alert')).toHaveText('Information utilisateur manquante. Veuillez vous inscrire à nouveau.');
    }
    if (path.startsWith('/new-password?')) {
      expect(html).toContain('Si un compte correspond, un code valable 10 minutes vient d’être envoyé par e-mail.');
      await expect(page.getByLabel('E-mail ou téléphone')).toHaveValue('awa@exemple.sn');
    }
    if (path.startsWith('/login?mail=')) {
      expect(html).toContain('Vérification code réussie ! Vous pouvez vous connecter.');
      await expect(page.getByLabel('E-mail ou téléphone')).toHaveValue('awa@exemple.sn');
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Vérification code réussie ! Vous pouvez vous connecter.');
    }
    if (path.startsWith('/login?redirect='))
      await expect(page.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup?redirect=%2Fprofile');
    if (path.startsWith('/verification-code')) {
      expect(html).toContain('awa@exemple.sn');
      await expect(page.getByText('Saisissez le code à 4 chiffres envoyé par e-mail à awa@exemple.sn et par SMS.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
        'href',
        '/login?mail=awa%40exemple.sn',
      );
    }
  }
});

test('a member sees the credit features; a plain customer does not', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ...DEMO.member);
  await expect(page).toHaveURL('/');
  await frameLive(page);
  await expect(header(page).getByRole('link', { name: 'Panier à crédit' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Déconnexion' })).toBeVisible();
  await page.goto('/profile');
  await hydrated(page, 'ProfilePage');
  await expect(page.getByText('Adhésion acceptée : achat à crédit ouvert')).toBeVisible();

  // The nav's Déconnexion link ends the session too.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL('/login');
  await frameLive(page);
  await expect(header(page).getByRole('link', { name: 'Panier à crédit' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Connexion' })).toBeVisible();

  await logIn(page, ...DEMO.customer);
  await expect(page).toHaveURL('/');
  await frameLive(page);
  await expect(header(page).getByRole('link', { name: 'Mon profil' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Panier à crédit' })).toHaveCount(0);
});

test('an unverified account is sent to its code instead of being logged in', async ({ page, request }) => {
  // Logging in asks for a new code, but sign-up sent one a moment ago: the server refuses (one a minute).
  allow(
    /status of 429 \(Too Many Requests\)/,
    /^Erreur lors de l’envoi du code FetchError: \[GET\] "\/api\/partner\/[^/]+\/otp-resend": 429/,
  );
  const email = `nouveau.${Date.now()}@exemple.sn`;
  const phone = `76${String(Date.now()).slice(-7)}`;
  const created = await request.post('/api/new_compte', {
    data: { name: 'Ibou Fall', email, partner_phone: phone, password: 'Teranga2026' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/login');
  await logIn(page, email, 'Teranga2026');
  await expect(page).toHaveURL(`/verification-code?email=${encodeURIComponent(email)}`);
  expect((await page.context().cookies()).filter((c) => c.name.endsWith('_prod'))).toEqual([]);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
});

test('digits typed into the sleeping code boxes are spread one a box once the screen is live, and the validator waits for a verify', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const release = await holdIslandCode(page, 'OtpForm');
  await page.goto('/verification-code?email=awa%40exemple.sn');
  const box = (n: number) => page.getByLabel(`Chiffre ${n} sur 4`);
  await box(1).click();
  await page.keyboard.type('4815');
  await expect(box(1)).toHaveValue('4815');
  await expect(page.locator('astro-island[component-url*="/OtpForm."]')).toHaveAttribute('ssr', '');
  release();
  await hydrated(page, 'OtpForm');
  for (const [i, d] of [...'4815'].entries()) await expect(box(i + 1)).toHaveValue(d);
  await expect(box(4)).toBeFocused();
  await expect(box(1)).toHaveAttribute('maxlength', '2');
  expect(scripts.filter((s) => /\/(zod|account\.store)\./.test(s))).toEqual([]);
});

test('the code screen without an e-mail sends back to sign-up', async ({ page, request }) => {
  const direct = await request.get('/verification-code', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe('/signup?info=manquante');
  await page.goto('/verification-code');
  await expect(page).toHaveURL('/signup?info=manquante');
  await expect(page.getByRole('alert')).toHaveText('Information utilisateur manquante. Veuillez vous inscrire à nouveau.');
});

// The password journeys change the demo's second parent account, which no other journey signs in as.
test('forgot password: a code by e-mail, a new password, and the old one stops working', async ({ page }) => {
  // The old password, tried once more, is refused.
  allow(/status of 401 \(Unauthorized\)/, /^Erreur lors de la récupération des jetons FetchError: \[GET\] "\/api\/auth\/get_tokens": 401/);
  await page.goto('/forgot-password');
  await hydrated(page, 'ForgotPasswordForm');
  await page.getByLabel('E-mail ou téléphone').fill('partenaire@boutique.sn');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await expect(page).toHaveURL(/\/new-password\?u=partenaire%40boutique\.sn/);
  await hydrated(page, 'NewPasswordForm');
  const code = await outboxCode('partenaire@boutique.sn');
  await expect(page.getByLabel('E-mail ou téléphone')).toHaveValue('partenaire@boutique.sn');
  await page.getByLabel('Code reçu (4 chiffres)').fill(code);
  await page.getByLabel('Nouveau mot de passe').fill('Partenaire#2027');
  await page.getByLabel('Confirmer le mot de passe').fill('Partenaire#2027');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/login\?mail=partenaire%40boutique\.sn&reset=1/);
  await logIn(page, 'partenaire@boutique.sn', 'Partenaire#2026');
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Partenaire#2027');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/');
});

test('forgot password by phone: a code by SMS, the wait shown when asked again at once, then a new password', async ({ page }) => {
  allow(
    /status of 429 \(Too Many Requests\)/,
    /^Erreur lors de la demande de réinitialisation FetchError: \[GET\] "\/api\/reset-password-sms\/221701234567": 429/,
  );
  await page.goto('/forgot-password');
  await hydrated(page, 'ForgotPasswordForm');
  await page.getByLabel('E-mail ou téléphone').fill('42');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await expect(page.getByText('Indiquez une adresse e-mail ou un numéro de téléphone valide.')).toBeVisible();
  await page.getByLabel('E-mail ou téléphone').fill('70 123 45 67');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await expect(page).toHaveURL('/new-password?u=221701234567&sent=phone');
  await expect(page.getByText('Si un compte correspond, un code valable 10 minutes vient d’être envoyé par SMS.')).toBeVisible();
  const code = await outboxCode('221701234567');

  // Asked again within the minute: the server's sentence, and the button counts down.
  await page.goto('/forgot-password');
  await hydrated(page, 'ForgotPasswordForm');
  await page.getByLabel('E-mail ou téléphone').fill('+221 70 123 45 67');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^Un code vient d’être demandé pour ce contact \(un par minute\)\. Veuillez réessayer dans (\d+ secondes|1 minute)\.$/,
  );
  await expect(page.getByRole('button', { name: /^Recevoir un code \(\d+ s\)$/ })).toBeDisabled();
  await expect(page).toHaveURL('/forgot-password');

  await page.goto('/new-password?u=221701234567&sent=phone');
  await hydrated(page, 'NewPasswordForm');
  await expect(page.getByLabel('E-mail ou téléphone')).toHaveValue('221701234567');
  await page.getByLabel('Code reçu (4 chiffres)').fill(code);
  await page.getByLabel('Nouveau mot de passe').fill('Partenaire#2028');
  await page.getByLabel('Confirmer le mot de passe').fill('Partenaire#2028');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/login\?mail=221701234567&reset=1/);
  await logIn(page, '701234567', 'Partenaire#2028');
  await expect(page).toHaveURL('/');
});

test('the account screens have no detectable accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/signup', '/verification-code?email=a%40b.sn', '/forgot-password', '/new-password']) {
    await page.goto(path);
    const violations = await axeViolations(page);
    expect(violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});
