import { Icon } from '../../components/ui/Icon.tsx';
import type { CollectionKind, Line } from '../../domain/collections.ts';
import { capHint, capNotice } from '../../domain/quantity.ts';
import { toast } from '../frame/toast.store.ts';
import { addToCart, removeFromCollection, stepQuantity } from './collections.store.ts';
import type { LineView } from './line-view.ts';

const STEP = 'inline-flex size-9 items-center justify-center rounded-md border border-slate-300 text-lg font-bold text-brand-800 hover:bg-brand-50 disabled:opacity-40 aria-disabled:opacity-40';

/** A tap on '+': one more, or the reason it stops when the line holds the household cap. */
function more(kind: CollectionKind, id: number, name: string): void {
  if (!stepQuantity(kind, id, 1)) toast(capNotice(name), { kind: 'warning' });
}

/**
 * Every line has the same fixed height (10rem on phones: picture, name and remove, then quantity and total; 7rem in one row
 * from 640 px): the page reserves `lines × height` before the island hydrates, so nothing below moves (names clamp to 2 lines).
 */
export const LINE_CLASS = 'grid h-40 grid-cols-[5rem_minmax(0,1fr)_2.25rem] grid-rows-[5rem_2.25rem] items-center gap-x-3 gap-y-3 border-b border-slate-200 py-4 last:border-0 sm:h-28 sm:grid-cols-[5rem_minmax(0,1fr)_auto_8rem_2.25rem] sm:grid-rows-1';

/**
 * One line of a collection screen: image, name, unit price, quantity stepper, line total, remove. Drawn from its `view`;
 * `line` (what the buttons act on) is absent only in the server's template for the first-paint preview.
 */
export function CollectionLine({ kind, view, line }: { kind: CollectionKind; view: LineView; line?: Line }) {
  const { href, name } = view;
  const id = line?.product.id ?? 0;
  return (
    <li className={LINE_CLASS}>
      <a href={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img src={view.image} alt="" width={80} height={80} loading="lazy" className="size-20 rounded-md bg-white object-contain" />
      </a>
      <div className="min-w-0">
        <a href={href} className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base hover:text-brand-700 hover:underline">{name}</a>
        <p className="line-clamp-2 text-xs text-slate-600 sm:text-sm">Prix unitaire : {view.unit}</p>
      </div>
      {kind === 'wishlist' ? (
        <button type="button" onClick={() => line && addToCart(line.product)} className="col-span-2 col-start-1 row-start-2 justify-self-start rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:col-span-1 sm:col-start-3 sm:row-start-1">
          Ajouter au panier<span className="sr-only"> : {name}</span>
        </button>
      ) : (
        <div className="col-span-2 col-start-1 row-start-2 flex items-center justify-self-start gap-2 sm:col-span-1 sm:col-start-3 sm:row-start-1" role="group" aria-label={`Quantité de ${name}`}>
          <button type="button" className={STEP} data-step="less" disabled={!view.canLess} aria-label={`Diminuer la quantité de ${name}`} onClick={() => stepQuantity(kind, id, -1)}>−</button>
          <output className="w-8 text-center font-semibold" aria-live="polite">{view.quantity}</output>
          {/* At the household cap '+' stays tappable (aria-disabled, not disabled) so that a tap can say why it stops. */}
          <button type="button" className={STEP} data-step="more" aria-disabled={view.canMore ? undefined : true} title={view.canMore ? undefined : capHint} aria-label={`Augmenter la quantité de ${name}`}
            onClick={() => more(kind, id, name)}>+</button>
        </div>
      )}
      <p className="col-span-2 col-start-2 row-start-2 justify-self-end text-right font-bold whitespace-nowrap text-brand-800 sm:col-span-1 sm:col-start-4 sm:row-start-1">{view.total}</p>
      <button type="button" onClick={() => line && removeFromCollection(kind, id)} aria-label={`Retirer ${name}`} className="col-start-3 row-start-1 inline-flex size-9 items-center justify-center justify-self-end rounded-full text-red-700 hover:bg-red-50 sm:col-start-5">
        <Icon name="close" size={20} />
      </button>
    </li>
  );
}
