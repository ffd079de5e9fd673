/** The logged-in session of spec §3/§4, as the storefront sees it. Issue 5 fills it from the session cookies. */
import { atom, computed } from 'nanostores';
import type { SessionValues } from '../../domain/auth.ts';

/** Session values of the logged-in user, or null for a visitor. */
export const $session = atom<SessionValues | null>(null);

/** §4: authenticated only when a session exists and is_verified is truthy. */
export const $isAuthenticated = computed($session, (s) => !!s && !!s.is_verified);

/** §6: a member whose adhesion is accepted sees the credit cart, its icon and the 'À crédit' buttons. */
export const $isCreditMember = computed($session, (s) => !!s && !!s.is_verified && s.user_info.adhesion === 'accepted');

/** §2/§6: the 'Produits à crédit' filter additionally needs a parent account. */
export const $canFilterCredit = computed($session, (s) => !!s && !!s.is_verified && s.user_info.adhesion === 'accepted' && s.user_info.parent_id != null);
