/**
 * `GET /api/images/{version}/{size}` (also `{size}.webp`, the §3 URLs): product renditions at 256, 512 and 1024 px,
 * addressed by content and so cached for a year. Each size is stored as WebP, and as AVIF too where that is smaller;
 * a browser whose Accept names image/avif gets the AVIF, every other the WebP, both read as stored (db/image-variants.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { imageVariant } from '../db/image-variants.ts';
import { IMAGE_SIZES, type ImageSize } from '../db/images.ts';
import { validate } from '../http/validate.ts';

const imageParam = z.object({
  version: z.string().regex(/^[a-z0-9]{1,32}$/i, 'Version d’image invalide.'),
  file: z.string().regex(new RegExp(`^(${IMAGE_SIZES.join('|')})(\\.(webp|avif))?$`), 'Taille d’image inconnue.'),
});

/** The image sub-app, mounted at `/api/images`. */
export const imageRoutes = new Hono<AppEnv>().get('/:version/:file', validate('param', imageParam), async (c) => {
  const { version, file } = c.req.valid('param');
  const size = Number.parseInt(file, 10) as ImageSize;
  const variant = await imageVariant(c.var.deps.db, version, size, /image\/avif/i.test(c.req.header('Accept') ?? ''));
  if (!variant) return c.json({ message: 'Image introuvable.' }, 404);
  return c.body(variant.data as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': `image/${variant.format}`,
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept',
  });
});
