import { Icon } from '../../components/ui/Icon.tsx';
import type { Product } from '../../domain/catalogue.ts';
import { formatFCFA } from '../../domain/money.ts';
import { availability } from '../../domain/availability.ts';
import { productImageSrc, productImageSrcset } from '../../lib/images.ts';
import { collect, compare, openFromImage } from './collect.ts';
import { productHref } from './links.ts';
import { StockBadge, WishlistHeart } from './offer-parts.tsx';
import { creditPrice, priceView, type PriceView } from './price-view.ts';

// Card classes live in global.css (.card, .card-buy, .card-icon…): dozens of cards a page repeat them.

/** Price of a product: the promo price with the list price struck through when in promotion. */
export function PriceTag({ view, large = false, compact = false }: { view: PriceView; large?: boolean; compact?: boolean }) {
  return (
    <p className={`price ${large ? 'text-2xl' : compact ? 'text-sm sm:text-lg' : 'text-lg'}`}>
      <span className="font-bold text-brand-800">{view.price}</span>
      {view.was !== null && (
        <s className="text-sm text-slate-600">
          <span className="sr-only">au lieu de </span>
          {view.was}
        </s>
      )}
    </p>
  );
}

// Two cards a row on phones, three from 640 px, up to five (about 18rem) on wide screens: 512 px covers them all.
const CARD_SIZES = '(min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw';
const CARD_WIDTHS = [256, 512] as const;

/**
 * A product in a grid: image, badge, category, name, price, availability, actions and tags (spec §2 "Product card").
 * Out of stock, 'Commander' gives way to 'Pré-commander' (into the pre-order cart) when it has a pre-order price, else to
 * nothing: the availability says 'Rupture de stock' (domain/availability.ts). `preorder` shows the pre-order price.
 * An accepted member (§6) also sees the credit price and 'À crédit'.
 */
export default function ProductCard({
  product,
  eager = false,
  preorder = false,
}: {
  product: Product;
  eager?: boolean;
  preorder?: boolean;
}) {
  const href = productHref(product.id);
  const offer = availability(product);
  const credit = product.is_creditorder && offer.canOrder;
  return (
    <article className="card">
      {product.en_promo && <span className="card-promo">En promo</span>}
      {/* biome-ignore lint/a11y/useAnchorContent: the picture repeats the name's link below, so it is kept out of the tab order and hidden from assistive technology (one link per product). */}
      <a
        href={href}
        tabIndex={-1}
        aria-hidden="true"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          openFromImage(product, href);
        }}
        className="card-pic"
      >
        <img
          src={productImageSrc(product.image_256)}
          srcSet={productImageSrcset(product.image_256, undefined, CARD_WIDTHS)}
          sizes={CARD_SIZES}
          alt=""
          width={256}
          height={256}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-contain"
        />
      </a>
      {product.categ_id && <p className="card-cat">{product.categ_id}</p>}
      <h3 className="card-name">
        <a href={href} className="hover:text-brand-800 hover:underline">
          {product.name}
        </a>
      </h3>
      {/* Laid from the top, not pushed to the card's foot: a phone may paint a card before it is parsed whole, and what
          is shown must not move as the rest arrives. Names keep two lines (.card-name), so prices line up in a row. */}
      <div className="pt-2">
        <PriceTag view={priceView(product)} />
        {preorder && offer.canPreorder && (
          <p className="text-sm font-semibold text-slate-700">Prix de précommande : {formatFCFA(product.preorder_price!)}</p>
        )}
        {/* Drawn for everyone and shown to accepted members only, like 'À crédit' below: what the credit cart will charge. */}
        {credit && (
          <p data-credit-only="" className="card-credit-price">
            À crédit : <span>{creditPrice(product)}</span>
          </p>
        )}
        <StockBadge offer={offer} />
        <div className="card-acts">
          {(offer.canOrder || offer.canPreorder) && (
            <button
              type="button"
              onClick={() => void collect(offer.canOrder ? 'addToCart' : 'addToPreorder', product)}
              className="card-buy"
            >
              <Icon name={offer.canOrder ? 'cart' : 'calendar'} size={18} />
              {offer.canOrder ? 'Commander' : 'Pré-commander'}
            </button>
          )}
          {/* Drawn for everyone (cached pages, same HTML), shown to accepted members only by global.css's root mark. */}
          {credit && (
            <button type="button" data-credit-only="" onClick={() => void collect('addToCreditOrder', product)} className="card-credit">
              <Icon name="creditCard" size={18} />À crédit
            </button>
          )}
          <WishlistHeart product={product} className="card-icon" />
          <button type="button" onClick={() => compare(product)} aria-label={`Comparer ${product.name}`} className="card-icon">
            <Icon name="compare" size={20} />
          </button>
          <a href={href} aria-label={`Voir le détail de ${product.name}`} className="card-icon">
            <Icon name="eye" size={20} />
          </a>
        </div>
        {product.tags.length > 0 && (
          <ul aria-label="Étiquettes" className="card-tags">
            {product.tags.map((t) => (
              <li key={t.id} className="card-tag">
                {t.name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
