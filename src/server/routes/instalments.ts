/** `GET /api/echeances` (§6 « Mes échéances »): the caller's own instalments of pre-orders and credit orders, and what they owe. */
import { Hono } from 'hono';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { myInstalments } from '../credit/my-instalments.ts';

/** The instalments sub-app, mounted at `/api`. */
export const instalmentRoutes = new Hono<AppEnv>().get('/echeances', requireUser, async (c) => {
  const { db, now } = c.var.deps;
  c.header('Cache-Control', 'no-store');
  return c.json(await myInstalments(db, c.var.principal!.id, now()));
});
