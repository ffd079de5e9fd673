/** Persistent API tokens (spec §3 "Browser storage": access_token, accessToken, refresh_token, expires_in). */
import { persistentAtom, type PersistentEncoder } from '@nanostores/persistent';
import { computed, type ReadableAtom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { cookieName, cookieString, parseCookies } from './session-cookies.ts';

// Tokens are JWTs or opaque base64url strings; anything else in storage is damage, not a token.
const tokenText = z.string().check(z.regex(/^[\w.~+/=-]{1,4096}$/));
const secondsText = z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.pipe(z.transform(Number), z.int().check(z.positive())));

/** Reads through a zod schema: a damaged value is treated as absent, never thrown. */
function codec<T>(schema: z.ZodMiniType<T, string>): PersistentEncoder<T | undefined> {
  return {
    decode: (raw) => schema.safeParse(raw).data,
    encode: (value) => (value === undefined ? undefined : String(value)),
  };
}

// Raw strings, not JSON: the keys and formats are those the shop's earlier front end wrote.
const $accessTokenKey = persistentAtom<string | undefined>('access_token', undefined, codec(tokenText));
const $legacyAccessTokenKey = persistentAtom<string | undefined>('accessToken', undefined, codec(tokenText));
const $refreshTokenKey = persistentAtom<string | undefined>('refresh_token', undefined, codec(tokenText));
const $expiresInKey = persistentAtom<number | undefined>('expires_in', undefined, codec(secondsText));

/** The stored tokens; each field is undefined when absent or damaged. */
export interface StoredTokens {
  accessToken: string | undefined;
  refreshToken: string | undefined;
  /** Lifetime in seconds of the access token, as the API last announced it. */
  expiresIn: number | undefined;
}

/** The current tokens (read-only; change them with saveTokens and clearTokens). */
export const $tokens: ReadableAtom<StoredTokens> = computed(
  [$accessTokenKey, $legacyAccessTokenKey, $refreshTokenKey, $expiresInKey],
  (access, legacy, refresh, expiresIn) => ({ accessToken: access ?? legacy, refreshToken: refresh, expiresIn }),
);

// Kept mounted in the browser so another tab's refresh (tokens rotate) reaches this tab at once.
if (typeof window !== 'undefined') $tokens.listen(() => {});

/** Token answer fields as the API names them (get_tokens or refresh_token). */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string | undefined;
  expires_in?: number | undefined;
}

/** Stores a token answer; the legacy `accessToken` key is written together with `access_token`. */
export function saveTokens(answer: TokenAnswer): void {
  $accessTokenKey.set(answer.access_token);
  $legacyAccessTokenKey.set(answer.access_token);
  if (answer.refresh_token !== undefined) $refreshTokenKey.set(answer.refresh_token);
  if (answer.expires_in !== undefined) $expiresInKey.set(answer.expires_in);
  // The session's token cookie follows each refresh, so the pages the server guards see a live token.
  if (typeof document !== 'undefined' && parseCookies(document.cookie).has(cookieName('session'))) {
    document.cookie = cookieString('token', answer.access_token, location.protocol === 'https:');
  }
}

/** Forgets every stored token. */
export function clearTokens(): void {
  for (const key of [$accessTokenKey, $legacyAccessTokenKey, $refreshTokenKey, $expiresInKey]) key.set(undefined);
}
