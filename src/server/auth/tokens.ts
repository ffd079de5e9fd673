/** Access tokens (HS256 JWT signed and verified by jose, short-lived) and rotating refresh tokens stored hashed by session family. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { refreshTokens, sessions } from '../db/schema.ts';
import { forgetUser } from './live-sessions.ts';

/** What an access token says about its bearer. */
export interface AccessClaims {
  sub: number;
  sid: string;
  role: 'customer' | 'admin';
  iat: number;
  exp: number;
}

/** Token settings every instance shares. */
export interface TokenConfig {
  secret: string;
  accessTtl: number;
  refreshTtl: number;
  now: () => Date;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
// Imported once per secret: jose would import raw bytes again for every token it signs or checks.
const keys = new Map<string, Promise<CryptoKey>>();
const importKey = (secret: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
const keyOf = (secret: string) => keys.get(secret) ?? keys.set(secret, importKey(secret)).get(secret)!;

/** Signs an access token for a user's session. */
async function signAccess(cfg: TokenConfig, claims: Omit<AccessClaims, 'iat' | 'exp'>): Promise<string> {
  const iat = Math.floor(cfg.now().getTime() / 1000);
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt(iat)
    .setExpirationTime(iat + cfg.accessTtl)
    .sign(await keyOf(cfg.secret));
}

// A token whose signature was checked once is not checked again while it lives (a client sends the same one for 15 minutes):
// its exact bytes, signature included, are the key, under the secret that checked it. Only tokens that passed are kept.
const checked = new Map<string, Map<string, AccessClaims>>();
const CHECKED_KEPT = 10_000;

function remember(secret: string, token: string, claims: AccessClaims): void {
  const known = checked.get(secret) ?? checked.set(secret, new Map()).get(secret)!;
  if (known.size >= CHECKED_KEPT) known.delete(known.keys().next().value!);
  known.set(token, claims);
}

/** Verifies signature and expiry (`graceSeconds` past it, for the page guards); null for anything else. */
export async function verifyAccess(cfg: TokenConfig, token: string, graceSeconds = 0): Promise<AccessClaims | null> {
  const known = checked.get(cfg.secret)?.get(token);
  // jose's own expiry rule: expired once `exp` is at or before now less the tolerance.
  if (known) return known.exp > Math.floor(cfg.now().getTime() / 1000) - graceSeconds ? known : null;
  try {
    const { payload } = await jwtVerify(token, await keyOf(cfg.secret), {
      algorithms: ['HS256'],
      currentDate: cfg.now(),
      clockTolerance: graceSeconds,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const sub = Number(payload.sub);
    if (
      !Number.isSafeInteger(sub) ||
      sub <= 0 ||
      typeof payload.sid !== 'string' ||
      (payload.role !== 'customer' && payload.role !== 'admin')
    )
      return null;
    const claims: AccessClaims = { sub, sid: payload.sid, role: payload.role, iat: payload.iat!, exp: payload.exp! };
    remember(cfg.secret, token, claims);
    return claims;
  } catch {
    return null;
  }
}

/** Tokens handed to a client. */
export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_in: number;
}

/** A new pair of tokens for session family `sid`: its refresh token stored hashed, the access token signed. */
async function issue(db: Db, cfg: TokenConfig, claims: Omit<AccessClaims, 'iat' | 'exp'>): Promise<IssuedTokens> {
  const refresh_token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(cfg.now().getTime() + cfg.refreshTtl * 1000);
  await db.insert(refreshTokens).values({ tokenHash: sha256(refresh_token), sessionId: claims.sid, expiresAt });
  return { access_token: await signAccess(cfg, claims), refresh_token, expires_in: cfg.accessTtl, refresh_expires_in: cfg.refreshTtl };
}

/** Opens a new session family for a user and issues its first pair of tokens. */
export async function openSession(db: Db, cfg: TokenConfig, user: { id: number; role: 'customer' | 'admin' }): Promise<IssuedTokens> {
  const sid = randomUUID();
  await db.insert(sessions).values({ id: sid, userId: user.id, createdAt: cfg.now() });
  return issue(db, cfg, { sub: user.id, sid, role: user.role });
}

/** Outcome of a refresh: new tokens, or why not. */
export type RotateResult =
  | { ok: true; userId: number; tokens: IssuedTokens }
  | { ok: false; reason: 'unknown' | 'expired' | 'replayed' | 'revoked' };

/** Uses a refresh token once: a second use revokes its whole family. */
export async function rotateRefresh(
  db: Db,
  cfg: TokenConfig,
  token: string,
  role: (userId: number) => Promise<'customer' | 'admin' | null>,
): Promise<RotateResult> {
  const now = cfg.now();
  const hash = sha256(token);
  const [row] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: sessions.revokedAt,
      userId: sessions.userId,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hash));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  // Conditional update: of two concurrent uses, exactly one wins; the other is a replay.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
    .returning({ h: refreshTokens.tokenHash });
  if (claimed.length === 0) {
    await revokeSession(db, cfg, row.sessionId);
    return { ok: false, reason: 'replayed' };
  }
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  const userRole = await role(row.userId);
  if (!userRole) return { ok: false, reason: 'revoked' };
  return { ok: true, userId: row.userId, tokens: await issue(db, cfg, { sub: row.userId, sid: row.sessionId, role: userRole }) };
}

/** Revokes one session family. */
async function revokeSession(db: Db, cfg: TokenConfig, sessionId: string): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: cfg.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  for (const { userId } of revoked) forgetUser(db, userId);
}

/** Revokes the family a refresh token belongs to; false when the token is unknown. */
export async function revokeByRefresh(db: Db, cfg: TokenConfig, token: string): Promise<boolean> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return false;
  await revokeSession(db, cfg, row.sessionId);
  return true;
}

/** Ends every session of a user (password reset, account deletion). */
export async function revokeAllSessions(db: Db, cfg: TokenConfig, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: cfg.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetUser(db, userId);
}
