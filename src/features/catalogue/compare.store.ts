/** Product comparison (up to 4 products), kept in browser storage across reloads. */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { Product } from '../../domain/catalogue.ts';
import { MAX_COMPARE, readCompared } from '../../domain/compare.ts';
import { decodeStored, mirrorToCookie } from '../collections/persist.ts';
import { toast } from '../frame/toast.store.ts';
import { $compareCount } from './compare-count.store.ts';

/** Reads stored text; anything damaged or foreign gives an empty comparison. */
export function decodeCompared(raw: string | undefined): Product[] {
  return decodeStored(readCompared, raw, []);
}

/** Products being compared, oldest first. */
export const $compare = persistentAtom<Product[]>('compare', [], { encode: (list) => JSON.stringify(list), decode: decodeCompared });
mirrorToCookie($compare, 'compare', (p) => ({ id: p.id, quantity: 1 }));

// The tray reads the count only; it follows the list (and is corrected when the stored list was damaged).
$compare.subscribe((list) => {
  if ($compareCount.get() !== list.length) $compareCount.set(list.length);
});

/** Ids being compared, for the buttons' pressed state. */
export const $compareIds = computed($compare, (list) => new Set(list.map((p) => p.id)));

// A large inline image is not kept in storage.
const kept = (product: Product): Product => ({ ...product, image: product.image && product.image.length <= 2000 ? product.image : null });

/** Adds a product to the comparison (without a large inline image); says so in a toast. */
export function addToCompare(product: Product): 'added' | 'present' | 'full' {
  const list = $compare.get();
  if (list.some((p) => p.id === product.id)) {
    toast('Ce produit est déjà dans la comparaison.', { kind: 'info', duration: 3000 });
    return 'present';
  }
  if (list.length >= MAX_COMPARE) {
    toast(`Vous comparez déjà ${MAX_COMPARE} produits : retirez-en un d’abord.`, { kind: 'warning' });
    return 'full';
  }
  $compare.set([...list, kept(product)]);
  toast('Produit ajouté à la comparaison', { kind: 'success', duration: 2000 });
  return 'added';
}

/** Removes one product from the comparison. */
export function removeFromCompare(id: number): void {
  $compare.set($compare.get().filter((p) => p.id !== id));
}

/** Empties the comparison. */
export function clearCompare(): void {
  $compare.set([]);
}

/**
 * The server's products of now for those its page named (`asked`, from the cookie mirror): each stored one it found is
 * replaced by its fresh copy (prices, stock), one it did not find is no longer on sale and leaves, the others stay.
 */
export function refreshCompared(asked: readonly number[], fresh: readonly Product[]): void {
  const found = new Map(fresh.map((p) => [p.id, p]));
  const named = new Set(asked);
  const list = $compare.get();
  const next = list.flatMap((p) => {
    const now = found.get(p.id);
    return now ? [kept(now)] : named.has(p.id) ? [] : [p];
  });
  if (JSON.stringify(next) !== JSON.stringify(list)) $compare.set(next);
}
