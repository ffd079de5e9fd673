/** `window.dataLayer` events (GA4 e-commerce shape): add_to_cart, click_image_product and page_view (§1); purchase is the orders' (orders/purchase-event.ts). */
import { unitPrice, type CollectionKind, type LineProduct } from '../../domain/collections.ts';

/** One dataLayer event. */
export type DataLayerEvent = { event: string; ecommerce?: Record<string, unknown> } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes an event on `window.dataLayer` (created when missing); a no-op outside the browser. */
export function pushDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  // GA4 keeps the previous ecommerce object unless it is cleared first.
  if (event.ecommerce) window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
}

/** GA4 item of a product. */
function ga4Item(product: LineProduct, kind: CollectionKind = 'cart', quantity = 1): Record<string, unknown> {
  return {
    item_id: String(product.id),
    item_name: product.name,
    item_category: product.categ_id ?? undefined,
    price: unitPrice(kind, product),
    quantity,
  };
}

/** GA4 `add_to_cart` event. */
export function addToCartEvent(product: LineProduct, kind: CollectionKind = 'cart', quantity = 1): DataLayerEvent {
  const item = ga4Item(product, kind, quantity);
  return {
    event: 'add_to_cart',
    collection: kind,
    ecommerce: { currency: 'XOF', value: (item.price as number) * quantity, items: [item] },
  };
}

/** `click_image_product` event, sent from the cards and product pages. */
export function clickImageEvent(product: LineProduct): DataLayerEvent {
  return { event: 'click_image_product', ecommerce: { currency: 'XOF', items: [ga4Item(product)] } };
}

/** Pushes `click_image_product` for a product (cards and details pages call this). */
export function trackImageClick(product: LineProduct): void {
  pushDataLayer(clickImageEvent(product));
}

/** §2 "Shared frame": `page_view` with the current path, sent once per page (and again when the back/forward cache restores it). */
export function pageViewEvent(path: string): DataLayerEvent {
  return { event: 'page_view', page_path: path };
}
