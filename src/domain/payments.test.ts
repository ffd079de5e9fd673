import { describe, expect, it } from 'vitest';
import { paymentStatuses, type OrderState, type PaymentStatus } from './orders.ts';
import { adminPaymentChoices, needsReason, paymentMoveRefusal, paymentOnCancel, paymentOnMoney, type PaymentActor } from './payments.ts';

const live = { state: 'sale' as OrderState };
const cancelled = { state: 'cancel' as OrderState };

describe('the payment machine', () => {
  it.each<[PaymentActor, PaymentStatus, PaymentStatus, OrderState, boolean]>([
    // The shopper: pay now, pay on delivery, while no money arrived.
    ['shopper', 'unpaid', 'pending', 'sale', true],
    ['shopper', 'pending', 'unpaid', 'sale', true],
    ['shopper', 'failed', 'pending', 'sale', true],
    ['shopper', 'cancelled', 'pending', 'sale', true],
    ['shopper', 'paid', 'unpaid', 'sale', false],
    ['shopper', 'paid', 'pending', 'sale', false],
    ['shopper', 'unpaid', 'paid', 'sale', false],
    ['shopper', 'refund_due', 'pending', 'cancel', false],
    // The provider: money, refusal, expiry; money for a cancelled order is owed back.
    ['provider', 'pending', 'paid', 'sale', true],
    ['provider', 'failed', 'paid', 'sale', true],
    ['provider', 'pending', 'failed', 'sale', true],
    ['provider', 'pending', 'cancelled', 'sale', true],
    ['provider', 'cancelled', 'refund_due', 'cancel', true],
    ['provider', 'pending', 'paid', 'cancel', false],
    ['provider', 'paid', 'failed', 'sale', false],
    ['provider', 'refunded', 'paid', 'cancel', false],
    // The admin: cash received, undo with a reason, a refund made; never paid on a cancelled order.
    ['admin', 'unpaid', 'paid', 'sale', true],
    ['admin', 'pending', 'paid', 'confirmed', true],
    ['admin', 'unpaid', 'paid', 'cancel', false],
    ['admin', 'cancelled', 'paid', 'cancel', false],
    ['admin', 'cancelled', 'unpaid', 'cancel', false],
    ['admin', 'refund_due', 'refunded', 'cancel', true],
    ['admin', 'refunded', 'refund_due', 'cancel', false],
    ['admin', 'paid', 'refund_due', 'sale', false],
    ['admin', 'unpaid', 'refund_due', 'sale', false],
    // The shop: a cancellation.
    ['system', 'paid', 'refund_due', 'cancel', true],
    ['system', 'pending', 'cancelled', 'cancel', true],
    ['system', 'refund_due', 'cancelled', 'cancel', false],
  ])('%s: %s → %s on an order « %s » is %s (with a reason when one is needed)', (actor, from, to, state, allowed) => {
    expect(paymentMoveRefusal(actor, from, to, { state }, 'espèces rendues au livreur') === null).toBe(allowed);
  });

  it('never moves a status to itself', () => {
    for (const s of paymentStatuses)
      expect(paymentMoveRefusal('admin', s, s, live, 'x')).toBe(`Le paiement est déjà « ${paymentMoveRefusalLabel(s)} ».`);
  });

  it.each<[PaymentStatus, PaymentStatus, OrderState]>([
    ['paid', 'unpaid', 'sale'],
    ['cancelled', 'refund_due', 'cancel'],
  ])('an admin’s %s → %s needs a written reason', (from, to, state) => {
    expect(needsReason(from, to)).toBe(true);
    expect(paymentMoveRefusal('admin', from, to, { state })).toMatch(/^Indiquez la raison du passage/);
    expect(paymentMoveRefusal('admin', from, to, { state }, '   ')).toMatch(/^Indiquez la raison du passage/);
    expect(paymentMoveRefusal('admin', from, to, { state }, 'erreur de saisie')).toBeNull();
  });

  it('says in French why paid is refused on a cancelled order', () => {
    expect(paymentMoveRefusal('admin', 'unpaid', 'paid', cancelled, 'x')).toBe(
      'La commande est annulée : un paiement reçu pour elle est « À rembourser », pas « Paiement reçu ».',
    );
  });

  it.each<[PaymentStatus, PaymentStatus]>([
    ['unpaid', 'cancelled'],
    ['pending', 'cancelled'],
    ['failed', 'cancelled'],
    ['paid', 'refund_due'],
    ['cancelled', 'cancelled'],
    ['refund_due', 'refund_due'],
    ['refunded', 'refunded'],
  ])('a cancellation turns %s into %s', (from, to) => {
    expect(paymentOnCancel(from)).toBe(to);
    if (from !== to) expect(paymentMoveRefusal('system', from, to, cancelled)).toBeNull();
  });

  it.each<[PaymentStatus, OrderState, PaymentStatus | null]>([
    ['pending', 'sale', 'paid'],
    ['failed', 'confirmed', 'paid'],
    ['unpaid', 'sale', 'paid'],
    ['cancelled', 'cancel', 'refund_due'],
    ['pending', 'cancel', 'refund_due'],
    ['paid', 'sale', null],
    ['refund_due', 'cancel', null],
    ['refunded', 'cancel', null],
  ])('money from the provider on %s (order « %s ») makes it %s', (from, state, to) => {
    expect(paymentOnMoney(from, { state })).toBe(to);
    if (to) expect(paymentMoveRefusal('provider', from, to, { state })).toBeNull();
  });

  it('offers an admin only the moves the machine allows', () => {
    expect(adminPaymentChoices('unpaid', live)).toEqual(['paid']);
    expect(adminPaymentChoices('paid', live)).toEqual(['unpaid']);
    expect(adminPaymentChoices('paid', cancelled)).toEqual([]);
    expect(adminPaymentChoices('cancelled', cancelled)).toEqual(['refund_due']);
    expect(adminPaymentChoices('refund_due', cancelled)).toEqual(['refunded']);
  });
});

function paymentMoveRefusalLabel(s: PaymentStatus): string {
  return (
    {
      unpaid: 'À payer à la livraison',
      pending: 'Paiement en attente',
      paid: 'Paiement reçu',
      failed: 'Paiement échoué',
      cancelled: 'Paiement annulé',
      refund_due: 'À rembourser',
      refunded: 'Remboursé',
    } as const
  )[s];
}
