/** Listing order of spec §9: four priority categories first, then the others, then by rang. */

export const PRIORITY_CATEGORIES = ['CONGELATEUR', 'TELEVISION', 'REFRIGERATEUR', 'CUISINIERE'] as const;

/** Bucket of a category name: 0–3 for the priority ones in order, 4 for every other. */
export function categoryBucket(name: string | null | undefined): number {
  const i = (PRIORITY_CATEGORIES as readonly string[]).indexOf((name ?? '').toUpperCase());
  return i === -1 ? PRIORITY_CATEGORIES.length : i;
}

/** Compares two products for listings: bucket, then rang, then id for a stable order. */
function compareProducts(
  a: { categ_id: string | null; rang: number; id: number },
  b: { categ_id: string | null; rang: number; id: number },
): number {
  return categoryBucket(a.categ_id) - categoryBucket(b.categ_id) || a.rang - b.rang || a.id - b.id;
}

/** Returns a new, sorted array; the input is left as it was. */
export function sortProducts<T extends { categ_id: string | null; rang: number; id: number }>(products: readonly T[]): T[] {
  return [...products].sort(compareProducts);
}
