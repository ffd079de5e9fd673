/** The back office's instalments under `/api/admin/echeances` (admins only): the overdue list with its totals (§6). */
import { Hono } from 'hono';
import { overdueQuerySchema } from '../../domain/overdue.schema.ts';
import { listOverdue } from '../admin/overdue.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { validate } from '../http/validate.ts';

/** The admin instalments sub-app, mounted at `/api/admin/echeances`. */
export const adminInstalmentRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/retard', validate('query', overdueQuerySchema), async (c) =>
    c.json(await listOverdue(c.var.deps.db, c.req.valid('query'), c.var.deps.now())),
  );
