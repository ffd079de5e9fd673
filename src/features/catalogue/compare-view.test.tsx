import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../domain/catalogue.ts';
import { CompareGrid, ComparePreviewTemplates } from './CompareParts.tsx';
import { compareSlots, compareView, fillCompare } from './compare-view.ts';

const product = (id: number, over: Partial<Product> = {}): Product => ({
  id, name: `Produit ${id}`, description: 'Un produit\nsur deux lignes', categ_id: 'TELEVISION', category_id: 2, image_256: `/api/images/${id}/256.webp`, image: null,
  list_price: 100_000 * id, en_promo: false, promo_price: null, preorder_price: null, is_creditorder: false, creditorder_price: null,
  sale_ok: true, rang: 1, quantity: 3, date: null, location: null, tags: [{ id: 1, name: 'Ramadan' }, { id: 2, name: 'Tabaski' }], ...over,
});

// Promotions or not in any order, empty fields, and names a shopper's storage may hold (markup, quotes, a slot's spelling).
const PRODUCTS = [
  product(1, { en_promo: true, promo_price: 90_000 }),
  product(2, { name: `Frigo <b>"Grand" & l'autre</b> {{name0}}`, categ_id: null, tags: [], description: '', quantity: 0, image_256: null }),
  product(3, { en_promo: true, promo_price: 250_000 }),
  product(4, { en_promo: true, promo_price: null }),
];

/** The template the server writes for `n` products, as the browser reads it. */
const template = (n: number) => renderToStaticMarkup(<CompareGrid views={Array.from({ length: n }, (_, i) => compareSlots(i))} />);

describe('first-paint preview of the comparison (§2 /products-compaire)', () => {
  for (let n = 1; n <= 4; n++) {
    for (const start of [0, 1]) {
      const list = [...PRODUCTS.slice(start), ...PRODUCTS.slice(0, start)].slice(0, n);
      it(`${n} product(s) from “${list[0]!.name}”: the preview is the island's markup`, () => {
        const views = list.map(compareView);
        expect(fillCompare(template(n), views)).toBe(renderToStaticMarkup(<CompareGrid views={views} remove={() => {}} clear={() => {}} />));
      });
    }
  }

  it('the server writes one template per count and the empty notice', () => {
    const html = renderToStaticMarkup(<ComparePreviewTemplates />);
    expect([...html.matchAll(/data-template="(\w+)"/g)].map((m) => m[1])).toEqual(['1', '2', '3', '4', 'empty']);
    expect(html).toContain('Aucun produit à comparer pour le moment.');
  });

  it('draws the shown fields as the table did', () => {
    expect(compareView(PRODUCTS[1]!)).toMatchObject({ category: '—', tags: '—', availability: 'Rupture de stock', description: '—', was: null, image: '/placeholder-product.svg' });
    expect(compareView(PRODUCTS[0]!)).toMatchObject({ href: '/single-product/1', tags: 'Ramadan, Tabaski', availability: 'En stock (3)' });
  });
});
