import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $compare, clearCompare, refreshCompared, removeFromCompare } from './compare.store.ts';
import { CompareEmpty, CompareGrid } from './CompareParts.tsx';
import type { CompareFirst } from './compare-first.ts';
import { compareView } from './compare-view.ts';
import { useMounted } from './use-mounted-store.ts';

/**
 * Products compared side by side (§2 `/products-compaire`): name, image, prices, category, tags, availability,
 * description, removable one by one. The server and the first client render draw `first`; once mounted, the stored
 * comparison (refreshed with `first`'s prices) is drawn. Without `first` (the API did not answer) the server says it loads.
 */
export default function CompareTable({ first }: { first: CompareFirst | null }) {
  const stored = useStore($compare);
  const mounted = useMounted();
  useEffect(() => {
    if (first) refreshCompared(first.asked, first.products);
  }, [first]);
  const products = mounted ? stored : first?.products;
  if (!products)
    return (
      <p aria-busy="true" className="rounded-lg bg-white p-8 text-center text-slate-700">
        Chargement de la comparaison…
      </p>
    );
  if (products.length === 0) return <CompareEmpty />;
  const remove = (i: number) => {
    const product = products[i];
    if (product) removeFromCompare(product.id);
  };
  return <CompareGrid views={products.map(compareView)} remove={remove} clear={clearCompare} live={mounted} />;
}
