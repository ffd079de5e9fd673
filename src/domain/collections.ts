/** Collection rules of spec §3 "Cart line", "CRM record" and §4 "Collections", "Pricing", shared with the server. */
// zod/mini: this module is on every page (header counts), so its decoder must stay small.
import * as z from 'zod/mini';
import type { CrmRecord } from './crm.ts';
import { preorderTranches, shopperPrice } from './pricing.ts';

/** The four collections a shopper keeps. */
export const collectionKinds = ['cart', 'wishlist', 'preorder', 'creditOrder'] as const;
export type CollectionKind = (typeof collectionKinds)[number];

/** Most units of one product in a line; keeps totals and CRM records sane. */
export const maxQuantity = 99;

const text = (max: number) => z.string().check(z.maxLength(max));
const francs = z.int().check(z.minimum(0));
const orNull = <T extends z.ZodMiniType>(t: T) => z._default(z.nullable(t), null);

/** The part of a product a line keeps (what the screens, totals and CRM record read). */
export const lineProductSchema = z.object({
  id: z.int(),
  name: text(300),
  categ_id: orNull(text(300)),
  image_256: orNull(text(400_000)),
  list_price: francs,
  en_promo: z._default(z.boolean(), false),
  promo_price: orNull(francs),
  preorder_price: orNull(francs),
  is_creditorder: z._default(z.boolean(), false),
  creditorder_price: orNull(francs),
});
export type LineProduct = z.infer<typeof lineProductSchema>;

/** A line: the product plus quantity, date added (ISO) and the location text. */
export const lineSchema = z.object({
  product: lineProductSchema,
  quantity: z.int().check(z.minimum(1), z.maximum(maxQuantity)),
  date: text(40),
  location: z._default(text(200), ''),
});
export type Line = z.infer<typeof lineSchema>;

/** A persisted collection: a list of lines. */
export const linesSchema = z.array(lineSchema).check(z.maxLength(200));

/** The snapshot of a product kept in a line (a catalogue Product fits LineProduct). */
export function toLineProduct(p: LineProduct): LineProduct {
  return {
    id: p.id, name: p.name, categ_id: p.categ_id, image_256: p.image_256, list_price: p.list_price, en_promo: p.en_promo,
    promo_price: p.promo_price, preorder_price: p.preorder_price, is_creditorder: p.is_creditorder, creditorder_price: p.creditorder_price,
  };
}

/** Price of one unit in a collection: promo-aware for cart and wishlist, pre-order or credit price otherwise. */
export function unitPrice(kind: CollectionKind, p: Pick<LineProduct, 'list_price' | 'en_promo' | 'promo_price' | 'preorder_price' | 'creditorder_price'>): number {
  if (kind === 'preorder') return p.preorder_price ?? shopperPrice(p);
  if (kind === 'creditOrder') return p.creditorder_price ?? shopperPrice(p);
  return shopperPrice(p);
}

/** Total of one line. */
export function lineTotal(kind: CollectionKind, line: Pick<Line, 'product' | 'quantity'>): number {
  return unitPrice(kind, line.product) * line.quantity;
}

/** Total of a collection. */
export function collectionTotal(kind: CollectionKind, lines: readonly Pick<Line, 'product' | 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + lineTotal(kind, l), 0);
}

/** Number of units in a collection (the header count). */
export function itemCount(lines: readonly Pick<Line, 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** Pre-order instalments (30 %, 30 %, 40 %) of a pre-order collection. */
export function preorderPlan(lines: readonly Pick<Line, 'product' | 'quantity'>[]): [number, number, number] {
  return preorderTranches(collectionTotal('preorder', lines));
}

const clampQty = (q: number) => Math.min(maxQuantity, Math.max(1, Math.trunc(q)));

/** Adds a product: raises the quantity when present, except the wishlist which refuses duplicates (`added` false). */
export function addLine(kind: CollectionKind, lines: readonly Line[], product: LineProduct, date: string, location: string): { lines: Line[]; added: boolean } {
  const i = lines.findIndex((l) => l.product.id === product.id);
  if (i === -1) return { lines: [...lines, { product: toLineProduct(product), quantity: 1, date, location }], added: true };
  if (kind === 'wishlist') return { lines: [...lines], added: false };
  return { lines: lines.map((l, j) => (j === i ? { ...l, quantity: clampQty(l.quantity + 1) } : l)), added: true };
}

/** Removes the line of a product. */
export function removeLine(lines: readonly Line[], id: number): Line[] {
  return lines.filter((l) => l.product.id !== id);
}

/** Sets a line's quantity (1..99); zero or less removes the line. */
export function setLineQuantity(lines: readonly Line[], id: number, qty: number): Line[] {
  if (!Number.isFinite(qty) || qty < 1) return removeLine(lines, id);
  return lines.map((l) => (l.product.id === id ? { ...l, quantity: clampQty(qty) } : l));
}

/** Merges wishlist lines into the cart: present products gain one unit, others are appended. */
export function mergeIntoCart(cart: readonly Line[], wishlist: readonly Line[]): Line[] {
  let out: Line[] = [...cart];
  for (const w of wishlist) out = addLine('cart', out, w.product, w.date, w.location).lines;
  return out;
}

/** CRM type of each tracked collection (§3). */
export const crmTypes = { cart: 'commande', preorder: 'precommande', creditOrder: 'acredit' } as const;
export type CrmType = (typeof crmTypes)[keyof typeof crmTypes];
export type TrackedKind = keyof typeof crmTypes;

/** Location data of §3 (from the lookup). */
export const locationSchema = z.object({
  city: z._default(text(100), ''),
  region: z._default(text(100), ''),
  country: z._default(text(100), ''),
  ip: z._default(text(64), ''),
  loc: z._default(text(64), ''),
});
export type LocationData = z.infer<typeof locationSchema>;

/** One-line text of a location, e.g. "Dakar, Dakar, SN". */
export function locationText(l: LocationData | null): string {
  return l ? [l.city, l.region, l.country].filter(Boolean).join(', ') : '';
}

/** Who the record is about. */
export interface CrmContact { name: string | null; phone: string | null; email: string | null }

/** Builds the CRM record of a tracked collection; null when it is empty (nothing is sent). */
export function buildCrmRecord(kind: TrackedKind, lines: readonly Line[], guestId: string, location: LocationData | null, contact: CrmContact, date: string): CrmRecord | null {
  if (lines.length === 0) return null;
  return {
    guest_id: guestId,
    location,
    localisation: locationText(location),
    ...contact,
    type: crmTypes[kind],
    total: collectionTotal(kind, lines),
    date,
    produits: lines.map((l) => ({ id: l.product.id, nom: l.product.name, quantité: l.quantity, prix: unitPrice(kind, l.product), location: l.location, panier: kind, date: l.date })),
  };
}

/** What the CRM knows of a collection: products, quantities and prices (two equal fingerprints need no new record). */
export function crmFingerprint(kind: CollectionKind, lines: readonly Pick<Line, 'product' | 'quantity'>[]): string {
  return lines.map((l) => `${l.product.id}x${l.quantity}@${unitPrice(kind, l.product)}`).join(',');
}
