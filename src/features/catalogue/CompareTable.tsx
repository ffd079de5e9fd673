import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { Product } from '../../domain/catalogue.ts';
import { productImageSrc } from '../../lib/images.ts';
import { $compare, clearCompare, removeFromCompare } from './compare.store.ts';
import { productHref } from './links.ts';
import { PriceTag } from './ProductCard.tsx';

const rows: Array<[string, (p: Product) => ReactNode]> = [
  ['Prix', (p) => <PriceTag product={p} />],
  ['Catégorie', (p) => p.categ_id ?? '—'],
  ['Étiquettes', (p) => (p.tags.length ? p.tags.map((t) => t.name).join(', ') : '—')],
  ['Disponibilité', (p) => (p.quantity > 0 ? `En stock (${p.quantity})` : 'Rupture de stock')],
  ['Description', (p) => <span className="line-clamp-6 whitespace-pre-line">{p.description || '—'}</span>],
];

/** Products compared side by side (name, image, prices, category, tags, availability, description), removable one by one. */
export default function CompareTable() {
  const products = useStore($compare);
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
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[40rem] table-fixed text-left text-sm">
          <caption className="sr-only">Comparaison de {products.length} produits</caption>
          <thead>
            <tr>
              <td className="w-32 p-3" />
              {products.map((p) => (
                <th key={p.id} scope="col" className="p-3 align-top font-normal">
                  <img src={productImageSrc(p.image_256)} alt="" width={256} height={256} loading="lazy" className="mx-auto aspect-square w-full max-w-40 object-contain" />
                  <a href={productHref(p.id)} className="mt-2 block font-semibold text-slate-900 hover:text-brand-800 hover:underline">{p.name}</a>
                  <button type="button" onClick={() => removeFromCompare(p.id)} className="mt-2 min-h-11 rounded-md border border-slate-300 px-3 font-semibold text-slate-800 hover:border-red-700 hover:text-red-800">
                    Retirer<span className="sr-only"> {p.name} de la comparaison</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label} className="border-t border-slate-200">
                <th scope="row" className="p-3 align-top font-semibold text-slate-700">{label}</th>
                {products.map((p) => <td key={p.id} className="p-3 align-top text-slate-800">{cell(p)}</td>)}
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
