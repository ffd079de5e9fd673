/** Collection rules of spec §3 "Cart line", "CRM record" and §4 "Collections", "Pricing", shared with the server. */
import type { LineProduct, Line, LocationData } from './collections.schema.ts';
import { preorderTranches, shopperPrice } from './pricing.ts';
import { householdCap } from './quantity.ts';
import { FAIL, isBool, isFrancs, isInt, isObj, isText, opt, orNull } from './readers.ts';

export type { Line, LineProduct, LocationData };

/** The four collections a shopper keeps. */
const collectionKinds = ['cart', 'wishlist', 'preorder', 'creditOrder'] as const;
export type CollectionKind = (typeof collectionKinds)[number];

export { householdCap };

// Hand-written readers of browser data: this module is on every page (header counts) and zod's core would cost
// 7 to 13 KB there. collections.schema.ts holds the same contract in zod; a property test keeps both in step.
/** Reads a line's product (unknown fields dropped); null when invalid. */
export function readLineProduct(raw: unknown): LineProduct | null {
  if (!isObj(raw) || !isInt(raw.id) || !isText(raw.name, 300) || !isFrancs(raw.list_price)) return null;
  const p = {
    id: raw.id,
    name: raw.name,
    categ_id: orNull(raw.categ_id, (v): v is string => isText(v, 300)),
    image_256: orNull(raw.image_256, (v): v is string => isText(v, 400_000)),
    list_price: raw.list_price,
    en_promo: opt(raw.en_promo, isBool, false),
    promo_price: orNull(raw.promo_price, isFrancs),
    preorder_price: orNull(raw.preorder_price, isFrancs),
    is_creditorder: opt(raw.is_creditorder, isBool, false),
    creditorder_price: orNull(raw.creditorder_price, isFrancs),
  };
  return Object.values(p).includes(FAIL) ? null : (p as LineProduct);
}

/** Reads one line; null when invalid. A quantity past the household cap (saved before the cap) is brought down to it, not dropped. */
export function readLine(raw: unknown): Line | null {
  if (!isObj(raw) || !isInt(raw.quantity, 1) || !isText(raw.date, 40)) return null;
  const product = readLineProduct(raw.product);
  const location = opt(raw.location, (v): v is string => isText(v, 200), '');
  return product && location !== FAIL ? { product, quantity: Math.min(raw.quantity, householdCap), date: raw.date, location } : null;
}

/** Reads a persisted collection (at most 200 lines); null when anything in it is invalid. */
export function readLines(raw: unknown): Line[] | null {
  if (!Array.isArray(raw) || raw.length > 200) return null;
  const lines = raw.map(readLine);
  return lines.every((l): l is Line => l !== null) ? lines : null;
}

const LOCATION_CAPS = { city: 100, region: 100, country: 100, ip: 64, loc: 64 } as const;

/** Reads a location answer (§3 "Location data"; missing fields empty, others dropped); null when invalid. */
export function readLocation(raw: unknown): LocationData | null {
  if (!isObj(raw)) return null;
  const out: Record<string, string> = {};
  for (const [key, max] of Object.entries(LOCATION_CAPS)) {
    const v = opt(raw[key], (x): x is string => isText(x, max), '');
    if (v === FAIL) return null;
    out[key] = v;
  }
  return out as unknown as LocationData;
}

/** The snapshot of a product kept in a line (a catalogue Product fits LineProduct). */
export function toLineProduct(p: LineProduct): LineProduct {
  return {
    id: p.id,
    name: p.name,
    categ_id: p.categ_id,
    image_256: p.image_256,
    list_price: p.list_price,
    en_promo: p.en_promo,
    promo_price: p.promo_price,
    preorder_price: p.preorder_price,
    is_creditorder: p.is_creditorder,
    creditorder_price: p.creditorder_price,
  };
}

/** Price of one unit in a collection: promo-aware for cart and wishlist, pre-order or credit price otherwise. */
export function unitPrice(
  kind: CollectionKind,
  p: Pick<LineProduct, 'list_price' | 'en_promo' | 'promo_price' | 'preorder_price' | 'creditorder_price'>,
): number {
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

const clampQty = (q: number) => Math.min(householdCap, Math.max(1, Math.trunc(q)));

/** What an add did: the lines after it; `added` false when nothing changed, `atCap` true when that is because the line holds the household cap. */
export interface Added {
  lines: Line[];
  added: boolean;
  atCap: boolean;
}

/** Adds a product: raises the quantity when present, up to the household cap; the wishlist refuses duplicates (`added` false). */
export function addLine(kind: CollectionKind, lines: readonly Line[], product: LineProduct, date: string, location: string): Added {
  const i = lines.findIndex((l) => l.product.id === product.id);
  if (i === -1) return { lines: [...lines, { product: toLineProduct(product), quantity: 1, date, location }], added: true, atCap: false };
  if (kind === 'wishlist') return { lines: [...lines], added: false, atCap: false };
  if (lines[i]!.quantity >= householdCap) return { lines: [...lines], added: false, atCap: true };
  return { lines: lines.map((l, j) => (j === i ? { ...l, quantity: clampQty(l.quantity + 1) } : l)), added: true, atCap: false };
}

/** Removes the line of a product. */
export function removeLine(lines: readonly Line[], id: number): Line[] {
  return lines.filter((l) => l.product.id !== id);
}

/** Sets a line's quantity (1 to the household cap); zero or less removes the line. */
export function setLineQuantity(lines: readonly Line[], id: number, qty: number): Line[] {
  if (!Number.isFinite(qty) || qty < 1) return removeLine(lines, id);
  return lines.map((l) => (l.product.id === id ? { ...l, quantity: clampQty(qty) } : l));
}

/**
 * The lines with each product snapshot replaced by the catalogue's of now (§4 "Pricing"), matched by id; a line whose
 * product is not among `products` (no longer on sale) stays as it is. The same array when nothing changed.
 */
export function withProducts(lines: readonly Line[], products: readonly LineProduct[]): readonly Line[] {
  const now = new Map(products.map((p) => [p.id, toLineProduct(p)]));
  let changed = false;
  const out = lines.map((l) => {
    const p = now.get(l.product.id);
    if (!p || (Object.keys(p) as (keyof LineProduct)[]).every((k) => p[k] === l.product[k])) return l;
    changed = true;
    return { ...l, product: p };
  });
  return changed ? out : lines;
}

/** CRM type of each tracked collection (§3). */
export const crmTypes = { cart: 'commande', preorder: 'precommande', creditOrder: 'acredit' } as const;
export type TrackedKind = keyof typeof crmTypes;

/** One-line text of a location, e.g. "Dakar, Dakar, SN". */
export function locationText(l: LocationData | null): string {
  return l ? [l.city, l.region, l.country].filter(Boolean).join(', ') : '';
}

/** What the CRM knows of a collection: products, quantities and prices (two equal fingerprints need no new record). */
export function crmFingerprint(kind: CollectionKind, lines: readonly Pick<Line, 'product' | 'quantity'>[]): string {
  return lines.map((l) => `${l.product.id}x${l.quantity}@${unitPrice(kind, l.product)}`).join(',');
}
