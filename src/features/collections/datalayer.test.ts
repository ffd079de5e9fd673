import { afterEach, describe, expect, it } from 'vitest';
import { productSchema } from '../../domain/catalogue.ts';
import { addToCartEvent, pushDataLayer, trackImageClick } from './datalayer.ts';

const tv = productSchema.parse({ id: 7, name: 'TV', categ_id: 'TELEVISION', list_price: 200000, en_promo: true, promo_price: 180000, creditorder_price: 230000 });
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
      event: 'add_to_cart', collection: kind,
      ecommerce: { currency: 'XOF', value: price * qty, items: [{ item_id: '7', item_name: 'TV', item_category: 'TELEVISION', price, quantity: qty }] },
    });
  });

  it('creates window.dataLayer, clearing ecommerce before each e-commerce event', () => {
    g.window = globalThis;
    trackImageClick(tv);
    expect(g.dataLayer).toEqual([{ ecommerce: null }, { event: 'click_image_product', ecommerce: { currency: 'XOF', items: [expect.objectContaining({ item_id: '7', price: 180000 })] } }]);
  });

  it('does nothing outside the browser', () => {
    pushDataLayer({ event: 'x' });
    expect(g.dataLayer).toBeUndefined();
  });
});
