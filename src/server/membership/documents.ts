/** The documents of a membership request (§6): photos re-encoded to a size an admin can read on screen, PDFs kept as sent. */
import sharp from 'sharp';
import { type DocumentType, sniffDocument } from '../../domain/membership.ts';

// Past about 40 megapixels a file is a decompression bomb rather than a phone photo.
const MAX_PIXELS = 40_000_000;
// An ID card or a payslip stays legible at 2 000 px on its long side; JPEG at 82 keeps the text sharp for about 300 KB.
const LONG_SIDE = 2000;
const QUALITY = 82;

/** A document ready to store: its type, bytes and the name it is served under. */
export interface StoredDocument {
  mime: DocumentType;
  data: Uint8Array;
  fileName: string;
}

/** The stored form of an uploaded file, or null when its bytes are neither a readable photo nor a PDF. */
export async function prepareDocument(bytes: Uint8Array, name: string): Promise<StoredDocument | null> {
  const type = sniffDocument(bytes);
  if (!type) return null;
  const base = safeName(name);
  if (type === 'application/pdf') return { mime: type, data: bytes, fileName: `${base}.pdf` };
  try {
    // rotate(): phones record portrait photos as landscape plus an orientation tag; the tag (and location) is dropped.
    const data = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: QUALITY, mozjpeg: true })
      .toBuffer();
    return { mime: 'image/jpeg', data, fileName: `${base}.jpg` };
  } catch {
    return null;
  }
}

// The name shown in the back office and in Content-Disposition: letters, digits, dashes; without its extension.
function safeName(name: string): string {
  const stem = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return (
    stem
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'document'
  ).toLowerCase();
}
