/**
 * The welcome offer of §1 and §9: a new customer's first order is reduced by a rate of its non-promotional lines, up to a
 * cap (by default 10 %, at most 20 000 FCFA), in whole francs rounded down. The retailer sets the terms in the back office;
 * the server applies them inside the order's transaction, the screens show the same figure from the same rule. No zod
 * here: the order screens draw the label without loading a validator (the schemas are in welcome.schema.ts).
 */
import { formatFCFA } from './money.ts';
import type { SaleType } from './orders.ts';

/** The offer as the retailer sets it: on or off, its rate (whole percent) and its cap (FCFA). */
export interface WelcomeTerms {
  active: boolean;
  rate: number;
  cap: number;
}

/** §1 "up to 20 000 FCFA off a first purchase": the terms until the retailer changes them. */
export const DEFAULT_WELCOME: Readonly<WelcomeTerms> = Object.freeze({ active: true, rate: 10, cap: 20_000 });

/**
 * The orders the offer reduces: ordinary orders and pre-orders (their tranches are then split from the reduced total).
 * Not credit orders, whose price is the financed one agreed with the parent account, and not packs, already at a pack price.
 */
const WELCOME_SALE_TYPES: readonly SaleType[] = ['order', 'preorder'];

/** A line as the offer reads it: what it costs, and whether its product is on promotion (never reduced, §9). */
export interface WelcomeLine {
  price_subtotal: number;
  promo: boolean;
}

/** The reduction on `lines` under `terms`: rate × the non-promotional subtotals, rounded down to the franc, at most the cap. */
export function welcomeReduction(terms: WelcomeTerms, lines: readonly WelcomeLine[]): number {
  if (!terms.active) return 0;
  const base = lines.reduce((sum, l) => (l.promo ? sum : sum + l.price_subtotal), 0);
  return Math.min(terms.cap, Math.floor((base * terms.rate) / 100));
}

/** Why an order gets no welcome reduction (null: it gets one). */
export const welcomeMisses = ['off', 'guest', 'unverified', 'not_first', 'kind', 'promo_only'] as const;
export type WelcomeMiss = (typeof welcomeMisses)[number];

/** The account an order is placed from, as the offer reads it; null for a guest. */
export type WelcomeAccount = { verified: boolean; earlierOrders: number } | null;

/** The order itself, as the offer reads it. */
export interface WelcomeOrder {
  saleType: SaleType;
  pack: boolean;
  lines: readonly WelcomeLine[];
}

/** What decides whether an order gets the offer. */
export interface WelcomeCase extends WelcomeOrder {
  terms: WelcomeTerms;
  account: WelcomeAccount;
}

/** Whether the retailer has the offer on (a cap of 0 gives nothing either). */
export const welcomeOn = (terms: WelcomeTerms): boolean => terms.active && terms.cap > 0;

/** Whether the offer is on, and the account may have it: verified, with no earlier order that was not cancelled (a cancelled first order gives it back). */
export function welcomeAccountMiss(terms: WelcomeTerms, account: WelcomeAccount): WelcomeMiss | null {
  if (!welcomeOn(terms)) return 'off';
  if (!account) return 'guest';
  if (!account.verified) return 'unverified';
  if (account.earlierOrders > 0) return 'not_first';
  return null;
}

/** Whether the order is one the offer reduces: an ordinary order or a pre-order, not a pack, holding a product not on promotion. */
export function welcomeOrderMiss(terms: WelcomeTerms, order: WelcomeOrder): WelcomeMiss | null {
  if (order.pack || !WELCOME_SALE_TYPES.includes(order.saleType)) return 'kind';
  if (welcomeReduction(terms, order.lines) === 0) return 'promo_only';
  return null;
}

/** Who gets it: the offer on, the account's first order (welcomeAccountMiss), and an order it reduces (welcomeOrderMiss). */
export function welcomeMiss(c: WelcomeCase): WelcomeMiss | null {
  return welcomeAccountMiss(c.terms, c.account) ?? welcomeOrderMiss(c.terms, c);
}

/** The reduction `c` gets: 0 when the offer does not apply. */
export function welcomeFor(c: WelcomeCase): number {
  return welcomeMiss(c) === null ? welcomeReduction(c.terms, c.lines) : 0;
}

/** The line above the total (checkout, validation, order details, back office). */
export function welcomeLabel(amount: number): string {
  return `Réduction de bienvenue − ${formatFCFA(amount)}`;
}

/** What the checkout says when the offer does not apply to this order (nothing when it is off or already used). */
export function welcomeMissText(miss: WelcomeMiss, terms: WelcomeTerms): string | null {
  switch (miss) {
    case 'guest':
      return `Créez un compte pour profiter de la réduction de bienvenue : jusqu’à ${formatFCFA(terms.cap)} sur votre première commande.`;
    case 'unverified':
      return 'Confirmez votre compte (code reçu par e-mail) pour profiter de la réduction de bienvenue.';
    case 'kind':
      return 'La réduction de bienvenue ne s’applique pas aux commandes à crédit ni aux packs.';
    case 'promo_only':
      return 'La réduction de bienvenue ne s’applique pas aux produits en promotion.';
    default:
      return null;
  }
}

/** Answer of `GET /api/offre-bienvenue` (its schema: welcome.schema.ts): the terms, whether the caller's next order may have it, and if not why. */
export interface WelcomeStanding extends WelcomeTerms {
  applies: boolean;
  miss: WelcomeMiss | null;
  message: string | null;
}

/** What checkout shows of the offer for `lines` of `saleType` (§2 `/checkout`): the reduction, or the sentence saying why there is none. */
export function welcomeQuote(
  standing: WelcomeStanding | null,
  saleType: SaleType,
  lines: readonly WelcomeLine[],
): { amount: number; note: string | null } {
  if (!standing) return { amount: 0, note: null };
  if (!standing.applies) return { amount: 0, note: standing.message };
  const miss = welcomeOrderMiss(standing, { saleType, pack: false, lines });
  return miss === null ? { amount: welcomeReduction(standing, lines), note: null } : { amount: 0, note: welcomeMissText(miss, standing) };
}
