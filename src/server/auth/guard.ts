/** Route guards: who holds the `Access-Token` and whether they may go on. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { readLiveSession } from './live-sessions.ts';
import { verifyAccess } from './tokens.ts';

/** Reads the token if there is one; routes decide what a missing one means. */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.header('access-token') ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
  if (raw) {
    const claims = await verifyAccess(c.var.deps.tokens, raw.trim());
    if (claims) {
      // A revoked session (logout, reset) stops its access tokens at once, not 15 minutes later.
      const live = await readLiveSession(c.var.deps.db, claims.sid, claims.sub);
      if (live) c.set('principal', { id: claims.sub, role: live.role, sessionId: claims.sid, isVerified: live.isVerified });
    }
  }
  await next();
});

/** 401 without a valid token. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.principal) return c.json({ message: 'Authentification requise : jeton d’accès absent, invalide ou expiré.' }, 401);
  await next();
});

/** 401 without a valid token, 403 when its bearer is not an admin. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const who = c.var.principal;
  if (!who) return c.json({ message: 'Authentification requise : jeton d’accès absent, invalide ou expiré.' }, 401);
  if (who.role !== 'admin') return c.json({ message: 'Accès réservé aux administrateurs.' }, 403);
  await next();
});
