/** `GET /api/tags`: the tag list that feeds the filter panel. */
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { tags } from '../db/schema.ts';

/** The tag sub-app, mounted at `/api/tags`. */
export const tagRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await c.var.deps.db.select().from(tags).orderBy(asc(tags.name))));
