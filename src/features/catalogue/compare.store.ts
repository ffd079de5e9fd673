/** Product comparison (up to 4 products), kept in browser storage across reloads. */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { z } from 'zod';
import { productSchema, type Product } from '../../domain/catalogue.ts';
import { toast } from '../frame/toast.store.ts';

/** Most products compared side by side. */
export const MAX_COMPARE = 4;

const stored = z.array(productSchema).max(MAX_COMPARE);

/** Products being compared, oldest first; damaged storage reads as an empty comparison. */
export const $compare = persistentAtom<Product[]>('compare', [], {
  encode: (list) => JSON.stringify(list),
  decode(raw) {
    try {
      const parsed = stored.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  },
});

/** Ids being compared, for the buttons' pressed state. */
export const $compareIds = computed($compare, (list) => new Set(list.map((p) => p.id)));

/** Adds a product (without its large image) to the comparison; says so in a toast. */
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
  $compare.set([...list, { ...product, image: null }]);
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
