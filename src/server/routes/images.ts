/** `GET /api/images/{id}/{version}/{size}.webp`: product renditions, cached for a year (the URL changes with the image). */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { productImages, products } from '../db/schema.ts';
import { validate } from '../http/validate.ts';

const imageParam = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  version: z.string().regex(/^[a-z0-9]{1,32}$/i),
  file: z.enum(['256.webp', '1024.webp'], { error: 'Taille d’image inconnue.' }),
});

/** The image sub-app, mounted at `/api/images`. */
export const imageRoutes = new Hono<AppEnv>().get('/:id/:version/:file', validate('param', imageParam), async (c) => {
  const { id, version, file } = c.req.valid('param');
  const size = Number.parseInt(file, 10);
  const [row] = await c.var.deps.db.select({ data: productImages.data, version: products.imageVersion })
    .from(productImages).innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(productImages.productId, id), eq(productImages.size, size)));
  if (!row) return c.json({ message: 'Image introuvable.' }, 404);
  if (row.version !== version) return c.redirect(`/api/images/${id}/${row.version}/${file}`, 301);
  return c.body(new Uint8Array(row.data), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
