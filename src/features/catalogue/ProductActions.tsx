import { Icon } from '../../components/ui/Icon.tsx';
import type { Product } from '../../domain/catalogue.ts';
import type { Availability } from '../../domain/availability.ts';
import { collect, compare } from './collect.ts';
import { WishlistHeart } from './offer-parts.tsx';
import { creditPrice } from './price-view.ts';

const primary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-brand-700 px-5 font-bold text-white hover:bg-brand-800';
const secondary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-md border-2 border-brand-700 px-5 font-bold text-brand-800 hover:bg-brand-50';

/** What the page's availability (domain/availability.ts) allows: the actions follow it. */
export type OfferActions = Pick<Availability, 'canOrder' | 'canPreorder'>;

/**
 * Actions of a product page: order (in stock), pre-order (only what may be pre-ordered), credit (accepted members, in
 * stock), wishlist, compare. `offer` is the product's availability as the page computed it for its stock line, so the
 * island carries no copy of the rule.
 */
export default function ProductActions({ product, offer }: { product: Product; offer: OfferActions }) {
  // The credit parts are drawn for everyone (the page is cached alike for all) and shown to accepted members only,
  // at first paint, by global.css's root mark (member-marks.ts).
  const credit = product.is_creditorder && offer.canOrder;
  return (
    <div>
      {credit && (
        <p data-credit-only="" className="mb-3 text-slate-800">
          Prix à crédit : <strong className="text-brand-800">{creditPrice(product)}</strong>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {/* In stock it is ordered, out of stock with a pre-order price pre-ordered (never both: domain/availability.ts). */}
        {(offer.canOrder || offer.canPreorder) && (
          <button type="button" className={primary} onClick={() => void collect(offer.canOrder ? 'addToCart' : 'addToPreorder', product)}>
            <Icon name={offer.canOrder ? 'cart' : 'calendar'} size={20} />
            {offer.canOrder ? 'Commander' : 'Pré-commander'}
          </button>
        )}
        {credit && (
          <button type="button" data-credit-only="" className={secondary} onClick={() => void collect('addToCreditOrder', product)}>
            <Icon name="creditCard" size={20} />À crédit
          </button>
        )}
        <WishlistHeart product={product} className={secondary} label />
        <button type="button" className={secondary} onClick={() => compare(product)}>
          <Icon name="compare" size={20} />
          Comparer
        </button>
      </div>
    </div>
  );
}
