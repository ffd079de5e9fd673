import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatFCFA } from '../../domain/money.ts';
import CheckoutPage from './CheckoutPage.tsx';
import OrderValidation from './OrderValidation.tsx';
import { quoteLine, readyQuote } from './quote.ts';

const product = {
  id: 7,
  name: 'Frigo <300 L>',
  image_256: null,
  list_price: 1000,
  en_promo: false,
  promo_price: null,
  preorder_price: 800,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  quantity: 9,
};
const BOTH = ['wave', 'orange'] as const;
const quote = readyQuote('order', [quoteLine('order', { id: 7, name: 'Frigo', image: null, quantity: 2 }, product)]);
const lines = (html: string) => html.match(/<li /g)?.length ?? 0;
const draw = (node: Parameters<typeof renderToString>[0]) => renderToString(node).replaceAll('<!-- -->', '');

describe('what the server draws of the checkout screens (§2), before the island hydrates', () => {
  it('/checkout: the mirrored lines at the prices of now and the form, whose button waits for the island', () => {
    const html = draw(<CheckoutPage providers={BOTH} type="order" phone="221771234567" server={quote} count={1} />);
    expect(html).toContain('Frigo &lt;300 L&gt;');
    expect(html).toContain(`data-testid="order-total">${formatFCFA(2000)}<`);
    expect(html).toContain('value="221771234567"');
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Continuer vers la validation</);
  });

  it('/checkout: a line whose price moved since it was stored says so, from the mirror’s price (§4 "Pricing")', () => {
    const html = draw(<CheckoutPage providers={BOTH} type="order" phone="" server={quote} count={1} seen={[{ id: 7, price: 1200 }]} />);
    expect(html).toContain(`Le prix a changé : 1\u202f200 → ${formatFCFA(1000)}`);
    expect(
      draw(<CheckoutPage providers={BOTH} type="order" phone="" server={quote} count={1} seen={[{ id: 7, price: 1000 }]} />),
    ).not.toContain('Le prix a changé');
  });

  it('/checkout: an empty collection’s notice, with no form', () => {
    const html = draw(<CheckoutPage providers={BOTH} type="preorder" phone="" server={readyQuote('preorder', [])} count={0} />);
    expect(html).toContain('Votre pré-commande est vide.');
    expect(html).not.toContain('<form');
  });

  it('/checkout: the room of the mirror’s lines when the API did not answer', () => {
    const html = draw(<CheckoutPage providers={BOTH} type="order" phone="" server={null} count={3} />);
    expect(html).toContain('Calcul des prix…');
    expect(lines(html)).toBe(3);
  });

  it('/commande-validation: the mirrored lines, the delivery to come from the draft, and a confirm button that waits for the island', () => {
    const html = draw(<OrderValidation type="order" server={quote} count={1} />);
    expect(html).toContain('Frigo &lt;300 L&gt;');
    expect(html).toContain(`data-testid="order-total">${formatFCFA(2000)}<`);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Confirmer la commande</);
  });

  it('/commande-validation: the summary’s room for the mirror’s lines when the API did not answer, and no button yet', () => {
    const html = draw(<OrderValidation type="preorder" server={null} count={2} />);
    expect(lines(html)).toBe(2);
    expect(html).toContain('Troisième tranche (40 %)');
    expect(html).not.toContain('<button');
    expect(draw(<OrderValidation type="order" server={readyQuote('order', [])} count={0} />)).toContain('Chargement…');
  });
});
