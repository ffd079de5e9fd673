/** The §3 session cookies: names with the production suffix, whole-site path, no expiry, SameSite=Lax, Secure on HTTPS. */
import type { SessionValues } from '../../domain/auth.ts';
import { isObj } from '../../domain/readers.ts';

/** The suffix every session cookie name carries (PUBLIC_COOKIE_SUFFIX, '_prod' by default). */
export const COOKIE_SUFFIX: string = import.meta.env.PUBLIC_COOKIE_SUFFIX ?? '_prod';

/** The session cookies' base names: the whole session, then one per value, then the marker. */
export const COOKIE_KEYS = ['session', 'token', 'user_info', 'company', 'is_verified', 'parent', 'user_context', 'session_marker'] as const;
export type CookieKey = (typeof COOKIE_KEYS)[number];

/** The full name of a session cookie. */
export const cookieName = (key: CookieKey, suffix = COOKIE_SUFFIX) => `${key}${suffix}`;

/** Reads every cookie of a `document.cookie` string into a map (values URI-decoded; a damaged one is skipped). */
export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      out.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // Not ours or damaged: ignored.
    }
  }
  return out;
}

/** The `document.cookie` assignment that writes (or, with null, deletes) one session cookie. */
export function cookieString(key: CookieKey, value: string | null, secure: boolean, suffix = COOKIE_SUFFIX): string {
  const attrs = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value === null
    ? `${cookieName(key, suffix)}=${attrs}; Max-Age=0`
    : `${cookieName(key, suffix)}=${encodeURIComponent(value)}${attrs}`;
}

/** §4, as the server can check it: the session cookie exists and is_verified is truthy. */
export function hasVerifiedSession(get: (name: string) => string | undefined, suffix = COOKIE_SUFFIX): boolean {
  return !!get(cookieName('session', suffix)) && get(cookieName('is_verified', suffix)) === 'true';
}

// A hand-written check rather than zod: the header reads the session on every page and even zod/mini
// would cost ~12 KB brotli against the 75 KB page budget. Same contract as sessionValuesSchema (domain/auth.ts).
type Check = (v: unknown) => boolean;
const str: Check = (v) => typeof v === 'string';
const int: Check = (v) => Number.isInteger(v);
const nullable =
  (c: Check): Check =>
  (v) =>
    v === null || c(v);
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isObj(v) && Object.entries(fields).every(([k, c]) => c(v[k]));
const named = shape({ id: int, name: str });
const isUserInfo = shape({
  id: int,
  name: str,
  partner_phone: nullable(str),
  email: nullable(str),
  adhesion: nullable(str),
  parent_id: nullable(int),
});
const isSession = shape({
  user_info: isUserInfo,
  company: nullable(named),
  parent: nullable(named),
  user_context: shape({ lang: str, tz: str, uid: int }),
  is_verified: (v) => typeof v === 'boolean',
});

function decodeWith<T>(check: Check, raw: string | undefined): T | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return check(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

/** Decodes the `session` cookie's JSON; damaged or foreign content gives null. */
export const decodeSession = (raw: string | undefined) => decodeWith<SessionValues>(isSession, raw);

/** Decodes the `user_info` cookie's JSON (rewritten alone by saveUserInfo); damaged content gives null. */
export const decodeUserInfo = (raw: string | undefined) => decodeWith<SessionValues['user_info']>(isUserInfo, raw);
