/**
 * Server reads of a member's own screens (§2 `/profile` and the order details routes) with the access token of the §3
 * `token` cookie, so the first view is drawn whole by the server and no island code is needed until a touch.
 */
import type { AstroGlobal } from 'astro';
import { FetchError } from 'ofetch';
import * as z from '../../domain/zod.ts';
import { profileViewSchema, type ProfileView } from '../../domain/account.ts';
import { sessionValuesSchema, type SessionValues } from '../../domain/auth.ts';
import { orderSchema, type Order } from '../../domain/orders.schema.ts';
import { myInstalmentsSchema, type MyInstalments } from '../../domain/instalment-payments.schema.ts';
import { defaultAddress, deliveryAddressSchema, type DeliveryAddress } from '../../domain/addresses.ts';
import { callApi, createApi, type ApiClient } from '../../lib/api.ts';
import { apiBaseURL } from '../catalogue/server-data.ts';
import type { OrderView } from '../orders/order-views.store.ts';
import type { WelcomeStanding } from '../../domain/welcome.ts';
import { welcomeStandingSchema } from '../../domain/welcome.schema.ts';
import { COOKIE_SUFFIX, cookieName, decodeUserInfo } from './session-cookies.ts';

type Cookies = Pick<AstroGlobal, 'cookies'>;

/** Cache-Control of a member's screens: their own data, kept by no shared or browser cache. */
export const PRIVATE_PAGE = 'private, no-store';

/** What the profile island shows on arrival: the account, the session values it refreshes, the orders (newest first), the delivery addresses (null when unread). */
export interface ProfileFirstView {
  profile: ProfileView;
  session: SessionValues | null;
  orders: Order[];
  addresses: DeliveryAddress[] | null;
  /** « Mes échéances » (§6), null when unread: the island then reads it itself. */
  instalments: MyInstalments | null;
}

// A refused or expired token (401) and an order of someone else (404) are answers the page handles, not failures.
const quiet = (message: string, error: unknown) => {
  if (!(error instanceof FetchError && (error.status === 401 || error.status === 404))) console.error(message, error);
};

/** A client sending the cookie's token; it never refreshes (the refresh token lives in the browser only). */
function memberApi(astro: Cookies): ApiClient | null {
  const token = astro.cookies.get(cookieName('token', COOKIE_SUFFIX))?.value;
  if (!token) return null;
  return createApi({ baseURL: apiBaseURL(), timeout: 8000, getAccessToken: () => token, log: quiet });
}

/** The profile and orders of the member the cookies name; null when the server cannot read them (no token, expired or refused, API down). */
export async function profileFirstView(astro: Cookies): Promise<ProfileFirstView | null> {
  const client = memberApi(astro);
  const id = decodeUserInfo(astro.cookies.get(cookieName('user_info', COOKIE_SUFFIX))?.value)?.id;
  if (!client || !id) return null;
  try {
    const [raw, orders, addresses, instalments] = await Promise.all([
      callApi(z.unknown(), 'Erreur lors de la récupération du profil', `/api/users/${id}/compte`, { client }),
      callApi(z.array(orderSchema), 'Erreur lors de la récupération des commandes', `/api/commandes/${id}`, { client }),
      // The addresses and instalments are parts of the screen the island can read itself: their failure does not hide the rest.
      readAddresses(client, id),
      callApi(myInstalmentsSchema, 'Erreur lors de la récupération des échéances', '/api/echeances', { client }).catch(() => null),
    ]);
    const session = sessionValuesSchema.safeParse(raw);
    return { profile: profileViewSchema.parse(raw), session: session.success ? session.data : null, orders, addresses, instalments };
  } catch {
    return null;
  }
}

/**
 * One order of the member (`GET /api/getcommande/{id}`, which answers 404 for an order that is not the caller's):
 * ready or missing; null when the server cannot read it (no token, expired or refused, API down).
 */
export async function orderFirstView(astro: Cookies, id: number): Promise<Extract<OrderView, { status: 'ready' | 'missing' }> | null> {
  if (id <= 0) return { status: 'missing' };
  const client = memberApi(astro);
  if (!client) return null;
  try {
    return {
      status: 'ready',
      order: await callApi(orderSchema, 'Erreur lors de la récupération de la commande', `/api/getcommande/${id}`, { client }),
    };
  } catch (err) {
    return err instanceof FetchError && err.status === 404 ? { status: 'missing' } : null;
  }
}

/** Whether the member's next order gets the welcome offer (`GET /api/offre-bienvenue`), for checkout's first view; null when unread. */
export async function welcomeFirstView(astro: Cookies): Promise<WelcomeStanding | null> {
  const client = memberApi(astro);
  if (!client) return null;
  return callApi(welcomeStandingSchema, 'Erreur lors de la lecture de l’offre de bienvenue', '/api/offre-bienvenue', { client }).catch(
    () => null,
  );
}

const readAddresses = (client: ApiClient, id: number): Promise<DeliveryAddress[] | null> =>
  callApi(z.array(deliveryAddressSchema), 'Erreur lors de la récupération des adresses', `/api/users/${id}/adresses`, { client }).catch(
    () => null,
  );

/** Where an order of the member goes unless they change it: the default delivery address, else an empty address and the `phone` given (the profile's). */
export async function deliveryFirstView(astro: Cookies, phone: string): Promise<{ adresse: string; telephone: string }> {
  const client = memberApi(astro);
  const id = decodeUserInfo(astro.cookies.get(cookieName('user_info', COOKIE_SUFFIX))?.value)?.id;
  const saved = client && id ? defaultAddress((await readAddresses(client, id)) ?? []) : undefined;
  return saved ? { adresse: saved.adresse, telephone: saved.telephone } : { adresse: '', telephone: phone };
}
