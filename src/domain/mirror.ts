/**
 * The cookie mirror of a list kept in browser storage (§3 "Browser storage": cart, wishlist, preorder, creditOrder and
 * the comparison): product ids and quantities, and the unit price the shopper last saw (collections), so the server can
 * draw the screen the island hydrates, a price that moved since included (§4 "Pricing"). The shopper's
 * copy stays in local storage; this is a view of it, read as untrusted input.
 */
import { householdCap } from './quantity.ts';

/** One mirrored line: a product id, its quantity and, for a collection's line, the unit price stored with it. */
export interface MirrorLine {
  id: number;
  quantity: number;
  price?: number;
}

/** The most lines a mirror carries (a collection's own cap). */
export const MIRROR_MAX = 200;

/** Cookie name of each mirrored list. */
export const mirrorCookies = {
  cart: 'boutique_cart',
  wishlist: 'boutique_wishlist',
  preorder: 'boutique_preorder',
  creditOrder: 'boutique_credit',
  compare: 'boutique_compare',
} as const;
export type MirroredList = keyof typeof mirrorCookies;

/** Cookie text of a list: `id.quantity` (or `id.quantity.price`) joined by `_` (characters a cookie value takes as they are). */
export function encodeMirror(lines: readonly MirrorLine[]): string {
  return lines
    .slice(0, MIRROR_MAX)
    .map((l) => (l.price === undefined ? `${l.id}.${l.quantity}` : `${l.id}.${l.quantity}.${l.price}`))
    .join('_');
}

const PAIR = /^([1-9]\d{0,9})\.([1-9]\d{0,2})(?:\.(0|[1-9]\d{0,8}))?$/;

/** The one reader of a mirror cookie: well-formed pairs in order, ids once, quantities brought to 1…householdCap; anything else is dropped. */
export function decodeMirror(text: string | undefined | null): MirrorLine[] {
  if (!text) return [];
  const out: MirrorLine[] = [];
  const seen = new Set<number>();
  for (const pair of text.split('_', MIRROR_MAX)) {
    const m = PAIR.exec(pair);
    if (!m) continue;
    const id = Number(m[1]);
    if (id > 2_147_483_647 || seen.has(id)) continue;
    seen.add(id);
    const line: MirrorLine = { id, quantity: Math.min(Number(m[2]), householdCap) };
    if (m[3] !== undefined) line.price = Number(m[3]);
    out.push(line);
  }
  return out;
}
