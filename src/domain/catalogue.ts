/** Catalogue contract of spec §3 and §7: products, categories, tags, packs and listing answers. */
import { z } from 'zod';

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

/** Answer of `DELETE /api/produits/{id}`: deleted, or withdrawn from sale because orders name it (then the product as it now is). */
export const productRemovalSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('deleted'), id: z.number().int(), message: z.string() }),
  z.object({ outcome: z.literal('retired'), id: z.number().int(), message: z.string(), product: productSchema }),
]);
export type ProductRemoval = z.infer<typeof productRemovalSchema>;

/** Answer of every `produits-filtrer*` route. */
export const productListSchema = z.object({ products: z.array(productSchema), total: z.number().int().nonnegative() });
export type ProductList = z.infer<typeof productListSchema>;

export const countSchema = z.object({ count: z.number().int().nonnegative() });

/** One line of a pack (§3 "Pack"). */
const packLineSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int().positive(),
  price_unit: francs,
  name: z.string(),
  image: z.string().nullable(),
  /** The product's stock now, so a pack short of one is shown unavailable (availability.ts). */
  stock: z.number().int().optional(),
});
export const packSchema = z.object({ name: z.string(), produits: z.array(packLineSchema), sommeTotal: francs });
export type Pack = z.infer<typeof packSchema>;
export const packSummarySchema = packSchema.extend({ code: z.string() });
export type PackSummary = z.infer<typeof packSummarySchema>;

/** A trimmed text field of at most `max` characters, its messages naming `label`. */
export const textField = (max: number, label: string) =>
  z
    .string({ error: `Le champ « ${label} » doit être un texte.` })
    .trim()
    .max(max, `Le champ « ${label} » dépasse ${max} caractères.`);

/** Body of `POST`/`PUT /api/categories`. */
export const categoryInputSchema = z.strictObject(
  {
    name: textField(100, 'name').min(1, 'Le champ « name » est obligatoire.'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined) },
);
