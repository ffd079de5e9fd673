// The storefront's other island pages, each set up as a shopper reaches it: a code screen from sign-up, a pack from
// its link, a comparison and a cart kept in this browser, and a signed-in member's profile, checkout, validation,
// order and payment. The bench weighs each one's first view against React's floor like the pages it always weighed.
import { encodeMirror, mirrorCookies } from '../../src/domain/mirror.ts';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './pages.mjs';
import { MEMBER } from './session.mjs';

/** The cookie mirror a store keeps of `list` (src/domain/mirror.ts) with these lines, so the server draws the same screen. */
export function mirrorCookie(base, list, lines) {
  return { name: mirrorCookies[list], value: encodeMirror(lines), domain: new URL(base).hostname, path: '/' };
}

/** The cookie mirror of a collection kept as stored lines (JSON text, as localStorage holds it). */
export function storedMirror(base, list, stored) {
  return mirrorCookie(
    base,
    list,
    JSON.parse(stored).map((l) => ({ id: l.product.id, quantity: l.quantity })),
  );
}

async function call(base, path, init = {}) {
  const res = await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} : HTTP ${res.status} ${body?.message ?? ''}`);
  return body;
}

/** One order of the demo member (through the API, paid at delivery): what its detail page and /payment-state show. */
async function memberOrder(base) {
  const who = await call(base, `/api/auth/get_tokens?${new URLSearchParams(MEMBER)}`);
  const { products } = await call(base, '/api/produits-filtrer?limit=1');
  const p = products[0];
  return call(base, '/api/commandes', {
    method: 'POST',
    headers: { 'access-token': who.access_token, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      partner_id: who.user_info.id,
      type_sale: 'order',
      payment_mode: 'domicile',
      state: 'sale',
      order_lines: [{ id: p.id, quantity: 1, list_price: p.list_price }],
    }),
  });
}

/**
 * The draft /commande-validation confirms, made the way a member makes it: the filled cart on /checkout, an address,
 * 'Continuer vers la validation'. Returns the localStorage items the browser then holds.
 */
async function checkoutDraft(base, chromiumPath, member, cart, mirror) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
    await context.addCookies([...member.cookies, mirror]);
    const page = await context.newPage();
    await page.addInitScript(
      (items) => {
        if (!sessionStorage.getItem('filled')) {
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
          sessionStorage.setItem('filled', '1');
        }
      },
      { ...member.items, ...cart },
    );
    // 'Continuer vers la validation' waits for the island and its quote; a busy machine may take a while.
    await page.goto(`${base}/checkout?type=order`, { waitUntil: 'load', timeout: 60_000 });
    await page.getByLabel('Adresse de livraison').fill('Sacré-Cœur 3, villa 12, Dakar');
    await page.getByRole('button', { name: 'Continuer vers la validation' }).click();
    await page.waitForURL((url) => url.pathname === '/commande-validation', { timeout: 60_000 });
    const state = await context.storageState();
    const origin = new URL(base).origin;
    return Object.fromEntries((state.origins.find((o) => o.origin === origin)?.localStorage ?? []).map(({ name, value }) => [name, value]));
  } finally {
    await browser.close();
  }
}

/**
 * Paths of the island pages the bench did not weigh before, with the browser storage and cookies each is loaded with.
 * `items` are the filled collections (filledStorage), `member` the signed-in member (signIn).
 */
export async function islandPages(base, { chromiumPath, productId, packCode, member, items }) {
  const order = await memberOrder(base);
  const { products } = await call(base, '/api/produits-filtrer?limit=2');
  const compared = { compare: JSON.stringify(products), compareCount: String(products.length) };
  const cart = { cart: items.cart, popupLastClosed: items.popupLastClosed };
  // The cookie mirrors the stores keep beside local storage, so the server draws those screens.
  const cartMirror = storedMirror(base, 'cart', items.cart);
  const compareMirror = mirrorCookie(
    base,
    'compare',
    products.map((p) => ({ id: p.id, quantity: 1 })),
  );
  const draft = await checkoutDraft(base, chromiumPath, member, cart, cartMirror);
  const visitor = (path, storage = {}, cookies = []) => ({ path, storage, cookies });
  const signedIn = (path, storage = {}, cookies = []) => ({
    path,
    storage: { ...member.items, ...storage },
    cookies: [...member.cookies, ...cookies],
  });
  const detail = `/commandes/${order.id}/d%C3%A9tails`;
  return [
    visitor('/login?redirect=%2Fprofile'),
    visitor('/signup'),
    visitor('/forgot-password'),
    visitor('/verification-code?email=client%40boutique.sn'),
    visitor('/tracking-order'),
    visitor(packCode ? `/pack-promo?code=${encodeURIComponent(packCode)}` : '/pack-promo?code=—'),
    visitor('/products-compaire', compared, [compareMirror]),
    visitor('/hors-ligne', cart),
    visitor(`/payment-state?ref=${encodeURIComponent(order.reference)}`),
    signedIn('/profile'),
    signedIn('/checkout?type=order', cart, [cartMirror]),
    signedIn('/commande-validation?type=order', draft, [cartMirror]),
    signedIn(detail),
    // The listing and product routes' other addresses (§2), signed in: a member sees the credit parts, still without React.
    signedIn('/produits'),
    signedIn(productId ? `/produits/${productId}/details` : '/produits/—/details'),
  ];
}

/** The account screens whose first view may weigh no more than the listing's (/boutique). */
export const ACCOUNT_SCREENS = [
  '/login',
  '/login?redirect=%2Fprofile',
  '/signup',
  '/forgot-password',
  '/verification-code?email=client%40boutique.sn',
  '/profile',
];
