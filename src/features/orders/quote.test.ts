import { describe, expect, it } from 'vitest';
import { priceChangeNote, quoteLine, quotes, quoteView, readyQuote, seenPrices } from './quote.ts';

const product = {
  id: 7,
  name: 'Frigo',
  image_256: '/img.webp',
  list_price: 1000,
  en_promo: true,
  promo_price: 900,
  preorder_price: 800,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  quantity: 3,
};
const stored = { id: 7, name: 'Vieux nom', image: null, quantity: 2 };

describe('a collection priced for checkout (§4 "Pricing")', () => {
  it('prices a line at the catalogue’s price of now, under its name of now', () => {
    expect(quoteLine('order', stored, product)).toEqual({
      product_id: 7,
      name: 'Frigo',
      image: '/img.webp',
      quantity: 2,
      price_unit: 900,
      price_subtotal: 1800,
      problem: null,
      available: null,
      promo: true,
    });
  });

  it('takes the welcome offer off the total and the tranches, or says why it does not apply', () => {
    const standing = { active: true, rate: 10, cap: 20_000, applies: true, miss: null, message: null };
    const plain = { ...product, en_promo: false, promo_price: null, list_price: 150_000, quantity: 9 };
    const line = quoteLine('order', stored, plain);
    const q = readyQuote('order', [line], standing);
    expect(q.welcome).toEqual({ amount: 20_000, note: null });
    expect(q.amount_total).toBe(280_000);
    expect(quoteView(q).sum.welcome).toBe('Réduction de bienvenue − 20\u202f000\u00a0F\u202fCFA');
    const pre = readyQuote('preorder', [quoteLine('preorder', stored, { ...plain, quantity: 0, preorder_price: 100_000 })], standing);
    expect(pre.amount_total).toBe(180_000);
    expect(pre.tranches.map((t) => t.amount)).toEqual([54_000, 54_000, 72_000]);
    const promoOnly = readyQuote('order', [quoteLine('order', stored, product)], standing);
    expect(promoOnly.welcome).toEqual({ amount: 0, note: 'La réduction de bienvenue ne s’applique pas aux produits en promotion.' });
    const guest = { ...standing, applies: false, miss: 'guest' as const, message: 'Créez un compte…' };
    expect(readyQuote('order', [line], guest).welcome).toEqual({ amount: 0, note: 'Créez un compte…' });
    expect(readyQuote('order', [line], null)).toMatchObject({ amount_total: 300_000, welcome: { amount: 0, note: null } });
  });

  it('names what stops a line: gone, short of stock, not on credit', () => {
    expect(quoteLine('order', stored, null).problem).toBe('Le produit « Vieux nom » n’existe plus.');
    expect(quoteLine('order', { ...stored, quantity: 4 }, product).problem).toBe('Stock insuffisant pour « Frigo » : il en reste 3.');
    expect(quoteLine('order', stored, { ...product, quantity: 0 }).problem).toBe('Stock insuffisant pour « Frigo » : il n’en reste plus.');
    expect(quoteLine('creditorder', stored, product).problem).toBe('Le produit « Frigo » ne peut pas être commandé à crédit.');
  });

  it('gives each stopped line its one-tap fix: down to the stock left, or out', () => {
    expect(quoteLine('order', { ...stored, quantity: 4 }, product).available).toBe(3);
    expect(quoteLine('order', stored, { ...product, quantity: 0 }).available).toBe(0);
    expect(quoteLine('order', stored, null).available).toBe(0);
    expect(quoteLine('creditorder', stored, product).available).toBe(0);
  });

  it('totals the lines, with a pre-order’s tranches', () => {
    const q = readyQuote('preorder', [quoteLine('preorder', stored, { ...product, quantity: 0 })]);
    expect(q).toMatchObject({ status: 'ready', amount_total: 1600 });
    expect(q.tranches.map((t) => t.amount)).toEqual([480, 480, 640]);
    expect(readyQuote('order', []).tranches).toEqual([]);
  });

  it('knows whether it priced exactly the stored lines', () => {
    const q = readyQuote('order', [quoteLine('order', stored, product)]);
    expect(quotes(q, [{ product: { id: 7 }, quantity: 2 }])).toBe(true);
    expect(quotes(q, [{ product: { id: 7 }, quantity: 3 }])).toBe(false);
    expect(
      quotes(q, [
        { product: { id: 7 }, quantity: 2 },
        { product: { id: 8 }, quantity: 1 },
      ]),
    ).toBe(false);
    expect(quotes(q, [])).toBe(false);
  });

  it.each<[string, Partial<Omit<typeof product, 'promo_price'>> & { promo_price?: number | null }, string | undefined]>([
    ['a list price that went down', { en_promo: false, list_price: 1100 }, 'Le prix a changé : 1\u202f100 → 900\u00a0F\u202fCFA'],
    ['the same price, the name aside', { name: 'Vieux nom' }, undefined],
    ['a promo that started', { en_promo: false, promo_price: null }, 'Le prix a changé : 1\u202f000 → 900\u00a0F\u202fCFA'],
  ])('says so when the price changed since the shopper saw it: %s', (_label, seenAs, note) => {
    const q = readyQuote('order', [quoteLine('order', stored, product)]);
    const [line] = quoteView(q, seenPrices('order', [{ product: { ...product, ...seenAs } }])).lines;
    expect(line?.note).toBe(note);
  });

  it('says nothing of a price change without the stored lines, nor on a line that cannot be ordered', () => {
    expect(quoteView(readyQuote('order', [quoteLine('order', stored, product)])).lines[0]?.note).toBeUndefined();
    const short = readyQuote('order', [quoteLine('order', { ...stored, quantity: 9 }, product)]);
    expect(quoteView(short, [{ id: 7, price: 1000 }]).lines[0]?.note).toBeUndefined();
  });

  it('writes a price change with the shop’s price format', () => {
    expect(priceChangeNote(215000, 209000)).toBe('Le prix a changé : 215\u202f000 → 209\u202f000\u00a0F\u202fCFA');
  });
});
