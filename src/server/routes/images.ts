/** `GET /api/images/{version}/{size}.webp`: product renditions, addressed by content and so cached for a year. */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { images } from '../db/schema.ts';
import { validate } from '../http/validate.ts';

const imageParam = z.object({
  version: z.string().regex(/^[a-z0-9]{1,32}$/i, 'Version d’image invalide.'),
  file: z.enum(['256.webp', '1024.webp'], { error: 'Taille d’image inconnue.' }),
});

/** The image sub-app, mounted at `/api/images`. */
export const imageRoutes = new Hono<AppEnv>().get('/:version/:file', validate('param', imageParam), async (c) => {
  const { version, file } = c.req.valid('param');
  const [row] = await c.var.deps.db.select({ data: images.data }).from(images)
    .where(and(eq(images.version, version), eq(images.size, Number.parseInt(file, 10))));
  if (!row) return c.json({ message: 'Image introuvable.' }, 404);
  return c.body(new Uint8Array(row.data), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
