/** `GET /api/admin/categories` and `/api/admin/tags`: every category and tag (§3) with how many products use it. */
import { Hono } from 'hono';
import { labelsWithCounts } from '../admin/labels.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';

/** The admin label reads, mounted at `/api/admin`. */
export const adminLabelRoutes = new Hono<AppEnv>()
  .get('/categories', requireAdmin, async (c) => c.json(await labelsWithCounts(c.var.deps.db, 'category')))
  .get('/tags', requireAdmin, async (c) => c.json(await labelsWithCounts(c.var.deps.db, 'tag')));
