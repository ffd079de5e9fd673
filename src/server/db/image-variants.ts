/**
 * Product images served from their stored variants (§3 image_256, image): each size and format is encoded at most once
 * and kept in the images table, so no request converts a picture. An AVIF goes to browsers that accept it; every other
 * browser gets the WebP, which uploads store beside the AVIF and which is made once, then kept, for rows stored before.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from './client.ts';
import { asBytea, type ImageFormat, type ImageSize } from './images.ts';
import { images } from './schema.ts';

/** One stored rendition: its format and bytes. */
export interface ImageVariant {
  format: ImageFormat;
  data: Uint8Array;
}

const LARGEST = 1024;
const WEBP_QUALITY = 75;

// The WebPs being made in this process, per database and `version/size`: requests that miss the same one at the same
// time wait for one encoding instead of each paying for their own.
const making = new WeakMap<Db, Map<string, Promise<ImageVariant | null>>>();

async function stored(db: Db, version: string, size: number, formats: ImageFormat[]): Promise<ImageVariant | null> {
  // 'avif' sorts before 'webp': when both are acceptable, the AVIF (stored only where smaller) comes first.
  const [row] = await db
    .select({ format: images.format, data: images.data })
    .from(images)
    .where(and(eq(images.version, version), eq(images.size, size), inArray(images.format, formats)))
    .orderBy(asc(images.format))
    .limit(1);
  return row ? { format: row.format, data: new Uint8Array(row.data) } : null;
}

async function makeWebp(db: Db, version: string, size: number): Promise<ImageVariant | null> {
  const have = await db
    .select({ size: images.size, format: images.format })
    .from(images)
    .where(and(eq(images.version, version), inArray(images.size, [size, LARGEST])));
  const has = ([s, f]: readonly [number, ImageFormat]) => have.some((r) => r.size === s && r.format === f);
  // Another request of this process may have stored it since this one looked.
  if (has([size, 'webp'])) return stored(db, version, size, ['webp']);
  // Drawn from the AVIF of the same size (rows stored before WebP was kept beside it), else from the 1024 px rendition
  // (a size stored before it was served: images made when only 256 and 1024 existed), its WebP decoding the faster.
  const from = (
    [
      [size, 'avif'],
      [LARGEST, 'webp'],
      [LARGEST, 'avif'],
    ] as const
  ).find(has);
  if (!from) return null;
  const source = await stored(db, version, from[0], [from[1]]);
  if (!source) return null;
  const data = await sharp(source.data)
    .resize(size, size, { fit: 'contain', background: '#ffffff' })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  // Another instance may have stored the same WebP meanwhile: either copy is as good.
  await db
    .insert(images)
    .values({ version, size, format: 'webp', data: asBytea(data) })
    .onConflictDoNothing();
  return { format: 'webp', data: new Uint8Array(data) };
}

function missingWebp(db: Db, version: string, size: number): Promise<ImageVariant | null> {
  let inFlight = making.get(db);
  if (!inFlight) {
    inFlight = new Map();
    making.set(db, inFlight);
  }
  const key = `${version}/${size}`;
  let pending = inFlight.get(key);
  if (!pending) {
    const mine = makeWebp(db, version, size).finally(() => inFlight.delete(key));
    inFlight.set(key, mine);
    pending = mine;
  }
  return pending;
}

/** The rendition to send: the AVIF when the browser accepts it and one is stored, else the WebP (made once and kept if missing); null for an unknown image. */
export async function imageVariant(db: Db, version: string, size: ImageSize, acceptsAvif: boolean): Promise<ImageVariant | null> {
  return (await stored(db, version, size, acceptsAvif ? ['avif', 'webp'] : ['webp'])) ?? (await missingWebp(db, version, size));
}
