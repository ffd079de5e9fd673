import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { availability } from '../../domain/availability.ts';
import { productSchema, type Product } from '../../domain/catalogue.ts';
import ProductActions from './ProductActions.tsx';
import ProductCard from './ProductCard.tsx';

const product = (over: Partial<Product>): Product => productSchema.parse({ id: 4, name: 'Four', list_price: 90_000, ...over });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[ \n]+/g, ' ');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => text(m[1]!).trim());

describe('what a product offer says of its stock and lets a shopper do (§2 "Product card", availability.ts)', () => {
  it.each<[string, Partial<Product>, string, string | null]>([
    ['plenty in stock', { quantity: 24 }, 'En stock', 'Commander'],
    ['a few left', { quantity: 3 }, 'Plus que 3', 'Commander'],
    ['sold out, a pre-order price', { quantity: 0, preorder_price: 80_000 }, 'Rupture de stock', 'Pré-commander'],
    ['sold out, no pre-order price', { quantity: 0 }, 'Rupture de stock', null],
  ])('%s', (_label, over, label, order) => {
    const card = renderToString(<ProductCard product={product(over)} />);
    expect(text(card)).toContain(label);
    const page = renderToString(<ProductActions product={product(over)} offer={availability(product(over))} />);
    for (const html of [card, page]) for (const b of ['Commander', 'Pré-commander']) expect(buttons(html).includes(b), b).toBe(b === order);
  });

  it('the heart is drawn unsaved by the server (the wishlist is the browser’s), named for what a tap does', () => {
    const html = renderToString(<ProductCard product={product({ quantity: 5 })} />);
    expect(html).toContain('aria-label="Ajouter Four à la liste de souhaits"');
    expect(html).not.toContain('is-saved');
  });

  it('a sold-out credit product offers no “À crédit”', () => {
    const html = renderToString(<ProductCard product={product({ quantity: 0, is_creditorder: true, creditorder_price: 100_000 })} />);
    expect(buttons(html)).not.toContain('À crédit');
    expect(text(html)).not.toContain('crédit');
  });

  // Cards are drawn alike for everyone (cached pages); global.css hides `[data-credit-only]` unless member-marks.ts marked
  // the root `data-credit-member` before first paint. `seen` applies that rule to the drawn HTML.
  const seen = (html: string, member: boolean) => text(member ? html : html.replace(/<(\w+)[^>]*data-credit-only[^>]*>.*?<\/\1>/gs, ''));
  const NBSP = /[\u202f\u00a0]/g;

  it('the member-only parts are hidden by the root mark', () => {
    const css = readFileSync(new URL('../../styles/global.css', import.meta.url), 'utf8');
    expect(css).toMatch(/:root:not\(\[data-credit-member\]\) \[data-credit-only\]/);
  });

  it.each<[string, Partial<Product>, string]>([
    ['a credit price', { list_price: 165_000, creditorder_price: 193_000 }, '193 000 F CFA'],
    [
      'in promotion, a credit price',
      { list_price: 180_000, en_promo: true, promo_price: 165_000, creditorder_price: 193_000 },
      '193 000 F CFA',
    ],
    ['no credit price: the credit cart charges the shopper’s price', { en_promo: true, promo_price: 80_000 }, '80 000 F CFA'],
  ])('a member sees beside “À crédit” what the credit cart charges (%s); a visitor sees neither', (_label, over, price) => {
    const p = product({ quantity: 5, is_creditorder: true, ...over });
    const card = renderToString(<ProductCard product={p} />).replace(NBSP, ' ');
    expect(seen(card, true)).toContain(`À crédit : ${price}`);
    expect(buttons(card)).toContain('À crédit');
    expect(seen(card, false)).not.toContain('crédit');
    const page = renderToString(<ProductActions product={p} offer={availability(p)} />).replace(NBSP, ' ');
    expect(seen(page, true)).toContain(`Prix à crédit : ${price}`);
    expect(seen(page, false)).not.toContain('crédit');
  });

  it('a product not sold on credit shows no credit price, even to a member', () => {
    const card = renderToString(<ProductCard product={product({ quantity: 5, creditorder_price: 193_000 })} />);
    expect(seen(card, true)).not.toContain('crédit');
  });
});
