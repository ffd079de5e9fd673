/** Packs in the back office (§3 "Pack", §2 "Pack cart"): the admin body and answer, the total and the shopper's link. */
import { householdCap } from './quantity.ts';
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

/** Most lines a pack may hold. */
const PACK_MAX_LINES = 30;
const CODE_SHAPE = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

/** A pack code as stored: upper-cased, letters without accents, digits and single dashes (e.g. PACK-TABASKI). */
export const packCodeSchema = z
  .string({ error: 'Le code du pack est obligatoire.' })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(2, 'Le code du pack compte au moins 2 caractères.'),
    z.maxLength(40, 'Le code du pack dépasse 40 caractères.'),
    z.regex(CODE_SHAPE, 'Le code du pack ne peut contenir que des lettres sans accent, des chiffres et des tirets (ex. PACK-TABASKI).'),
  );

// A pack is ordered as one order: a line above the household cap could never be ordered, so the form refuses it.
const PACK_QUANTITY = `La quantité doit être comprise entre 1 et ${householdCap} (limite par foyer d’une commande).`;
const PICK = 'Choisissez un produit pour chaque ligne.';

/** One line of the admin body: a product, how many (1 to the household cap of quantity.ts), and its unit price in the pack. */
export const packLineInputSchema = z.strictObject(
  {
    product_id: z.number({ error: PICK }).check(z.int(PICK), z.positive(PICK), z.maximum(2_147_483_647, PICK)),
    quantity: z
      .number({ error: 'La quantité doit être un nombre.' })
      .check(z.int('La quantité doit être un nombre entier.'), z.minimum(1, PACK_QUANTITY), z.maximum(householdCap, PACK_QUANTITY)),
    price_unit: z
      .number({ error: 'Le prix unitaire doit être un nombre.' })
      .check(
        z.int('Le prix unitaire doit être un nombre entier de francs.'),
        z.minimum(0, 'Le prix unitaire ne peut pas être négatif.'),
        z.maximum(100_000_000, 'Le prix unitaire est trop élevé.'),
      ),
  },
  unknownKeys,
);

/** Body of `POST /api/admin/packs` and `PUT /api/admin/packs/{id}`: the whole pack, its lines replacing the old ones. */
export const packInputSchema = z
  .strictObject(
    {
      code: packCodeSchema,
      name: z
        .string({ error: 'Le nom du pack est obligatoire.' })
        .check(z.trim(), z.minLength(1, 'Le nom du pack est obligatoire.'), z.maxLength(120, 'Le nom du pack dépasse 120 caractères.')),
      active: z.boolean({ error: 'Indiquez si le pack est proposé (active : true ou false).' }),
      lines: z
        .array(packLineInputSchema, { error: 'Les lignes du pack doivent être une liste.' })
        .check(
          z.minLength(1, 'Ajoutez au moins un produit au pack.'),
          z.maxLength(PACK_MAX_LINES, `Un pack compte au plus ${PACK_MAX_LINES} produits.`),
        ),
    },
    unknownKeys,
  )
  .check(
    z.superRefine((pack, ctx) => {
      const seen = new Set<number>();
      pack.lines.forEach((line, i) => {
        if (seen.has(line.product_id))
          ctx.addIssue({
            code: 'custom',
            path: ['lines', i, 'product_id'],
            message: `Le produit ${line.product_id} apparaît deux fois dans le pack : gardez une seule ligne et ajustez sa quantité.`,
          });
        seen.add(line.product_id);
      });
      if (packTotal(pack.lines) === 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Le total du pack ne peut pas être nul.' });
    }),
  );
export type PackInput = z.infer<typeof packInputSchema>;

/** A line as the back office reads it: the product's name, whether it is still for sale, and its stock now. */
const adminPackLineSchema = z.object({
  product_id: z.int(),
  name: z.string(),
  quantity: z.int(),
  price_unit: z.int(),
  sale_ok: z.boolean(),
  stock: z.int(),
});
/** A pack as `GET /api/admin/packs` answers it, active or not, with its total. */
export const adminPackSchema = z.object({
  id: z.int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  lines: z.array(adminPackLineSchema),
  total: z.int(),
});
export type AdminPack = z.infer<typeof adminPackSchema>;

/** What the pack form reads of a product listing (§7 `GET /api/produits-filtrer`): enough to name it and price it as a shopper pays. */
export const pickableProductsSchema = z.object({
  products: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      list_price: z.int(),
      en_promo: z.boolean(),
      promo_price: z.nullable(z.int()),
    }),
  ),
});

/** §3 `sommeTotal`: each line's quantity times its unit price, in whole francs. */
export function packTotal(lines: ReadonlyArray<{ quantity: number; price_unit: number }>): number {
  return lines.reduce((sum, l) => sum + l.quantity * l.price_unit, 0);
}

/** The shopper's pack cart for `code` (§2 "Pack cart"), as a path. */
export function packHref(code: string): string {
  return `/pack-promo?code=${encodeURIComponent(code)}`;
}
