/** The logged-in session of spec §3/§4, kept in the session cookies and mirrored in memory. */
import { atom, computed } from 'nanostores';
import type { SessionValues, Tokens, UserInfo } from '../../domain/auth.ts';
import { canFilterCredit, isCreditMember } from '../../domain/credit.ts';
import { COOKIE_KEYS, cookieName, cookieString, decodeSession, decodeUserInfo, parseCookies, type CookieKey } from './session-cookies.ts';

/** Session values of the logged-in user, or null for a visitor. */
export const $session = atom<SessionValues | null>(null);

/** §4: authenticated only when a session exists and is_verified is truthy. */
export const $isAuthenticated = computed($session, (s) => !!s && !!s.is_verified);

/** §6: a member whose adhesion is accepted sees the credit cart, its icon and the 'À crédit' buttons. */
export const $isCreditMember = computed($session, (s) => !!s?.is_verified && isCreditMember(s.user_info));

/** The back office's way in (the frame's 'Administration' link) is shown to a verified admin; /admin checks the role itself. */
export const $isAdmin = computed($session, (s) => !!s?.is_verified && s.is_admin === true);

/** §2/§6: the 'Produits à crédit' filter additionally needs a parent account. */
export const $canFilterCredit = computed($session, (s) => !!s?.is_verified && canFilterCredit(s.user_info));

/** §4: local-storage entries logout clears (the carts stay). */
export const LOGOUT_KEYS = [
  'user',
  'accessToken',
  'token',
  'uid',
  'expires_in',
  'is_verified',
  'refresh_expires_in',
  'refresh_token',
  'company_id',
  'user_context',
  'partner_id',
  'parent',
] as const;

const inBrowser = typeof document !== 'undefined';
const writeCookie = (key: CookieKey, value: string | null) => {
  if (inBrowser) document.cookie = cookieString(key, value, location.protocol === 'https:');
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Reads the session from the cookies (damaged or absent: null), with the user-info cookie's values when it decodes. */
export function readSession(cookieHeader: string): SessionValues | null {
  const cookies = parseCookies(cookieHeader);
  const session = decodeSession(cookies.get(cookieName('session')));
  // saveUserInfo rewrites that cookie alone, so it is the fresher copy; the server (RequireAuth) and the layout's
  // first-paint marks (member-marks.ts) read the adhesion from it too.
  const info = decodeUserInfo(cookies.get(cookieName('user_info')));
  return session && info ? { ...session, user_info: info } : session;
}

/**
 * §4 "refreshing the context": sets the in-memory session (cookies untouched), keeping the current object (and each current
 * field) where nothing changed.
 */
export function refreshContext(next: SessionValues): void {
  const cur = $session.get();
  const keys = Object.keys(next) as Array<keyof SessionValues>;
  if (!cur) $session.set(next);
  else if (!keys.every((k) => same(cur[k], next[k])))
    $session.set(Object.fromEntries(keys.map((k) => [k, same(cur[k], next[k]) ? cur[k] : next[k]])) as SessionValues);
}

/** §4 "saving a session": writes every session cookie and updates memory only where values differ. */
export function saveSession(answer: Tokens): void {
  const values: SessionValues = {
    user_info: answer.user_info,
    company: answer.company,
    parent: answer.parent,
    user_context: answer.user_context,
    is_verified: answer.is_verified,
    is_admin: answer.is_admin === true,
  };
  writeCookie('session', JSON.stringify(values));
  writeCookie('token', answer.access_token);
  for (const key of ['user_info', 'company', 'parent', 'user_context'] as const) writeCookie(key, JSON.stringify(values[key]));
  writeCookie('is_verified', String(values.is_verified));
  writeCookie('session_marker', '1');
  refreshContext(values);
}

/** §4 "saving user info": rewrites only the user-info cookie (and memory). */
export function saveUserInfo(info: UserInfo): void {
  writeCookie('user_info', JSON.stringify(info));
  const cur = $session.get();
  if (cur && !same(cur.user_info, info)) $session.set({ ...cur, user_info: info });
}

/** §4 "removing the session": deletes every session cookie and clears memory. */
export function removeSession(): void {
  for (const key of COOKIE_KEYS) writeCookie(key, null);
  $session.set(null);
}

/** §4 logout: removes the session, clears the listed storage keys and tokens, revokes the refresh token, goes to /login. */
export async function logout(goTo: (path: string) => void = (p) => location.assign(p)): Promise<void> {
  // Loaded on demand: the header, which reads this store on every page, does not carry the HTTP client.
  const [{ deleteTokens }, { $tokens, clearTokens }] = await Promise.all([import('../../lib/api.ts'), import('./tokens.store.ts')]);
  const refresh = $tokens.get().refreshToken;
  removeSession();
  clearTokens();
  if (typeof localStorage !== 'undefined') for (const key of LOGOUT_KEYS) localStorage.removeItem(key);
  // Revoking is best effort: the local session is gone whatever the network says.
  if (refresh) await deleteTokens(refresh).catch(() => {});
  goTo('/login');
}

// The session cookies are the source of truth at every page load.
if (inBrowser) $session.set(readSession(document.cookie));
