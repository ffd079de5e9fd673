/** The body of the admin product writes (§3 product fields, §7 `POST`/`PUT /api/produits`), shared by the back-office form, the CSV import and the routes; never loaded by shopper pages. */
import { INT_MAX, MAX_PRICE, MAX_STOCK } from './bounds.ts';
import { textField } from './catalogue.ts';
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

const price = (label: string) =>
  z
    .number({ error: `Le champ « ${label} » doit être un nombre.` })
    .check(
      z.int(`Le champ « ${label} » doit être un nombre entier de francs.`),
      z.minimum(0, `Le champ « ${label} » ne peut pas être négatif.`),
      z.maximum(MAX_PRICE, `Le champ « ${label} » est trop élevé (100 000 000 FCFA au plus).`),
    );
/** A field that may be absent or null. */
const clearable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const flag = (label: string) => z.optional(z.boolean({ error: `Le champ « ${label} » doit être vrai ou faux.` }));

/** Body of `POST /api/produits` (admin). `categ_id` is the category id; unknown fields are refused. */
export const productInputSchema = z.strictObject(
  {
    name: textField(200, 'name', { min: 1, missing: 'Le champ « name » est obligatoire.' }),
    description: z.optional(textField(5000, 'description')),
    categ_id: clearable(
      z
        .number({ error: 'Le champ « categ_id » doit être l’identifiant d’une catégorie.' })
        .check(z.int(), z.positive(), z.maximum(INT_MAX, 'Le champ « categ_id » est un identifiant trop grand.')),
    ),
    list_price: price('list_price'),
    en_promo: flag('en_promo'),
    promo_price: clearable(price('promo_price')),
    preorder_price: clearable(price('preorder_price')),
    is_creditorder: flag('is_creditorder'),
    creditorder_price: clearable(price('creditorder_price')),
    sale_ok: flag('sale_ok'),
    rang: z.optional(
      z
        .number({ error: 'Le champ « rang » doit être un nombre.' })
        .check(
          z.int('Le champ « rang » doit être un nombre entier.'),
          z.minimum(-INT_MAX, 'Le champ « rang » est trop petit.'),
          z.maximum(INT_MAX, 'Le champ « rang » est trop grand.'),
        ),
    ),
    quantity: z.optional(
      z
        .number({ error: 'Le champ « quantity » doit être un nombre.' })
        .check(
          z.int('Le champ « quantity » doit être un nombre entier.'),
          z.minimum(0, 'Le champ « quantity » ne peut pas être négatif.'),
          z.maximum(MAX_STOCK, 'Le champ « quantity » dépasse 1 000 000 d’unités.'),
        ),
    ),
    date: clearable(z.iso.date({ error: 'Le champ « date » doit être une date AAAA-MM-JJ.' })),
    location: clearable(textField(200, 'location')),
    tags: z.optional(
      z
        .array(z.int().check(z.positive(), z.maximum(INT_MAX)), { error: 'Le champ « tags » doit être une liste d’identifiants.' })
        .check(z.maxLength(50)),
    ),
  },
  unknownKeys,
);
export type ProductInput = z.infer<typeof productInputSchema>;

/** Body of `PUT /api/produits/{id}`: any subset of the creation fields. */
export const productPatchSchema = z.partial(productInputSchema);
