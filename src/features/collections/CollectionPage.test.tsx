import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { householdCap, type Line } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';
import { capHint } from '../../domain/quantity.ts';
import CollectionPage from './CollectionPage.tsx';
import { $cart } from './collections.store.ts';

const product = (id: number, over: Partial<Line['product']> = {}): Line['product'] => ({
  id,
  name: `Produit ${id}`,
  categ_id: null,
  image_256: null,
  list_price: 100_000 * id,
  en_promo: false,
  promo_price: null,
  preorder_price: 90_000 * id,
  is_creditorder: true,
  creditorder_price: 120_000 * id,
  ...over,
});
// As the server builds them from the cookie mirror: date and location are the browser's, unknown there.
const served = (p: Line['product'], quantity: number): Line => ({ product: p, quantity, date: '', location: '' });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[ \n]+/g, ' ');

describe('the server’s drawing of a collection screen (§4 "Collections")', () => {
  it('draws the lines it is given at their prices, never the browser store', () => {
    $cart.set([{ ...served(product(9), 4), date: '2026-11-23T10:00:00.000Z' }]);
    const html = renderToString(
      <CollectionPage kind="cart" lines={[served(product(1, { en_promo: true, promo_price: 80_000 }), 2), served(product(2), 1)]} />,
    );
    expect(text(html)).toContain(`Produit 1 Prix unitaire : ${formatFCFA(80_000)}`);
    expect(html).toContain(`data-testid="total">${formatFCFA(360_000)}<`);
    expect(html).toContain('href="/checkout?type=order"');
    expect(html).not.toContain('Produit 9');
  });

  it('steps: − off at 1; + at the household cap stays reachable, marked unavailable, with the reason as its title', () => {
    const html = renderToString(<CollectionPage kind="cart" lines={[served(product(1), 1), served(product(2), householdCap)]} />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Diminuer la quantité de Produit 1"/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*aria-label="Diminuer la quantité de Produit 2"/);
    expect(html).toMatch(new RegExp(`aria-disabled="true" title="${capHint}" aria-label="Augmenter la quantité de Produit 2"`));
    expect(html).not.toMatch(/aria-disabled="true"[^>]*aria-label="Augmenter la quantité de Produit 1"/);
  });

  it('the pre-order cart shows its three tranches at pre-order prices', () => {
    const html = renderToString(<CollectionPage kind="preorder" lines={[served(product(1), 1)]} />);
    expect([...html.matchAll(/<dd[^>]*>([^<]*)<\/dd>/g)].map((m) => m[1])).toEqual([27_000, 27_000, 36_000].map(formatFCFA));
    expect(html).toContain('href="/checkout?type=preorder"');
  });

  it('a member’s credit cart (the server let them in) draws its lines at credit prices', () => {
    const html = renderToString(<CollectionPage kind="creditOrder" lines={[served(product(1), 2)]} />);
    expect(html).toContain(`data-testid="total">${formatFCFA(240_000)}<`);
  });

  it('a line its stock cannot serve says so, with its one-tap fix; checkout is held with its reason beside it', () => {
    const html = text(
      renderToString(<CollectionPage kind="cart" lines={[served(product(1), 3), served(product(2), 1)]} stock={{ 1: 2, 2: 0 }} />),
    );
    expect(html).toContain('Plus que 2 en stock pour « Produit 1 ». Réduire à 2 : Produit 1');
    expect(html).toContain('« Produit 2 » est en rupture de stock. Retirer l’article indisponible : Produit 2');
    expect(html).toContain('Valider le Panier Corrigez d’abord les articles signalés ci-dessus.');
    const fits = renderToString(<CollectionPage kind="cart" lines={[served(product(1), 2)]} stock={{ 1: 2 }} />);
    expect(fits).toContain('href="/checkout?type=order"');
    expect(fits).not.toContain('Réduire');
  });

  it('the wishlist says what is left and offers the cart only what is in stock', () => {
    const html = text(
      renderToString(<CollectionPage kind="wishlist" lines={[served(product(1), 1), served(product(2), 1)]} stock={{ 1: 3, 2: 0 }} />),
    );
    expect(html).toContain('Plus que 3 Ajouter au panier : Produit 1');
    expect(html).toContain('Rupture de stock');
    expect(html).not.toContain('Ajouter au panier : Produit 2');
  });

  it('no lines: the empty notice; unknown lines (no answer, or the precached offline page): a loading notice of that size', () => {
    expect(text(renderToString(<CollectionPage kind="wishlist" lines={[]} />))).toContain('Votre liste de souhaits est vide.');
    const loading = renderToString(<CollectionPage kind="cart" lines={null} />);
    expect(loading).toContain('aria-busy="true"');
    expect(text(loading)).toContain('Chargement… Continuer vos achats');
  });
});
