import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../domain/catalogue.ts';
import CompareTable from './CompareTable.tsx';
import { compareView } from './compare-view.ts';

const product = (id: number, over: Partial<Product> = {}): Product => ({
  id,
  name: `Produit ${id}`,
  description: 'Un produit\nsur deux lignes',
  categ_id: 'TELEVISION',
  category_id: 2,
  image_256: `/api/images/${id}/256.webp`,
  image: null,
  list_price: 100_000 * id,
  en_promo: false,
  promo_price: null,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  rang: 1,
  quantity: 3,
  date: null,
  location: null,
  tags: [
    { id: 1, name: 'Ramadan' },
    { id: 2, name: 'Tabaski' },
  ],
  ...over,
});

describe('the comparison as the server draws it (§2 /products-compaire)', () => {
  it('draws the products the server read, their buttons waiting for the island', () => {
    const html = renderToString(
      <CompareTable first={{ asked: [1, 2], products: [product(1, { en_promo: true, promo_price: 90_000 }), product(2)] }} />,
    );
    expect(html).toContain('Comparaison de 2 produits');
    expect(html).toMatch(/href="\/single-product\/1"[^>]*>Produit 1</);
    expect(html).toMatch(/90\s000/);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Retirer/);
  });

  it('says nothing is compared when the mirror names nothing, and that it loads when the API did not answer', () => {
    expect(renderToString(<CompareTable first={{ asked: [], products: [] }} />)).toContain('Aucun produit à comparer pour le moment.');
    expect(renderToString(<CompareTable first={null} />)).toContain('Chargement de la comparaison…');
  });

  it('draws the shown fields', () => {
    expect(compareView(product(2, { categ_id: null, tags: [], description: '', quantity: 0, image_256: null }))).toMatchObject({
      category: '—',
      tags: '—',
      availability: 'Rupture de stock',
      description: '—',
      was: null,
      image: '/placeholder-product.svg',
    });
    expect(compareView(product(1))).toMatchObject({ href: '/single-product/1', tags: 'Ramadan, Tabaski', availability: 'Plus que 3' });
  });
});
