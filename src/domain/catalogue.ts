/** Catalogue contract of spec §3 and §7: products, categories, tags, packs and listing answers. */
import { z } from 'zod';
import { INT_MAX, MAX_PRICE, MAX_STOCK } from './bounds.ts';

/** Whole francs: prices are never fractional. */
export const francs = z.number().int().nonnegative();

export const tagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

// Odoo back ends send `false` for an empty field and `[id, name]` for a many-to-one.
const odooText = z.preprocess((v) => (v === false ? null : v), z.string().nullable());
const odooLabel = z.preprocess((v) => (v === false ? null : Array.isArray(v) ? v[1] : v), z.string().nullable());

/** A product as the API answers it (§3 names). `categ_id` is the category name shown as a label. */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: odooText.default(''),
  categ_id: odooLabel.default(null),
  category_id: z.number().int().nullable().optional(),
  image_256: odooText.default(null),
  image: odooText.default(null),
  list_price: francs,
  en_promo: z.boolean().default(false),
  promo_price: francs.nullable().default(null),
  preorder_price: francs.nullable().default(null),
  is_creditorder: z.boolean().default(false),
  creditorder_price: francs.nullable().default(null),
  sale_ok: z.boolean().default(true),
  rang: z.number().int().default(0),
  quantity: z.number().int().default(0),
  date: z.string().nullable().default(null),
  location: z.string().nullable().default(null),
  tags: z.array(tagSchema).default([]),
});
export type Product = z.infer<typeof productSchema>;

/** Answer of every `produits-filtrer*` route. */
export const productListSchema = z.object({ products: z.array(productSchema), total: z.number().int().nonnegative() });
export type ProductList = z.infer<typeof productListSchema>;

export const countSchema = z.object({ count: z.number().int().nonnegative() });

/** One line of a pack (§3 "Pack"). */
export const packLineSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int().positive(),
  price_unit: francs,
  name: z.string(),
  image: z.string().nullable(),
});
export const packSchema = z.object({ name: z.string(), produits: z.array(packLineSchema), sommeTotal: francs });
export type Pack = z.infer<typeof packSchema>;
export const packSummarySchema = packSchema.extend({ code: z.string() });
export type PackSummary = z.infer<typeof packSummarySchema>;

const text = (max: number, label: string) =>
  z.string({ error: `Le champ « ${label} » doit être un texte.` }).trim().max(max, `Le champ « ${label} » dépasse ${max} caractères.`);
const price = (label: string) =>
  z.number({ error: `Le champ « ${label} » doit être un nombre.` }).int(`Le champ « ${label} » doit être un nombre entier de francs.`).min(0, `Le champ « ${label} » ne peut pas être négatif.`).max(MAX_PRICE, `Le champ « ${label} » est trop élevé (100 000 000 FCFA au plus).`);

/** Body of `POST /api/produits` (admin). `categ_id` is the category id; unknown fields are refused. */
export const productInputSchema = z.strictObject({
  name: text(200, 'name').min(1, 'Le champ « name » est obligatoire.'),
  description: text(5000, 'description').optional(),
  categ_id: z.number({ error: 'Le champ « categ_id » doit être l’identifiant d’une catégorie.' }).int().positive().max(INT_MAX, 'Le champ « categ_id » est un identifiant trop grand.').nullable().optional(),
  list_price: price('list_price'),
  en_promo: z.boolean({ error: 'Le champ « en_promo » doit être vrai ou faux.' }).optional(),
  promo_price: price('promo_price').nullable().optional(),
  preorder_price: price('preorder_price').nullable().optional(),
  is_creditorder: z.boolean({ error: 'Le champ « is_creditorder » doit être vrai ou faux.' }).optional(),
  creditorder_price: price('creditorder_price').nullable().optional(),
  sale_ok: z.boolean({ error: 'Le champ « sale_ok » doit être vrai ou faux.' }).optional(),
  rang: z.number({ error: 'Le champ « rang » doit être un nombre.' }).int('Le champ « rang » doit être un nombre entier.').min(-INT_MAX, 'Le champ « rang » est trop petit.').max(INT_MAX, 'Le champ « rang » est trop grand.').optional(),
  quantity: z.number({ error: 'Le champ « quantity » doit être un nombre.' }).int('Le champ « quantity » doit être un nombre entier.').min(0, 'Le champ « quantity » ne peut pas être négatif.').max(MAX_STOCK, 'Le champ « quantity » dépasse 1 000 000 d’unités.').optional(),
  date: z.iso.date({ error: 'Le champ « date » doit être une date AAAA-MM-JJ.' }).nullable().optional(),
  location: text(200, 'location').nullable().optional(),
  tags: z.array(z.number().int().positive().max(INT_MAX), { error: 'Le champ « tags » doit être une liste d’identifiants.' }).max(50).optional(),
}, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined) });
export type ProductInput = z.infer<typeof productInputSchema>;

/** Body of `PUT /api/produits/{id}`: any subset of the creation fields. */
export const productPatchSchema = productInputSchema.partial();

/** Body of `POST`/`PUT /api/categories`. */
export const categoryInputSchema = z.strictObject({
  name: text(100, 'name').min(1, 'Le champ « name » est obligatoire.'),
}, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined) });
