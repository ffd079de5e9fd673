/** Catalogue contract of spec §3 and §7: products, categories, tags, packs and listing answers. */
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

/** Whole francs: prices are never fractional. */
const francs = z.int().check(z.nonnegative());

export const tagSchema = z.object({ id: z.int(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const categorySchema = z.object({ id: z.int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

// Odoo back ends send `false` for an empty field and `[id, name]` for a many-to-one.
const odooText = z.pipe(
  z.transform((v: unknown) => (v === false ? null : v)),
  z.nullable(z.string()),
);
const odooLabel = z.pipe(
  z.transform((v: unknown) => (v === false ? null : Array.isArray(v) ? v[1] : v)),
  z.nullable(z.string()),
);
/** `schema`, or `fallback` when the field is absent. */
const orElse = <T extends z.ZodMiniType>(schema: T, fallback: z.output<T>) => z._default(schema, fallback as never);

/** A product as the API answers it (§3 names). `categ_id` is the category name shown as a label. */
export const productSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: orElse(odooText, ''),
  categ_id: orElse(odooLabel, null),
  category_id: z.optional(z.nullable(z.int())),
  image_256: orElse(odooText, null),
  image: orElse(odooText, null),
  list_price: francs,
  en_promo: orElse(z.boolean(), false),
  promo_price: orElse(z.nullable(francs), null),
  preorder_price: orElse(z.nullable(francs), null),
  is_creditorder: orElse(z.boolean(), false),
  creditorder_price: orElse(z.nullable(francs), null),
  sale_ok: orElse(z.boolean(), true),
  rang: orElse(z.int(), 0),
  quantity: orElse(z.int(), 0),
  date: orElse(z.nullable(z.string()), null),
  location: orElse(z.nullable(z.string()), null),
  tags: orElse(z.array(tagSchema), []),
});
export type Product = z.infer<typeof productSchema>;

/** Answer of `DELETE /api/produits/{id}`: deleted, or withdrawn from sale because orders name it (then the product as it now is). */
export const productRemovalSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('deleted'), id: z.int(), message: z.string() }),
  z.object({ outcome: z.literal('retired'), id: z.int(), message: z.string(), product: productSchema }),
]);
export type ProductRemoval = z.infer<typeof productRemovalSchema>;

/** Answer of every `produits-filtrer*` route. */
export const productListSchema = z.object({ products: z.array(productSchema), total: z.int().check(z.nonnegative()) });
export type ProductList = z.infer<typeof productListSchema>;

/** One line of a pack (§3 "Pack"). */
const packLineSchema = z.object({
  id: z.int(),
  quantity: z.int().check(z.positive()),
  price_unit: francs,
  name: z.string(),
  image: z.nullable(z.string()),
  /** The product's stock now, so a pack short of one is shown unavailable (availability.ts). */
  stock: z.optional(z.int()),
});
export const packSchema = z.object({ name: z.string(), produits: z.array(packLineSchema), sommeTotal: francs });
export type Pack = z.infer<typeof packSchema>;
export const packSummarySchema = z.extend(packSchema, { code: z.string() });
export type PackSummary = z.infer<typeof packSummarySchema>;

/** A trimmed text field of at most `max` characters (and at least `min`, refused with `missing`), its messages naming `label`. */
export const textField = (max: number, label: string, required?: { min: number; missing: string }) =>
  z
    .string({ error: `Le champ « ${label} » doit être un texte.` })
    .check(
      z.trim(),
      z.maxLength(max, `Le champ « ${label} » dépasse ${max} caractères.`),
      ...(required ? [z.minLength(required.min, required.missing)] : []),
    );

/** Body of `POST`/`PUT /api/categories`. */
export const categoryInputSchema = z.strictObject(
  { name: textField(100, 'name', { min: 1, missing: 'Le champ « name » est obligatoire.' }) },
  unknownKeys,
);
