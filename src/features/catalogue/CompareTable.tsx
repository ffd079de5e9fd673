import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $compare, clearCompare, removeFromCompare } from './compare.store.ts';
import { CompareEmpty, CompareGrid } from './CompareParts.tsx';
import { compareView } from './compare-view.ts';

/**
 * What the server draws before hydration (the comparison lives in browser storage): the empty notice, unless the
 * frame's inline script found products stored (`data-filled`, the frame then holds a screen's height, so nothing below
 * moves when the table comes). Hidden while the preview (compare-preview.ts) stands in its place; `data-reserved`
 * tells it it is there.
 */
function Reserved() {
  return (
    <div data-reserved className="group-data-[drawn]:hidden">
      <div className="group-data-[filled]:hidden"><CompareEmpty /></div>
      <p aria-busy="true" className="hidden rounded-lg bg-white p-8 text-center text-slate-700 group-data-[filled]:block">Chargement de la comparaison…</p>
    </div>
  );
}

function Compared() {
  const products = useStore($compare);
  if (products.length === 0) return <CompareEmpty />;
  return <CompareGrid views={products.map(compareView)} remove={(i) => removeFromCompare(products[i]!.id)} clear={clearCompare} />;
}

/** Products compared side by side (§2 `/products-compaire`): name, image, prices, category, tags, availability, description, removable one by one. */
export default function CompareTable() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Compared /> : <Reserved />;
}
