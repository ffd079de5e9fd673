/** Pack routes of spec §7: `GET /api/pack_product` and `GET /api/pack_product/{code}`. */
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Pack, PackSummary } from '../../domain/catalogue.ts';
import { packTotal } from '../../domain/pack-admin.ts';
import { packLinesOf } from '../admin/packs.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { imageUrl } from '../db/products.ts';
import { packs } from '../db/schema.ts';
import { validate } from '../http/validate.ts';

const codeParam = z.object({ code: z.string().trim().min(1).max(64, 'Le code du pack est trop long.') });

/** Loads packs with their lines; the total is recomputed here, never trusted from elsewhere. */
async function loadPacks(db: Db, only?: string): Promise<PackSummary[]> {
  const rows = await db
    .select()
    .from(packs)
    .where(only === undefined ? eq(packs.active, true) : eq(packs.code, only))
    .orderBy(asc(packs.id));
  const active = rows.filter((p) => p.active);
  if (active.length === 0) return [];
  const lines = await packLinesOf(
    db,
    active.map((p) => p.id),
  );
  return active.map((p) => {
    const produits = lines
      .filter((l) => l.packId === p.id)
      .map((l) => ({
        id: l.product_id,
        quantity: l.quantity,
        price_unit: l.price_unit,
        name: l.name,
        image: imageUrl(l.imageVersion, 256),
        stock: l.stock,
      }));
    return { code: p.code, name: p.name, produits, sommeTotal: packTotal(produits) };
  });
}

/** The pack sub-app, mounted at `/api/pack_product`. */
export const packRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await loadPacks(c.var.deps.db)))
  .get('/:code', validate('param', codeParam), async (c) => {
    const [pack] = await loadPacks(c.var.deps.db, c.req.valid('param').code);
    if (!pack) return c.json({ message: 'Le pack n’existe pas ou n’est plus disponible.' }, 404);
    const { code: _code, ...body } = pack;
    return c.json(body satisfies Pack);
  });
