/** What a product picture's address looks like (§7 `/api/images/{version}/{size}`), apart from the other offline rules so the frame's script carries only this one. */

const PRODUCT_IMAGE = /^\/api\/images\/[^/]+\/[^/]+$/u;

/** A product image served by the API: kept cache-first within `LIMITS.images` (offline-rules.ts). */
export function isProductImage(pathname: string): boolean {
  return PRODUCT_IMAGE.test(pathname);
}
