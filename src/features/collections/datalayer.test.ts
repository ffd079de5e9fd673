import { afterEach, describe, expect, it } from 'vitest';
import { productSchema } from '../../domain/catalogue.ts';
import { purchaseEvent } from '../orders/purchase-event.ts';
import { addToCartEvent, pageViewEvent, pushDataLayer, trackImageClick } from './datalayer.ts';

const tv = productSchema.parse({
  id: 7,
  name: 'TV',
  categ_id: 'TELEVISION',
  list_price: 200000,
  en_promo: true,
  promo_price: 180000,
  creditorder_price: 230000,
});
const g = globalThis as { window?: unknown; dataLayer?: unknown[] };

describe('dataLayer', () => {
  afterEach(() => {
    delete g.window;
    delete g.dataLayer;
  });

  it.each([
    ['cart', 2, 180000],
    ['creditOrder', 1, 230000],
  ] as const)('add_to_cart from %s carries the GA4 item at its collection price', (kind, qty, price) => {
    expect(addToCartEvent(tv, kind, qty)).toEqual({
      event: 'add_to_cart',
      collection: kind,
      ecommerce: {
        currency: 'XOF',
        value: price * qty,
        items: [{ item_id: '7', item_name: 'TV', item_category: 'TELEVISION', price, quantity: qty }],
      },
    });
  });

  it('creates window.dataLayer, clearing ecommerce before each e-commerce event', () => {
    g.window = globalThis;
    trackImageClick(tv);
    expect(g.dataLayer).toEqual([
      { ecommerce: null },
      { event: 'click_image_product', ecommerce: { currency: 'XOF', items: [expect.objectContaining({ item_id: '7', price: 180000 })] } },
    ]);
  });

  it('does nothing outside the browser', () => {
    pushDataLayer({ event: 'x' });
    expect(g.dataLayer).toBeUndefined();
  });

  it('purchase carries orderId, total and products (§1)', () => {
    const order = {
      id: 12,
      reference: 'BQ-7K3F9QMA',
      amount_total: 430000,
      order_lines: [{ product_id: 7, name: 'TV', quantity: 2, price_unit: 215000 }],
    };
    expect(purchaseEvent(order)).toEqual({
      event: 'purchase',
      orderId: 'BQ-7K3F9QMA',
      total: 430000,
      products: [{ id: 7, name: 'TV', quantity: 2, price: 215000 }],
      ecommerce: {
        transaction_id: 'BQ-7K3F9QMA',
        currency: 'XOF',
        value: 430000,
        items: [{ item_id: '7', item_name: 'TV', price: 215000, quantity: 2 }],
      },
    });
  });

  it('page_view carries the path and no ecommerce object (nothing to clear before it)', () => {
    g.window = globalThis;
    pushDataLayer(pageViewEvent('/single-product/7'));
    expect(g.dataLayer).toEqual([{ event: 'page_view', page_path: '/single-product/7' }]);
  });
});
