/** A product photo sent from the back office, turned into the square renditions (WebP, and AVIF where smaller) the storefront serves (§3 image_256, image). */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { encodeVariants, IMAGE_SIZES, type ImageSize, type ImageVariants, type RenderedImage } from '../db/images.ts';

// Past about 40 megapixels a file is a decompression bomb rather than a phone photo.
const MAX_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
const QUALITY: Record<ImageSize, number> = { 256: 75, 512: 78, 1024: 80 };

/** Each size of `IMAGE_SIZES`, contained in a white square, as WebP and as AVIF where smaller; null when the bytes are not a readable JPEG, PNG or WebP. */
export async function renderUpload(bytes: Uint8Array): Promise<RenderedImage | null> {
  try {
    const { format } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!format || !FORMATS.has(format)) return null;
    const renditions = new Map<ImageSize, ImageVariants>();
    const hash = createHash('sha256');
    for (const size of IMAGE_SIZES) {
      // rotate(): phones record portrait photos as landscape plus an orientation tag.
      const out = await encodeVariants(
        sharp(bytes, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .flatten({ background: '#ffffff' })
          .resize(size, size, { fit: 'contain', background: '#ffffff' }),
        QUALITY[size],
      );
      renditions.set(size, out);
      // The smaller variant, the one file kept before WebP was stored beside AVIF: a photo sent again keeps its version.
      hash.update(out.avif ?? out.webp);
    }
    return { version: hash.digest('hex').slice(0, 12), renditions };
  } catch {
    return null;
  }
}
