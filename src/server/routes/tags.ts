/** Tag routes (§3 "Tag", §7): `GET /api/tags` feeds the filter panel; admins create, rename and delete (see label-writes.ts). */
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { tags } from '../db/schema.ts';
import { labelWrites } from './label-writes.ts';

/** The tag sub-app, mounted at `/api/tags`. */
export const tagRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await c.var.deps.db.select().from(tags).orderBy(asc(tags.name))))
  .route('/', labelWrites('tag'));
