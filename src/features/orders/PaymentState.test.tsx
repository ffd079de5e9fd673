import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentState as Payment } from '../../domain/orders.schema.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import PaymentState from './PaymentState.tsx';

const failed: Payment = {
  reference: 'BQ-ABCDEFGH',
  id: 7,
  type_sale: 'order',
  amount_total: 121500,
  payment_mode: 'online',
  payment_status: 'failed',
  state: 'sale',
  cancel_reason: null,
  hold_until: null,
  checkout_open: false,
};
const draw = (first: Parameters<typeof PaymentState>[0]['first'], providers: readonly PaymentProviderChoice[] = ['wave', 'orange']) =>
  renderToString(<PaymentState reference="BQ-ABCDEFGH" token={null} first={first} providers={providers} />);

describe('the payment screen as the server draws it (§2 /payment-state)', () => {
  it('draws the payment the server read, its two ways out waiting for the island', () => {
    const html = draw({ status: 'ready', payment: failed, gaveUp: false, busy: false, actionError: null });
    expect(html).toContain('Paiement échoué');
    expect(html).toContain('Le paiement n’a pas abouti.');
    expect(html).toMatch(/data-testid="payment-amount"[^>]*>121\s500\sF\sCFA</);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Payer maintenant</);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Payer à la livraison</);
    expect(html).toContain('href="/commandes/7/détails"');
    expect(html).not.toContain('role="alert"');
  });

  it('offers paying again or on delivery while the provider may still confirm', () => {
    const waiting = { ...failed, payment_status: 'pending' as const, checkout_open: true };
    for (const gaveUp of [false, true]) {
      const html = draw({ status: 'ready', payment: waiting, gaveUp, busy: false, actionError: null });
      expect(html).toContain('Paiement en attente');
      expect(html).toMatch(/<button type="button" disabled=""[^>]*>Réessayer le paiement</);
      expect(html).toMatch(/<button type="button" disabled=""[^>]*>Payer à la livraison</);
    }
  });

  it('says when there is no such order, when the check failed, and that it checks when the server could not', () => {
    expect(draw({ status: 'none' })).toContain('Nous ne retrouvons pas cette commande.');
    expect(draw({ status: 'error', message: 'Trop de demandes : veuillez patienter une minute.' })).toMatch(
      /role="alert"[^>]*>Trop de demandes/,
    );
    expect(draw(null)).toContain('Vérification du paiement…');
    // Whatever the state, a way on is on screen.
    expect(draw({ status: 'error', message: 'x' })).toContain('Suivre ma commande');
    expect(draw({ status: 'error', message: 'x' })).toContain('Vérifier à nouveau');
    expect(draw(null)).toContain('Suivre ma commande');
  });

  it.each([
    ['both providers', ['wave', 'orange'], 'Wave', 'Orange Money'],
    ['Wave only', ['wave'], 'Wave', null],
    ['Orange Money only', ['orange'], 'Orange Money', null],
    ['no provider', [], null, null],
  ] as const)('with %s, pays again only with a provider the shop offers, and always offers delivery', (_, providers, main, other) => {
    // The open session's provider is Wave: a shop that no longer offers it pays with the one it offers.
    const html = draw(
      { status: 'ready', payment: { ...failed, provider: 'wave' }, gaveUp: false, busy: false, actionError: null },
      providers,
    ).replaceAll('<!-- -->', '');
    if (main) expect(html).toMatch(new RegExp(`Paiement en ligne avec <span[^>]*>${main}</span>`));
    expect(/>Payer maintenant</.test(html)).toBe(main !== null);
    expect(html.match(/>Payer avec ([^<]+)</)?.[1] ?? null).toBe(other);
    expect(html).not.toContain('data-testid="payment-provider"'.repeat(main ? 0 : 1) || '\u0000');
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Payer à la livraison</);
  });
});
