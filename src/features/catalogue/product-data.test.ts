import { describe, expect, it } from 'vitest';
import type { Product } from '../../domain/catalogue.ts';
import { productDescription, productJsonLd } from './product-data.ts';

const product = (over: Partial<Product> = {}): Product => ({
  id: 7,
  name: 'TV </script><b>',
  description: 'Écran 32"',
  categ_id: 'TELEVISION',
  image_256: null,
  image: null,
  list_price: 150000,
  en_promo: true,
  promo_price: 125000,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  rang: 0,
  quantity: 2,
  date: null,
  location: null,
  tags: [],
  ...over,
});

describe('productJsonLd', () => {
  it.each<[string, Partial<Product>, number, string]>([
    ['in promo and in stock', {}, 125000, 'https://schema.org/InStock'],
    ['out of promo', { en_promo: false }, 150000, 'https://schema.org/InStock'],
    ['out of stock', { quantity: 0 }, 125000, 'https://schema.org/OutOfStock'],
  ])('%s', (_label, over, price, availability) => {
    const text = productJsonLd(product(over), 'https://shop.sn/single-product/7', 'https://shop.sn/i.webp');
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'TV </script><b>',
      sku: '7',
      offers: { '@type': 'Offer', priceCurrency: 'XOF', price, availability, url: 'https://shop.sn/single-product/7' },
    });
  });
});

describe('productDescription', () => {
  it('names the product and its price in FCFA, within 160 characters', () => {
    const text = productDescription(product({ description: 'x '.repeat(200) }));
    expect(text.startsWith('TV </script><b> à 125\u202f000\u00a0F\u202fCFA à Dakar : x x')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160);
  });
});
