/**
 * `GET /api/images/{version}/{size}` (also `{size}.webp`, the §3 URLs): product renditions at 256, 512 and 1024 px,
 * addressed by content and so cached for a year. Each is stored as AVIF or WebP, whichever was smaller; a browser
 * that doesn't accept AVIF gets it converted to WebP.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { IMAGE_SIZES, imageFormat } from '../db/images.ts';
import { images } from '../db/schema.ts';
import { validate } from '../http/validate.ts';

const imageParam = z.object({
  version: z.string().regex(/^[a-z0-9]{1,32}$/i, 'Version d’image invalide.'),
  file: z.string().regex(new RegExp(`^(${IMAGE_SIZES.join('|')})(\\.(webp|avif))?$`), 'Taille d’image inconnue.'),
});

type Db = AppEnv['Variables']['deps']['db'];

async function rendition(db: Db, version: string, size: number): Promise<Uint8Array | null> {
  const [row] = await db.select({ data: images.data }).from(images).where(and(eq(images.version, version), eq(images.size, size)));
  return row ? new Uint8Array(row.data) : null;
}

/** A size stored before it was served (images made when only 256 and 1024 existed): drawn from the 1024 once, then kept. */
async function derived(db: Db, version: string, size: number): Promise<Uint8Array | null> {
  const large = size < 1024 ? await rendition(db, version, 1024) : null;
  if (!large) return null;
  const out = await sharp(large).resize(size, size, { fit: 'contain', background: '#ffffff' }).webp({ quality: 75 }).toBuffer();
  await db.insert(images).values({ version, size, data: out }).onConflictDoNothing();
  return new Uint8Array(out);
}

/** The image sub-app, mounted at `/api/images`. */
export const imageRoutes = new Hono<AppEnv>().get('/:version/:file', validate('param', imageParam), async (c) => {
  const { version, file } = c.req.valid('param');
  const size = Number.parseInt(file, 10);
  const db = c.var.deps.db;
  let bytes = (await rendition(db, version, size)) ?? (await derived(db, version, size));
  if (!bytes) return c.json({ message: 'Image introuvable.' }, 404);
  let format = imageFormat(bytes);
  if (format === 'avif' && !/image\/avif/i.test(c.req.header('Accept') ?? '')) {
    bytes = new Uint8Array(await sharp(bytes).webp({ quality: 75 }).toBuffer());
    format = 'webp';
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': `image/${format}`,
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept',
  });
});
