/** The pieces of the comparison (§2 `/products-compaire`): the empty notice and the table. */
import type { ReactNode } from 'react';
import type { CompareView } from './compare-view.ts';
import { PriceTag } from './ProductCard.tsx';

// Width of the label column (5.5rem) and least width of a product column (7.5rem): two products fit a 360 px phone
// (12 px page margins: 5.5 + 2 × 7.5 rem = 328 px), a third one scrolls the table, never the page. Classes, not style
// attributes: the page's CSP refuses those.
const LABEL_WIDTH = 'w-[5.5rem]';
const TABLE_MIN_WIDTH = ['', 'min-w-[13rem]', 'min-w-[20.5rem]', 'min-w-[28rem]', 'min-w-[35.5rem]'] as const;
// The label column stays in view while the products scroll under it.
const STICKY = 'sticky left-0 z-10 bg-white';

const rows: Array<[string, (v: CompareView) => ReactNode]> = [
  ['Prix', (v) => <PriceTag view={v} compact />],
  ['Catégorie', (v) => v.category],
  ['Étiquettes', (v) => v.tags],
  // Soft hyphens: the long labels break cleanly in the narrow label column of a phone.
  ['Dispo\u00adnibilité', (v) => v.availability],
  ['Des\u00adcription', (v) => <span className="line-clamp-6 whitespace-pre-line">{v.description}</span>],
];

/** Nothing compared yet. */
export function CompareEmpty() {
  return (
    <div className="rounded-lg bg-white p-8 text-center">
      <p className="text-lg text-slate-700">Aucun produit à comparer pour le moment.</p>
      <a
        href="/boutique"
        className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-bold text-white hover:bg-brand-800"
      >
        Parcourir la boutique
      </a>
    </div>
  );
}

/** The products side by side, each removable, and the button emptying the comparison; the buttons wait for `live` (hydrated). */
export function CompareGrid({
  views,
  remove,
  clear,
  live,
}: {
  views: readonly CompareView[];
  remove: (i: number) => void;
  clear: () => void;
  live: boolean;
}) {
  const n = views.length;
  return (
    <div>
      {/* relative: the hidden labels of the buttons (absolutely placed) scroll with the table instead of widening the page. */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className={`w-full table-fixed text-left text-sm ${TABLE_MIN_WIDTH[n]}`}>
          <caption className="sr-only">{`Comparaison de ${n} produit${n > 1 ? 's' : ''}`}</caption>
          <colgroup>
            <col className={LABEL_WIDTH} />
            {views.map((v) => (
              <col key={v.href} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <td className={`${STICKY} p-2 sm:p-3`} />
              {views.map((v, i) => (
                <th key={v.href} scope="col" className="px-1.5 py-2 align-top font-normal break-words sm:p-3">
                  <img
                    src={v.image}
                    alt=""
                    width={256}
                    height={256}
                    loading="lazy"
                    className="mx-auto aspect-square w-full max-w-40 object-contain"
                  />
                  <a href={v.href} className="mt-2 block font-semibold text-slate-900 hover:text-brand-800 hover:underline">
                    {v.name}
                  </a>
                  <button
                    type="button"
                    disabled={!live}
                    onClick={() => remove(i)}
                    className="mt-2 min-h-11 rounded-md border border-slate-300 px-2 font-semibold sm:px-3 text-slate-800 hover:border-red-700 hover:text-red-800"
                  >
                    Retirer<span className="sr-only"> {v.name} de la comparaison</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label} className="border-t border-slate-200">
                <th scope="row" className={`${STICKY} p-2 align-top text-xs font-semibold text-slate-700 sm:p-3 sm:text-sm`}>
                  {label}
                </th>
                {views.map((v) => (
                  <td key={v.href} className="px-1.5 py-2 align-top text-slate-800 break-words sm:p-3">
                    {cell(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        disabled={!live}
        onClick={clear}
        className="mt-4 min-h-11 rounded-md border-2 border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
      >
        Vider la comparaison
      </button>
    </div>
  );
}
