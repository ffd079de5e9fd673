/** Product images: renditions kept per size and format (WebP always, AVIF beside it where smaller), and the demo's drawings rendered by sharp at seed time. */
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { Db } from './client.ts';
import { productSvg } from './images-art.ts';
import { images } from './schema.ts';

/** The square sizes the API serves: cards and lines (256), phone product pages (512), large screens and zoom (1024). */
export const IMAGE_SIZES = [256, 512, 1024] as const;
/** One of the served sizes. */
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** A stored format: AVIF for browsers that accept it, WebP for every browser. */
export type ImageFormat = (typeof images.$inferSelect)['format'];

/** One size of an image: always a WebP, and an AVIF beside it where that is smaller. */
export interface ImageVariants {
  webp: Uint8Array;
  avif?: Uint8Array;
}

/** A rendered image: its renditions and a short hash of their bytes, used in cache-busting URLs. */
export interface RenderedImage {
  version: string;
  renditions: Map<ImageSize, ImageVariants>;
}

// The SVG is drawn at 256 px (72 dpi); rendering at 4× the density gives a crisp 1024 px instead of an upscale.
const DENSITY: Record<ImageSize, number> = { 256: 72, 512: 144, 1024: 288 };
const QUALITY: Record<ImageSize, number> = { 256: 72, 512: 70, 1024: 70 };
// Effort 2 encodes about twice as fast as the default 4 for flat drawings, for files under 10 % larger.
const EFFORT = 2;
// AVIF at quality 50 looks like WebP at 70–75; effort 1 keeps its encoding under a second on a small server.
const AVIF = { quality: 50, effort: 1 } as const;

/** Encodes one rendition both ways: the WebP every browser reads, and the AVIF too where sharp makes it smaller. */
export async function encodeVariants(pipeline: Sharp, webpQuality: number, webpEffort?: number): Promise<ImageVariants> {
  const [webp, avif] = await Promise.all([
    pipeline
      .clone()
      .webp({ quality: webpQuality, ...(webpEffort === undefined ? {} : { effort: webpEffort }) })
      .toBuffer(),
    pipeline.clone().avif(AVIF).toBuffer(),
  ]);
  return avif.length < webp.length ? { webp, avif } : { webp };
}

/** Draws the category's appliance on the brand's colour and encodes it as WebP at each served size. */
export async function renderProductImage(opts: { name: string; category: string; seed: number; brand?: string }): Promise<RenderedImage> {
  const brand = opts.brand ?? opts.name.trim().split(/\s+/)[0] ?? '';
  const svg = Buffer.from(productSvg({ brand, category: opts.category, seed: Math.abs(Math.trunc(opts.seed)) }));
  const renditions = new Map<ImageSize, ImageVariants>();
  const hash = createHash('sha256');
  for (const size of IMAGE_SIZES) {
    // WebP only: AVIF saves 20–40 % on these flat drawings from 512 px but would make seeding several times slower
    // (tests and every fresh server seed). Photos uploaded in the back office go through encodeVariants.
    const bytes = await sharp(svg, { density: DENSITY[size] })
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: QUALITY[size], effort: EFFORT })
      .toBuffer();
    renditions.set(size, { webp: bytes });
    hash.update(bytes);
  }
  return { version: hash.digest('hex').slice(0, 12), renditions };
}

/** Bytes as node-postgres sends them as bytea: a Buffer (over the same memory) rather than a bare Uint8Array. */
export function asBytea(data: Uint8Array): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** The rows of the images table for one rendered image: one per size and format. */
function imageRows(image: RenderedImage): Array<typeof images.$inferInsert> {
  return [...image.renditions].flatMap(([size, variants]) =>
    (['webp', 'avif'] as const).flatMap((format) => {
      const data = variants[format];
      return data ? [{ version: image.version, size, format, data: asBytea(data) }] : [];
    }),
  );
}

/** Stores renditions once each: the same bytes make the same version. */
export async function storeImages(db: Db, rendered: readonly RenderedImage[]): Promise<void> {
  const unique = [...new Map(rendered.map((r) => [r.version, r])).values()];
  for (const image of unique) await db.insert(images).values(imageRows(image)).onConflictDoNothing();
}

/** Renders many images with bounded concurrency (sharp works on its own thread pool). */
export async function renderAll<T>(
  items: readonly T[],
  toOpts: (item: T) => Parameters<typeof renderProductImage>[0],
  concurrency = 4,
): Promise<RenderedImage[]> {
  const out = new Array<RenderedImage>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await renderProductImage(toOpts(items[i]!));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}
