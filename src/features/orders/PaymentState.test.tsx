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

  describe('an order paid by instalments (§4, §6)', () => {
    const first = { number: 1, label: 'Première tranche (30 %)', amount: 129000, due_on: '2026-11-27' };
    const second = { number: 2, label: 'Deuxième tranche (30 %)', amount: 129000, due_on: '2026-12-27' };
    const last = { number: 3, label: 'Troisième tranche (40 %)', amount: 172000, due_on: null };
    const preorder: Payment = {
      ...failed,
      id: 9,
      type_sale: 'preorder',
      amount_total: 430000,
      payment_status: 'pending',
      checkout_open: false,
      instalments: { next: first, last_paid: null, count: 3, paid_count: 0, amount_paid: 0, amount_left: 430000 },
    };
    const ready = (payment: Payment) =>
      draw({ status: 'ready', payment, gaveUp: false, busy: false, actionError: null }).replaceAll('<!-- -->', '');

    it('shows the tranche « Payer maintenant » pays, never the whole total, and what is paid and left', () => {
      for (const checkout_open of [false, true]) {
        const html = ready({ ...preorder, checkout_open });
        expect(html).toMatch(/data-testid="payment-amount"[^>]*>Première tranche \(30 %\) — 129\s000\sF\sCFA</);
        expect(html).not.toMatch(/data-testid="payment-amount"[^>]*>430/);
        expect(html).toMatch(/data-testid="payment-paid"[^>]*>0\sF\sCFA</);
        expect(html).toMatch(/data-testid="payment-left"[^>]*>430\s000\sF\sCFA</);
        expect(html).toContain('première tranche (30 %)');
        expect(html).toContain('href="/profile#mes-echeances"');
      }
    });

    it('after the first tranche, says it is paid and names the next one; « Tout est payé » once all are', () => {
      const paidOne = ready({
        ...preorder,
        instalments: { next: second, last_paid: first, count: 3, paid_count: 1, amount_paid: 129000, amount_left: 301000 },
      });
      expect(paidOne).toContain('1 échéance payée sur 3');
      expect(paidOne).toMatch(
        /Votre première tranche \(30 %\) est payée\. Prochaine échéance : Deuxième tranche \(30 %\), 129\s000\sF\sCFA, le 27 décembre 2026\./,
      );
      expect(paidOne).not.toContain('Paiement en attente');
      expect(paidOne).not.toContain('n’a pas pu démarrer');
      expect(paidOne).toMatch(/data-testid="payment-amount"[^>]*>Deuxième tranche \(30 %\) — 129\s000\sF\sCFA</);
      expect(paidOne).toMatch(/>Mes échéances</);

      const paidTwo = ready({
        ...preorder,
        instalments: { next: last, last_paid: second, count: 3, paid_count: 2, amount_paid: 258000, amount_left: 172000 },
      });
      expect(paidTwo).toContain('2 échéances payées sur 3');
      expect(paidTwo).toMatch(/Prochaine échéance : Troisième tranche \(40 %\), 172\s000\sF\sCFA, à la livraison\./);

      const done = ready({
        ...preorder,
        payment_status: 'paid',
        instalments: { next: null, last_paid: last, count: 3, paid_count: 3, amount_paid: 430000, amount_left: 0 },
      });
      expect(done).toContain('Tout est payé');
      expect(done).toMatch(/data-testid="payment-left"[^>]*>0\sF\sCFA</);
      expect(done).not.toContain('Payer maintenant');
    });

    it('says a credit order waits for its approvals, and an order paid on delivery names its next instalment', () => {
      const credit = { number: 1, label: 'Mensualité 1 sur 6', amount: 32166, due_on: '2026-12-05' };
      const waiting = ready({
        ...preorder,
        type_sale: 'creditorder',
        payment_mode: 'domicile',
        payment_status: 'unpaid',
        instalments: { next: credit, last_paid: null, count: 6, paid_count: 0, amount_paid: 0, amount_left: 193000 },
      });
      expect(waiting).toContain('En attente d’accord');
      expect(waiting).toContain('attend encore l’accord de la boutique et de votre compte parent');
      const confirmed = ready({
        ...preorder,
        type_sale: 'creditorder',
        state: 'confirmed',
        payment_mode: 'domicile',
        payment_status: 'unpaid',
        instalments: { next: credit, last_paid: null, count: 6, paid_count: 0, amount_paid: 0, amount_left: 193000 },
      });
      expect(confirmed).toMatch(
        /Cette commande se paie une échéance à la fois\. Prochaine échéance : Mensualité 1 sur 6, 32\s166\sF\sCFA, le 5 décembre 2026\./,
      );
    });

    it('says who it waits for while the provider may still confirm a tranche; a guest gets no link to the profile', () => {
      const html = ready({ ...preorder, id: null, checkout_open: true });
      expect(html).toContain('Nous attendons la confirmation du paiement de votre première tranche (30 %).');
      expect(html).not.toContain('href="/profile#mes-echeances"');
    });
  });
});
