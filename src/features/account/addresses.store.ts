/** The profile's delivery addresses ("Mes adresses", §2 profile): the only browser code that reads or changes them, answering with §8 toasts. */
import {
  addressInputSchema,
  deliveryAddressSchema,
  sortAddresses,
  type AddressInput,
  type DeliveryAddress,
} from '../../domain/addresses.ts';
import * as z from '../../domain/zod.ts';
import { api, callApi, type CallOptions } from '../../lib/api.ts';
import { toast } from '../frame/toast.store.ts';
import { errorMessage } from './account.store.ts';
import { fieldErrors } from './form-kit.tsx';
import { $addresses } from './profile.store.ts';

const path = (userId: number, id?: number) => `/api/users/${userId}/adresses${id ? `/${id}` : ''}`;
const show = (list: DeliveryAddress[]) => $addresses.set(sortAddresses(list));
const failed = (err: unknown, fallback: string) => toast(errorMessage(err, fallback), { kind: 'error' });

/** `GET /api/users/{id}/adresses`. */
export async function loadAddresses(userId: number, { client = api }: CallOptions = {}): Promise<void> {
  show(await callApi(z.array(deliveryAddressSchema), 'Erreur lors de la récupération des adresses', path(userId), { client }));
}

/** What a submitted address form gives: the values to send, or the §5 message of each wrong field. */
export function checkAddress(values: Record<string, unknown>): { data: AddressInput } | { errors: Record<string, string> } {
  const parsed = addressInputSchema.safeParse(values);
  return parsed.success ? { data: parsed.data } : { errors: fieldErrors(parsed.error) };
}

/** Adds an address (`POST`) or changes one (`PUT`, with `id`); true once saved, with a success toast; the server's refusal is toasted. */
export async function saveAddress(userId: number, input: AddressInput, id?: number, { client = api }: CallOptions = {}): Promise<boolean> {
  try {
    const saved = await callApi(
      deliveryAddressSchema,
      id ? 'Erreur lors de la mise à jour' : 'Erreur lors de la création du modèle',
      path(userId, id),
      { client, method: id ? 'PUT' : 'POST', body: input },
    );
    // The default may have moved to this one: the list is read again rather than guessed.
    await loadAddresses(userId, { client }).catch(() => show([...($addresses.get() ?? []).filter((a) => a.id !== saved.id), saved]));
    toast(`Adresse « ${saved.label} » enregistrée.`, { kind: 'success' });
    return true;
  } catch (err) {
    failed(err, 'Enregistrement impossible. Réessayez.');
    return false;
  }
}

/** Makes an address the one orders are prefilled with. */
export async function makeDefault(userId: number, address: DeliveryAddress, { client = api }: CallOptions = {}): Promise<void> {
  try {
    await callApi(deliveryAddressSchema, 'Erreur lors de la mise à jour', path(userId, address.id), {
      client,
      method: 'PUT',
      body: { is_default: true },
    });
    show(($addresses.get() ?? []).map((a) => ({ ...a, is_default: a.id === address.id })));
    toast(`« ${address.label} » est votre adresse par défaut.`, { kind: 'success' });
  } catch (err) {
    failed(err, 'Changement impossible. Réessayez.');
  }
}

/** Removes an address (the server makes the oldest left the default when it was). */
export async function deleteAddress(userId: number, address: DeliveryAddress, { client = api }: CallOptions = {}): Promise<void> {
  try {
    await callApi(z.unknown(), 'Erreur lors de la suppression', path(userId, address.id), { client, method: 'DELETE' });
    await loadAddresses(userId, { client }).catch(() => show(($addresses.get() ?? []).filter((a) => a.id !== address.id)));
    toast(`Adresse « ${address.label} » supprimée.`, { kind: 'success' });
  } catch (err) {
    failed(err, 'Suppression impossible. Réessayez.');
  }
}
