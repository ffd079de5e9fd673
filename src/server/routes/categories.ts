/** Category routes of spec §7: public reads, admin writes (see label-writes.ts). */
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { categories } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';
import { labelWrites } from './label-writes.ts';

/** The category sub-app, mounted at `/api/categories`. */
export const categoryRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await c.var.deps.db.select().from(categories).orderBy(asc(categories.name))))
  .get('/:id', validate('param', idParam), async (c) => {
    const [row] = await c.var.deps.db
      .select()
      .from(categories)
      .where(eq(categories.id, c.req.valid('param').id));
    return row ? c.json(row) : c.json({ message: 'Catégorie introuvable.' }, 404);
  })
  .route('/', labelWrites('category'));
