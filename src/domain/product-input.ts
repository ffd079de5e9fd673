/** The body of the admin product writes (§3 product fields, §7 `POST`/`PUT /api/produits`), shared by the back-office form, the CSV import and the routes; never loaded by shopper pages. */
import { z } from 'zod';
import { INT_MAX, MAX_PRICE, MAX_STOCK } from './bounds.ts';
import { textField } from './catalogue.ts';

const price = (label: string) =>
  z
    .number({ error: `Le champ « ${label} » doit être un nombre.` })
    .int(`Le champ « ${label} » doit être un nombre entier de francs.`)
    .min(0, `Le champ « ${label} » ne peut pas être négatif.`)
    .max(MAX_PRICE, `Le champ « ${label} » est trop élevé (100 000 000 FCFA au plus).`);

/** Body of `POST /api/produits` (admin). `categ_id` is the category id; unknown fields are refused. */
export const productInputSchema = z.strictObject(
  {
    name: textField(200, 'name').min(1, 'Le champ « name » est obligatoire.'),
    description: textField(5000, 'description').optional(),
    categ_id: z
      .number({ error: 'Le champ « categ_id » doit être l’identifiant d’une catégorie.' })
      .int()
      .positive()
      .max(INT_MAX, 'Le champ « categ_id » est un identifiant trop grand.')
      .nullable()
      .optional(),
    list_price: price('list_price'),
    en_promo: z.boolean({ error: 'Le champ « en_promo » doit être vrai ou faux.' }).optional(),
    promo_price: price('promo_price').nullable().optional(),
    preorder_price: price('preorder_price').nullable().optional(),
    is_creditorder: z.boolean({ error: 'Le champ « is_creditorder » doit être vrai ou faux.' }).optional(),
    creditorder_price: price('creditorder_price').nullable().optional(),
    sale_ok: z.boolean({ error: 'Le champ « sale_ok » doit être vrai ou faux.' }).optional(),
    rang: z
      .number({ error: 'Le champ « rang » doit être un nombre.' })
      .int('Le champ « rang » doit être un nombre entier.')
      .min(-INT_MAX, 'Le champ « rang » est trop petit.')
      .max(INT_MAX, 'Le champ « rang » est trop grand.')
      .optional(),
    quantity: z
      .number({ error: 'Le champ « quantity » doit être un nombre.' })
      .int('Le champ « quantity » doit être un nombre entier.')
      .min(0, 'Le champ « quantity » ne peut pas être négatif.')
      .max(MAX_STOCK, 'Le champ « quantity » dépasse 1 000 000 d’unités.')
      .optional(),
    date: z.iso.date({ error: 'Le champ « date » doit être une date AAAA-MM-JJ.' }).nullable().optional(),
    location: textField(200, 'location').nullable().optional(),
    tags: z
      .array(z.number().int().positive().max(INT_MAX), { error: 'Le champ « tags » doit être une liste d’identifiants.' })
      .max(50)
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined) },
);
export type ProductInput = z.infer<typeof productInputSchema>;

/** Body of `PUT /api/produits/{id}`: any subset of the creation fields. */
export const productPatchSchema = productInputSchema.partial();
