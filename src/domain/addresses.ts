/** The profile's delivery addresses ("Mes adresses", §2 profile, §5 rules): bodies of `/api/users/{id}/adresses` and their answer. */
import { phoneSchema } from './account.ts';
import { addressSchema } from './orders.schema.ts';
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

import { MAX_ADDRESSES } from './addresses-text.ts';
export { MAX_ADDRESSES } from './addresses-text.ts';

/** The French 400 when the profile already keeps `MAX_ADDRESSES`. */
export const TOO_MANY_ADDRESSES = `Vous gardez au plus ${MAX_ADDRESSES} adresses : supprimez-en une d’abord.`;

/** The French 400 when the default address is un-set without another taking its place. */
export const DEFAULT_STAYS = 'Une adresse reste celle par défaut : choisissez-en une autre pour la remplacer.';

const LABEL = 'Le nom de l’adresse est obligatoire (par exemple « Maison »).';
/** A short name for the address, such as "Maison" or "Bureau". */
const addressLabelSchema = z
  .string({ error: LABEL })
  .check(z.trim(), z.minLength(1, LABEL), z.maxLength(40, 'Le nom de l’adresse est trop long (40 caractères au plus).'));

const isDefault = z.optional(z.boolean({ error: 'Le champ « is_default » doit valoir true ou false.' }));

/** Body of `POST /api/users/{id}/adresses`: the §5 address and phone rules, a name, and whether it becomes the default. */
export const addressInputSchema = z.strictObject(
  { label: addressLabelSchema, adresse: addressSchema, telephone: phoneSchema, is_default: isDefault },
  unknownKeys,
);
export type AddressInput = z.infer<typeof addressInputSchema>;

/** Body of `PUT /api/users/{id}/adresses/{addressId}`: any of the fields, at least one. */
export const addressUpdateSchema = z
  .strictObject(
    {
      label: z.optional(addressLabelSchema),
      adresse: z.optional(addressSchema),
      telephone: z.optional(phoneSchema),
      is_default: isDefault,
    },
    unknownKeys,
  )
  .check(
    z.refine((v) => Object.values(v).some((x) => x !== undefined), 'Indiquez ce qui change (label, adresse, telephone ou is_default).'),
  );
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;

/** A delivery address as the routes answer it. */
export const deliveryAddressSchema = z.object({
  id: z.int(),
  label: z.string(),
  adresse: z.string(),
  telephone: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** The address an order is prefilled with: the default one, if any. */
export function defaultAddress(list: readonly DeliveryAddress[]): DeliveryAddress | undefined {
  return list.find((a) => a.is_default);
}

/** The list's order on screen: the default first, then oldest first. */
export function sortAddresses(list: readonly DeliveryAddress[]): DeliveryAddress[] {
  return [...list].sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id);
}
