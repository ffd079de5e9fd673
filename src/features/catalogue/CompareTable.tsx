import type { ReactNode } from 'react';
import type { Product } from '../../domain/catalogue.ts';
import { productImageSrc } from '../../lib/images.ts';
import { $compare, clearCompare, removeFromCompare } from './compare.store.ts';
import { productHref } from './links.ts';
import { PriceTag } from './ProductCard.tsx';
import { useMounted, useMountedStore } from './use-mounted-store.ts';

// Width of the label column and least width of a product column: two products fit a 360 px phone
// (12 px page margins: 5.5 + 2 × 7.5 rem = 328 px), a third one scrolls the table, never the page.
const LABEL_REM = 5.5;
const PRODUCT_REM = 7.5;
// The label column stays in view while the products scroll under it.
const STICKY = 'sticky left-0 z-10 bg-white';

const rows: Array<[string, (p: Product) => ReactNode]> = [
  ['Prix', (p) => <PriceTag product={p} compact />],
  ['Catégorie', (p) => p.categ_id ?? '—'],
  ['Étiquettes', (p) => (p.tags.length ? p.tags.map((t) => t.name).join(', ') : '—')],
  // Soft hyphens: the long labels break cleanly in the narrow label column of a phone.
  ['Dispo\u00adnibilité', (p) => (p.quantity > 0 ? `En stock (${p.quantity})` : 'Rupture de stock')],
  ['Des\u00adcription', (p) => <span className="line-clamp-6 whitespace-pre-line">{p.description || '—'}</span>],
];

/** Products compared side by side (name, image, prices, category, tags, availability, description), removable one by one. */
export default function CompareTable() {
  // The comparison lives in browser storage: the server and the first client render both draw the waiting state.
  const mounted = useMounted();
  const products = useMountedStore($compare, []);
  if (!mounted) return <p aria-busy="true" className="rounded-lg bg-white p-8 text-center text-slate-700">Chargement de la comparaison…</p>;
  if (products.length === 0) {
    return (
      <div className="rounded-lg bg-white p-8 text-center">
        <p className="text-lg text-slate-700">Aucun produit à comparer pour le moment.</p>
        <a href="/boutique" className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-bold text-white hover:bg-brand-800">Parcourir la boutique</a>
      </div>
    );
  }
  return (
    <div>
      {/* relative: the hidden labels of the buttons (absolutely placed) scroll with the table instead of widening the page. */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full table-fixed text-left text-sm" style={{ minWidth: `${LABEL_REM + products.length * PRODUCT_REM}rem` }}>
          <caption className="sr-only">Comparaison de {products.length} produit{products.length > 1 ? 's' : ''}</caption>
          <colgroup>
            <col style={{ width: `${LABEL_REM}rem` }} />
            {products.map((p) => <col key={p.id} />)}
          </colgroup>
          <thead>
            <tr>
              <td className={`${STICKY} p-2 sm:p-3`} />
              {products.map((p) => (
                <th key={p.id} scope="col" className="px-1.5 py-2 align-top font-normal break-words sm:p-3">
                  <img src={productImageSrc(p.image_256)} alt="" width={256} height={256} loading="lazy" className="mx-auto aspect-square w-full max-w-40 object-contain" />
                  <a href={productHref(p.id)} className="mt-2 block font-semibold text-slate-900 hover:text-brand-800 hover:underline">{p.name}</a>
                  <button type="button" onClick={() => removeFromCompare(p.id)} className="mt-2 min-h-11 rounded-md border border-slate-300 px-2 font-semibold sm:px-3 text-slate-800 hover:border-red-700 hover:text-red-800">
                    Retirer<span className="sr-only"> {p.name} de la comparaison</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label} className="border-t border-slate-200">
                <th scope="row" className={`${STICKY} p-2 align-top text-xs font-semibold text-slate-700 sm:p-3 sm:text-sm`}>{label}</th>
                {products.map((p) => <td key={p.id} className="px-1.5 py-2 align-top text-slate-800 break-words sm:p-3">{cell(p)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" onClick={clearCompare} className="mt-4 min-h-11 rounded-md border-2 border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50">
        Vider la comparaison
      </button>
    </div>
  );
}
