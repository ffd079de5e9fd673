/** Token routes of spec §7: get_tokens, refresh_token (rotating), delete_tokens. */
import { eq, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { credentialsSchema, deleteTokensSchema, refreshRequestSchema } from '../../domain/auth.ts';
import { decoyHash, verifyPassword } from '../auth/passwords.ts';
import { readLiveSession } from '../auth/live-sessions.ts';
import { sessionValues } from '../auth/session.ts';
import { refuse } from '../accounts/limits.ts';
import { beginLogin, loginSubject, loginSucceeded } from '../accounts/throttle.ts';
import { openSession, revokeByRefresh, rotateRefresh, verifyAccess } from '../auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { addressKey } from '../http/client-address.ts';
import { validate } from '../http/validate.ts';

const badCredentials = { message: 'Identifiant ou mot de passe incorrect.' };
const badRefresh = { message: 'Session expirée. Veuillez vous reconnecter.' };

/** The auth sub-app, mounted at `/api/auth`. */
export const authRoutes = new Hono<AppEnv>()
  // The back office's page guard: 204 for an admin's live session, even if its access token just expired (the
  // page is an empty frame; every datum it shows comes from /api/admin with a fresh token), 403 for anyone else.
  .get('/admin', async (c) => {
    const raw = c.req.header('access-token')?.trim();
    const { db, tokens } = c.var.deps;
    const claims = raw ? await verifyAccess(tokens, raw, tokens.refreshTtl) : null;
    if (!claims) return c.json({ message: 'Authentification requise.' }, 401);
    const row = await readLiveSession(db, claims.sid, claims.sub);
    if (!row) return c.json({ message: 'Authentification requise.' }, 401);
    return row.role === 'admin' ? c.body(null, 204) : c.json({ message: 'Accès réservé aux administrateurs.' }, 403);
  })
  .get('/get_tokens', validate('query', credentialsSchema), async (c) => {
    const { username, password } = c.req.valid('query');
    const { db, tokens } = c.var.deps;
    const digits = username.replace(/\D/g, '');
    const [user] = await db
      .select()
      .from(users)
      .where(
        or(
          sql`lower(${users.email}) = lower(${username})`,
          digits.length >= 9 ? eq(users.partnerPhone, digits.length === 9 ? `221${digits}` : digits) : sql`false`,
        ),
      );
    const subject = loginSubject(user?.id, username);
    const address = addressKey(c);
    const refused = await beginLogin(db, subject, address);
    if (refused) return refuse(c, refused);
    // Unknown user and wrong password: same work, same answer.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) return c.json(badCredentials, 401);
    await loginSucceeded(db, subject, address);
    const issued = await openSession(db, tokens, user);
    const values = await sessionValues(db, user.id);
    return c.json({ ...issued, ...values, uid: user.id });
  })
  .post('/refresh_token', validate('json', refreshRequestSchema), async (c) => {
    const { db, tokens } = c.var.deps;
    const result = await rotateRefresh(db, tokens, c.req.valid('json').refresh_token, async (id) => {
      const [u] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
      return u?.role ?? null;
    });
    if (!result.ok) return c.json(badRefresh, 401);
    return c.json(result.tokens);
  })
  .post('/delete_tokens', validate('json', deleteTokensSchema), async (c) => {
    await revokeByRefresh(c.var.deps.db, c.var.deps.tokens, c.req.valid('json').refreshToken);
    // Same answer for an unknown token: nothing to learn from it.
    return c.json({ message: 'Déconnexion effectuée.' });
  });
