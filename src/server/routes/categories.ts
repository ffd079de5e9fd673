/** Category routes of spec §7: public reads, admin writes. */
import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { categoryInputSchema } from '../../domain/catalogue.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { categories } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';

const notFound = { message: 'Catégorie introuvable.' };
const taken = (name: string) => ({ message: `La catégorie « ${name} » existe déjà.`, field: 'name' });

async function nameTaken(db: Db, name: string, except?: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(sql`lower(${categories.name}) = lower(${name})`);
  return !!row && row.id !== except;
}

/** The category sub-app, mounted at `/api/categories`. */
export const categoryRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await c.var.deps.db.select().from(categories).orderBy(asc(categories.name))))
  .get('/:id', validate('param', idParam), async (c) => {
    const [row] = await c.var.deps.db.select().from(categories).where(eq(categories.id, c.req.valid('param').id));
    return row ? c.json(row) : c.json(notFound, 404);
  })
  .post('/', requireAdmin, validate('json', categoryInputSchema), async (c) => {
    const { name } = c.req.valid('json');
    if (await nameTaken(c.var.deps.db, name)) return c.json(taken(name), 409);
    const [row] = await c.var.deps.db.insert(categories).values({ name }).returning();
    return c.json(row, 201);
  })
  .put('/:id', requireAdmin, validate('param', idParam), validate('json', categoryInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    if (await nameTaken(c.var.deps.db, name, id)) return c.json(taken(name), 409);
    const [row] = await c.var.deps.db.update(categories).set({ name }).where(eq(categories.id, id)).returning();
    return row ? c.json(row) : c.json(notFound, 404);
  })
  .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c.var.deps.db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    return gone.length ? c.json({ message: 'Catégorie supprimée.', id }) : c.json(notFound, 404);
  });
