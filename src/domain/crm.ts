/** The CRM record of spec §3 as `POST /api/create_or_update_crm` accepts it: validated, with capped lengths. */
import { z } from 'zod';
import { INT_MAX, MAX_PRICE } from './bounds.ts';
import { wholeNumber } from './numbers.ts';
import { maxQuantity } from './quantity.ts';

const capped = (max: number) => z.string().trim().max(max, `Un texte dépasse ${max} caractères.`);

/** Location data of §3 as the server accepts it. */
const serverLocationSchema = z.object({
  city: capped(100).default(''),
  region: capped(100).default(''),
  country: capped(100).default(''),
  ip: capped(64).default(''),
  loc: capped(64).default(''),
});

/** One product of a CRM record (§3 names). */
const crmProductSchema = z.object({
  id: wholeNumber('Le champ « id »', 1, INT_MAX),
  nom: capped(200),
  quantité: wholeNumber('Le champ « quantité »', 1, maxQuantity),
  prix: wholeNumber('Le champ « prix »', 0, MAX_PRICE),
  location: capped(200).default(''),
  panier: capped(40),
  date: capped(40),
});

/** The CRM record of §3, as `POST /api/create_or_update_crm` accepts it. */
export const crmRecordSchema = z.object({
  guest_id: z
    .string({ error: 'Le champ « guest_id » est obligatoire.' })
    .trim()
    .min(8, 'Le champ « guest_id » est invalide.')
    .max(64, 'Le champ « guest_id » est invalide.'),
  location: serverLocationSchema.nullable().default(null),
  localisation: capped(200).default(''),
  name: capped(200).nullable().default(null),
  phone: capped(40).nullable().default(null),
  email: capped(200).nullable().default(null),
  type: z.enum(['commande', 'precommande', 'acredit'], { error: 'Le champ « type » doit valoir commande, precommande ou acredit.' }),
  total: wholeNumber('Le champ « total »', 0, 100_000_000_000),
  date: capped(40),
  produits: z.array(crmProductSchema).min(1, 'Le panier est vide.').max(100, 'Trop de produits.'),
});
export type CrmRecord = z.infer<typeof crmRecordSchema>;
