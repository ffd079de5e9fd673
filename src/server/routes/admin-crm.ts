/** The back office's view of CRM records, carts left behind and search terms (`/api/admin/crm`, `/api/admin/recherches`). */
import { Hono } from 'hono';
import { crmQuerySchema } from '../../domain/admin.schema.ts';
import { abandonedCarts, crmPage, searchStats } from '../admin/crm.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { validate } from '../http/validate.ts';

/** The admin CRM sub-app, mounted at `/api/admin`. */
export const adminCrmRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/crm', validate('query', crmQuerySchema), async (c) => c.json(await crmPage(c.var.deps.db, c.req.valid('query'))))
  .get('/crm/abandonnes', async (c) => c.json(await abandonedCarts(c.var.deps.db, c.var.deps.now())))
  .get('/recherches', async (c) => c.json(await searchStats(c.var.deps.db, c.var.deps.now())));
