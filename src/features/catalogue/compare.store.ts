/** Product comparison (up to 4 products), kept in browser storage across reloads. */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
// zod/mini keeps this store out of the way of the first view's JS budget.
import * as z from 'zod/mini';
import type { Product } from '../../domain/catalogue.ts';
import { lineProductSchema } from '../../domain/collections.schema.ts';
import { decodeStored } from '../collections/persist.ts';
import { toast } from '../frame/toast.store.ts';
import { $compareCount } from './compare-count.store.ts';

/** Most products compared side by side. */
export const MAX_COMPARE = 4;

const text = (max: number) => z.string().check(z.maxLength(max));
const orNull = <T extends z.ZodMiniType>(t: T) => z._default(z.nullable(t), null);

/** What the comparison keeps of a product: a cart line's product plus the §3 fields the table shows. */
const comparedSchema = z.extend(lineProductSchema, {
  description: z._default(text(5000), ''),
  category_id: z.optional(z.nullable(z.int())),
  image: orNull(text(2000)),
  sale_ok: z._default(z.boolean(), true),
  rang: z._default(z.int(), 0),
  quantity: z._default(z.int(), 0),
  date: orNull(text(40)),
  location: orNull(text(300)),
  tags: z._default(z.array(z.object({ id: z.int(), name: text(200) })).check(z.maxLength(50)), []),
});
const storedSchema = z.array(comparedSchema).check(z.maxLength(MAX_COMPARE));
const readCompared = (raw: unknown) => {
  const parsed = z.safeParse(storedSchema, raw);
  return parsed.success ? (parsed.data as Product[]) : null;
};

/** Reads stored text; anything damaged or foreign gives an empty comparison. */
export function decodeCompared(raw: string | undefined): Product[] {
  return decodeStored(readCompared, raw, []);
}

/** Products being compared, oldest first. */
export const $compare = persistentAtom<Product[]>('compare', [], { encode: (list) => JSON.stringify(list), decode: decodeCompared });

// The tray reads the count only; it follows the list (and is corrected when the stored list was damaged).
$compare.subscribe((list) => {
  if ($compareCount.get() !== list.length) $compareCount.set(list.length);
});

/** Ids being compared, for the buttons' pressed state. */
export const $compareIds = computed($compare, (list) => new Set(list.map((p) => p.id)));

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
  const image = product.image && product.image.length <= 2000 ? product.image : null;
  $compare.set([...list, { ...product, image }]);
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
