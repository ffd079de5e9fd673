/** The CRM record of spec §3 as `POST /api/create_or_update_crm` accepts it: validated, with capped lengths. */
import { INT_MAX, MAX_PRICE } from './bounds.ts';
import { wholeNumber } from './numbers.ts';
import { maxQuantity } from './quantity.ts';
import * as z from './zod.ts';

const capped = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Un texte dépasse ${max} caractères.`));
const orEmpty = (max: number) => z._default(capped(max), '');
const orNull = (max: number) => z._default(z.nullable(capped(max)), null);

/** Location data of §3 as the server accepts it. */
const serverLocationSchema = z.object({
  city: orEmpty(100),
  region: orEmpty(100),
  country: orEmpty(100),
  ip: orEmpty(64),
  loc: orEmpty(64),
});

/** One product of a CRM record (§3 names). */
const crmProductSchema = z.object({
  id: wholeNumber('Le champ « id »', 1, INT_MAX),
  nom: capped(200),
  quantité: wholeNumber('Le champ « quantité »', 1, maxQuantity),
  prix: wholeNumber('Le champ « prix »', 0, MAX_PRICE),
  location: orEmpty(200),
  panier: capped(40),
  date: capped(40),
});

/** The CRM record of §3, as `POST /api/create_or_update_crm` accepts it. */
export const crmRecordSchema = z.object({
  guest_id: z
    .string({ error: 'Le champ « guest_id » est obligatoire.' })
    .check(z.trim(), z.minLength(8, 'Le champ « guest_id » est invalide.'), z.maxLength(64, 'Le champ « guest_id » est invalide.')),
  location: z._default(z.nullable(serverLocationSchema), null),
  localisation: orEmpty(200),
  name: orNull(200),
  phone: orNull(40),
  email: orNull(200),
  type: z.enum(['commande', 'precommande', 'acredit'], { error: 'Le champ « type » doit valoir commande, precommande ou acredit.' }),
  total: wholeNumber('Le champ « total »', 0, 100_000_000_000),
  date: capped(40),
  produits: z.array(crmProductSchema).check(z.minLength(1, 'Le panier est vide.'), z.maxLength(100, 'Trop de produits.')),
});
export type CrmRecord = z.infer<typeof crmRecordSchema>;
