/** Route guards: who holds the `Access-Token` and whether they may go on. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { builtOnce } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { verifyAccess } from './tokens.ts';

// Read on every signed-in request.
const liveSession = builtOnce((db) =>
  db
    .select({ role: users.role, isVerified: users.isVerified })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, sql.placeholder('sub')), isNull(sessions.revokedAt)))
    .prepare(''),
);

/** Reads the token if there is one; routes decide what a missing one means. */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.header('access-token') ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
  if (raw) {
    const claims = await verifyAccess(c.var.deps.tokens, raw.trim());
    if (claims) {
      // A revoked session (logout, reset) stops its access tokens at once, not 15 minutes later.
      const [row] = await liveSession(c.var.deps.db).execute({ sid: claims.sid, sub: claims.sub });
      if (row) c.set('principal', { id: claims.sub, role: row.role, sessionId: claims.sid, isVerified: row.isVerified });
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
