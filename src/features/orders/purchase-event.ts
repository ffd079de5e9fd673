/** §1 `purchase` on `window.dataLayer`, apart from the frame's events (collections/datalayer.ts): only the order screens send it. */
import { pushDataLayer, type DataLayerEvent } from '../collections/datalayer.ts';

/** What a `purchase` event reads of an order (as the order calls answer it). */
export interface PurchasedOrder {
  id: number;
  reference: string;
  amount_total: number;
  order_lines: ReadonlyArray<{ product_id: number | null; name: string; quantity: number; price_unit: number }>;
}

/** §1 `purchase` event: orderId, total and products, plus the GA4 ecommerce object. */
export function purchaseEvent(order: PurchasedOrder): DataLayerEvent {
  const products = order.order_lines.map((l) => ({ id: l.product_id, name: l.name, quantity: l.quantity, price: l.price_unit }));
  const items = order.order_lines.map((l) => ({
    item_id: String(l.product_id ?? ''),
    item_name: l.name,
    price: l.price_unit,
    quantity: l.quantity,
  }));
  return {
    event: 'purchase',
    orderId: order.reference,
    total: order.amount_total,
    products,
    ecommerce: { transaction_id: order.reference, currency: 'XOF', value: order.amount_total, items },
  };
}

/** Pushes `purchase` once an order is acknowledged. */
export function trackPurchase(order: PurchasedOrder): void {
  pushDataLayer(purchaseEvent(order));
}
