/** Turns a product image field (URL, data URL or raw base64) into an `<img src>`. */

import { PLACEHOLDER_IMAGE } from './placeholder.ts';

export { PLACEHOLDER_IMAGE };

// Raw base64 as the retailer's Odoo back end sends it, recognised by the encoded magic bytes.
const base64Types: ReadonlyArray<readonly [prefix: string, mime: string]> = [
  ['iVBOR', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['UklGR', 'image/webp'],
  ['R0lGOD', 'image/gif'],
  ['PHN2Zy', 'image/svg+xml'],
  ['PD94', 'image/svg+xml'],
];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DATA_URL = /^data:image\/(?:png|jpeg|webp|gif|avif|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
const ABSOLUTE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const PATH = /^\/(?!\/)[^\s]*$/;

/** The `src` for a product image; `baseURL` (default PUBLIC_API_URL) prefixes the server's own `/api/…` paths. */
export function productImageSrc(value: string | null | undefined, baseURL: string = import.meta.env.PUBLIC_API_URL ?? ''): string {
  // Odoo answers `false` for a missing image; anything not a string is treated as missing.
  if (typeof value !== 'string') return PLACEHOLDER_IMAGE;
  const trimmed = value.trim();
  if (!trimmed) return PLACEHOLDER_IMAGE;
  // Python's base64 wraps lines at 76 characters.
  const compact = trimmed.replace(/\s+/g, '');
  if (trimmed.startsWith('data:')) return DATA_URL.test(compact) ? compact : PLACEHOLDER_IMAGE;
  const type = base64Types.find(([prefix]) => trimmed.startsWith(prefix));
  if (type && compact.length % 4 === 0 && BASE64.test(compact)) return `data:${type[1]};base64,${compact}`;
  if (ABSOLUTE.test(trimmed)) return trimmed;
  if (PATH.test(trimmed)) return baseURL ? `${baseURL.replace(/\/+$/, '')}${trimmed}` : trimmed;
  return PLACEHOLDER_IMAGE;
}

// The server's own renditions (`/api/images/{version}/256.webp`, §3 image_256), optionally behind PUBLIC_API_URL.
const RENDITION = /^(.*\/api\/images\/[a-z0-9]{1,32})\/(?:256|512|1024)(?:\.webp)?$/i;

/** Widths every server image exists in. */
const IMAGE_WIDTHS = [256, 512, 1024] as const;

/**
 * `srcset` for a product image served by our API (by default 256w, 512w and 1024w; the format is chosen by the
 * server), or undefined for any other image (data URLs, outside URLs, the placeholder), which keeps its single `src`.
 */
export function productImageSrcset(
  value: string | null | undefined,
  baseURL?: string,
  widths: readonly number[] = IMAGE_WIDTHS,
): string | undefined {
  const src = productImageSrc(value, baseURL);
  const base = RENDITION.exec(src)?.[1];
  return base ? widths.map((w) => `${base}/${w} ${w}w`).join(', ') : undefined;
}
