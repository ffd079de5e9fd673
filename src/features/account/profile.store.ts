/**
 * The profile being shown (§2 `/profile`), apart from the API client: the island draws from here when woken, and loads
 * the account actions (`account.store.ts`, with the API client and zod) on the first one (`accountFormModules`).
 */
import { atom } from 'nanostores';
import type { ProfileView } from '../../domain/account.ts';
import type { DeliveryAddress } from '../../domain/addresses.ts';
import type { SessionValues } from '../../domain/auth.ts';
import { refreshContext } from './session.store.ts';

/** The profile being shown, null until loaded. */
export const $profile = atom<ProfileView | null>(null);

/** The profile's delivery addresses ("Mes adresses"), the default first; null until read. */
export const $addresses = atom<DeliveryAddress[] | null>(null);

/** The profile the server read for the first view, shown without asking again; its session values refresh the in-memory context. */
export function showReadProfile(profile: ProfileView, session: SessionValues | null, addresses: DeliveryAddress[] | null = null): void {
  $profile.set(profile);
  if (addresses) $addresses.set(addresses);
  if (session) refreshContext(session);
}
