import { Icon } from '../../components/ui/Icon.tsx';
import { lineTotal, maxQuantity, unitPrice, type CollectionKind, type Line } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';
import { productImageSrc } from '../../lib/images.ts';
import { addToCart, removeFromCollection, setQuantity } from './collections.store.ts';

const STEP = 'inline-flex size-9 items-center justify-center rounded-md border border-slate-300 text-lg font-bold text-brand-800 hover:bg-brand-50 disabled:opacity-40';

/** One line of a collection screen: image, name, unit price, quantity stepper, line total, remove. */
export function CollectionLine({ kind, line }: { kind: CollectionKind; line: Line }) {
  const { product, quantity } = line;
  const href = `/produits/${product.id}/details`;
  return (
    <li className="flex flex-wrap items-center gap-4 border-b border-slate-200 py-4 last:border-0">
      <a href={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img src={productImageSrc(product.image_256)} alt="" width={80} height={80} loading="lazy" className="size-20 rounded-md bg-white object-contain" />
      </a>
      <div className="min-w-40 flex-1">
        <a href={href} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">{product.name}</a>
        <p className="text-sm text-slate-600">Prix unitaire : {formatFCFA(unitPrice(kind, product))}</p>
      </div>
      {kind === 'wishlist' ? (
        <button type="button" onClick={() => addToCart(product)} className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Ajouter au panier<span className="sr-only"> : {product.name}</span>
        </button>
      ) : (
        <div className="flex items-center gap-2" role="group" aria-label={`Quantité de ${product.name}`}>
          <button type="button" className={STEP} aria-label={`Diminuer la quantité de ${product.name}`} disabled={quantity <= 1} onClick={() => setQuantity(kind, product.id, quantity - 1)}>−</button>
          <output className="w-8 text-center font-semibold" aria-live="polite">{quantity}</output>
          <button type="button" className={STEP} aria-label={`Augmenter la quantité de ${product.name}`} disabled={quantity >= maxQuantity} onClick={() => setQuantity(kind, product.id, quantity + 1)}>+</button>
        </div>
      )}
      <p className="w-32 text-right font-bold text-brand-800">{formatFCFA(lineTotal(kind, line))}</p>
      <button type="button" onClick={() => removeFromCollection(kind, product.id)} aria-label={`Retirer ${product.name}`} className="inline-flex size-9 items-center justify-center rounded-full text-red-700 hover:bg-red-50">
        <Icon name="close" size={20} />
      </button>
    </li>
  );
}
