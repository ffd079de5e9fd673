/** Collection rules of spec §3 "Cart line", "CRM record" and §4 "Collections", "Pricing", shared with the server. */
import { z } from 'zod';
import { productSchema, type Product } from './catalogue.ts';
import { preorderTranches, shopperPrice } from './pricing.ts';

/** The four collections a shopper keeps. */
export const collectionKinds = ['cart', 'wishlist', 'preorder', 'creditOrder'] as const;
export type CollectionKind = (typeof collectionKinds)[number];

/** Most units of one product in a line; keeps totals and CRM records sane. */
export const maxQuantity = 99;

/** A line: the product plus quantity, date added (ISO) and the location text. */
export const lineSchema = z.object({
  product: productSchema,
  quantity: z.number().int().min(1).max(maxQuantity),
  date: z.string().max(40),
  location: z.string().max(200).default(''),
});
export type Line = z.infer<typeof lineSchema>;

/** A persisted collection: a list of lines. */
export const linesSchema = z.array(lineSchema).max(200);

/** Price of one unit in a collection: promo-aware for cart and wishlist, pre-order or credit price otherwise. */
export function unitPrice(kind: CollectionKind, p: Pick<Product, 'list_price' | 'en_promo' | 'promo_price' | 'preorder_price' | 'creditorder_price'>): number {
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
export function addLine(kind: CollectionKind, lines: readonly Line[], product: Product, date: string, location: string): { lines: Line[]; added: boolean } {
  const i = lines.findIndex((l) => l.product.id === product.id);
  if (i === -1) return { lines: [...lines, { product, quantity: 1, date, location }], added: true };
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
  city: z.string().max(100).default(''),
  region: z.string().max(100).default(''),
  country: z.string().max(100).default(''),
  ip: z.string().max(64).default(''),
  loc: z.string().max(64).default(''),
});
export type LocationData = z.infer<typeof locationSchema>;

/** One-line text of a location, e.g. "Dakar, Dakar, SN". */
export function locationText(l: LocationData | null): string {
  return l ? [l.city, l.region, l.country].filter(Boolean).join(', ') : '';
}

const capped = (max: number) => z.string().trim().max(max, `Un texte dépasse ${max} caractères.`);

/** One product of a CRM record (§3 names). */
export const crmProductSchema = z.object({
  id: z.number({ error: 'Le champ « id » doit être un nombre.' }).int().positive(),
  nom: capped(200),
  quantité: z.number({ error: 'Le champ « quantité » doit être un nombre.' }).int().min(1).max(maxQuantity),
  prix: z.number().int().min(0).max(1_000_000_000),
  location: capped(200).default(''),
  panier: capped(40),
  date: capped(40),
});

/** The CRM record of §3, as `POST /api/create_or_update_crm` accepts it. */
export const crmRecordSchema = z.object({
  guest_id: z.string({ error: 'Le champ « guest_id » est obligatoire.' }).trim().min(8, 'Le champ « guest_id » est invalide.').max(64, 'Le champ « guest_id » est invalide.'),
  location: locationSchema.nullable().default(null),
  localisation: capped(200).default(''),
  name: capped(200).nullable().default(null),
  phone: capped(40).nullable().default(null),
  email: capped(200).nullable().default(null),
  type: z.enum(['commande', 'precommande', 'acredit'], { error: 'Le champ « type » doit valoir commande, precommande ou acredit.' }),
  total: z.number().int().min(0).max(100_000_000_000),
  date: capped(40),
  produits: z.array(crmProductSchema).min(1, 'Le panier est vide.').max(100, 'Trop de produits.'),
});
export type CrmRecord = z.infer<typeof crmRecordSchema>;

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
