import { Icon } from '../../components/ui/Icon.tsx';
import { availability, collectionLineFit } from '../../domain/availability.ts';
import { householdCap, lineTotal, unitPrice, type CollectionKind, type Line } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';
import { capHint, capNotice } from '../../domain/quantity.ts';
import { productImageSrc } from '../../lib/images.ts';
import { toast } from '../frame/toast.store.ts';
import { addToCart, removeFromCollection, setQuantity, stepQuantity } from './collections.store.ts';

const STEP =
  'inline-flex size-9 items-center justify-center rounded-md border border-slate-300 text-lg font-bold text-brand-800 hover:bg-brand-50 disabled:opacity-40 aria-disabled:opacity-40';

/** A tap on '+': one more, or the reason it stops when the line holds the household cap. */
function more(kind: CollectionKind, id: number, name: string): void {
  if (!stepQuantity(kind, id, 1)) toast(capNotice(name), { kind: 'warning' });
}

/** A short line grows by the row saying so (fixed heights let go). */
const SHORT_LINE = 'h-auto! sm:h-auto!';

/** Every line has the same fixed height (10rem on phones: picture, name and remove, then quantity and total; 7rem in one row from 640 px; names clamp to 2 lines). */
const LINE_CLASS =
  'grid h-40 grid-cols-[5rem_minmax(0,1fr)_2.25rem] grid-rows-[5rem_2.25rem] items-center gap-x-3 gap-y-3 border-b border-slate-200 py-4 last:border-0 sm:h-28 sm:grid-cols-[5rem_minmax(0,1fr)_auto_8rem_2.25rem] sm:grid-rows-1';

/** The fix of a short line (§4), on the line itself: 'Réduire à N' or 'Retirer'. */
function LineFix({ kind, id, name, to, message }: { kind: CollectionKind; id: number; name: string; to: number; message: string }) {
  return (
    <div className="col-span-full row-start-3 flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:row-start-2">
      <p className="font-semibold">{message}</p>
      {to > 0 ? (
        <button type="button" onClick={() => setQuantity(kind, id, to)} className={FIX}>
          Réduire à {to}
          <span className="sr-only"> : {name}</span>
        </button>
      ) : (
        <button type="button" onClick={() => removeFromCollection(kind, id)} className={FIX}>
          Retirer<span className="sr-only"> l’article indisponible : {name}</span>
        </button>
      )}
    </div>
  );
}

const FIX = 'min-h-9 rounded-md border border-red-700 bg-white px-3 font-semibold text-red-800 hover:bg-red-100';

/** One line of a collection screen (§4): image, name, unit price, quantity stepper, line total, remove; a line its stock cannot serve says so, with its fix. */
export function CollectionLine({ kind, line, stock }: { kind: CollectionKind; line: Line; stock?: number }) {
  const { product, quantity } = line;
  const { id, name } = product;
  const href = `/produits/${id}/details`;
  const canMore = quantity < householdCap;
  const fit = collectionLineFit(kind, name, quantity, stock);
  // The wishlist orders nothing: it says what is left, and offers the cart only what is in stock.
  const offer =
    kind === 'wishlist' && stock !== undefined ? availability({ quantity: stock, preorder_price: product.preorder_price }) : null;
  return (
    <li className={fit.fits ? LINE_CLASS : `${LINE_CLASS} ${SHORT_LINE}`}>
      {/* biome-ignore lint/a11y/useAnchorContent: the picture repeats the name's link, hidden from screen readers and out of the tab order on purpose. */}
      <a href={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={productImageSrc(product.image_256)}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="size-20 rounded-md bg-white object-contain"
        />
      </a>
      <div className="min-w-0">
        <a href={href} className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base hover:text-brand-700 hover:underline">
          {name}
        </a>
        <p className="line-clamp-2 text-xs text-slate-600 sm:text-sm">Prix unitaire : {formatFCFA(unitPrice(kind, product))}</p>
        {offer && <p className={`stock-${offer.state}`}>{offer.label}</p>}
      </div>
      {kind === 'wishlist' ? (
        offer?.canOrder === false ? null : (
          <button
            type="button"
            onClick={() => addToCart(product)}
            className="col-span-2 col-start-1 row-start-2 justify-self-start rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:col-span-1 sm:col-start-3 sm:row-start-1"
          >
            Ajouter au panier<span className="sr-only"> : {name}</span>
          </button>
        )
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a stepper's group of two buttons and a count, not a form's fieldset.
        <div
          className="col-span-2 col-start-1 row-start-2 flex items-center justify-self-start gap-2 sm:col-span-1 sm:col-start-3 sm:row-start-1"
          role="group"
          aria-label={`Quantité de ${name}`}
        >
          <button
            type="button"
            className={STEP}
            disabled={quantity <= 1}
            aria-label={`Diminuer la quantité de ${name}`}
            onClick={() => stepQuantity(kind, id, -1)}
          >
            −
          </button>
          <output className="w-8 text-center font-semibold" aria-live="polite">
            {quantity}
          </output>
          {/* At the household cap '+' stays tappable (aria-disabled, not disabled) so that a tap can say why it stops. */}
          <button
            type="button"
            className={STEP}
            aria-disabled={canMore ? undefined : true}
            title={canMore ? undefined : capHint}
            aria-label={`Augmenter la quantité de ${name}`}
            onClick={() => more(kind, id, name)}
          >
            +
          </button>
        </div>
      )}
      <p className="col-span-2 col-start-2 row-start-2 justify-self-end text-right font-bold whitespace-nowrap text-brand-800 sm:col-span-1 sm:col-start-4 sm:row-start-1">
        {formatFCFA(lineTotal(kind, line))}
      </p>
      <button
        type="button"
        onClick={() => removeFromCollection(kind, id)}
        aria-label={`Retirer ${name}`}
        className="col-start-3 row-start-1 inline-flex size-9 items-center justify-center justify-self-end rounded-full text-red-700 hover:bg-red-50 sm:col-start-5"
      >
        <Icon name="close" size={20} />
      </button>
      {!fit.fits && <LineFix kind={kind} id={id} name={name} to={fit.to} message={fit.message} />}
    </li>
  );
}
