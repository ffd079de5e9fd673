import { describe, expect, it } from 'vitest';
import { holdAfterChange, holdEnd, HOLDS, holdSpan, type HeldOrder } from './holds.ts';

const created = new Date('2026-11-21T10:00:00Z');
const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
const order = (over: Partial<HeldOrder> = {}): HeldOrder => ({
  typeSale: 'order',
  stockTaken: true,
  guest: true,
  paymentMode: 'online',
  paymentStatus: 'pending',
  state: 'sale',
  createdAt: created,
  ...over,
});

describe('how long an order holds stock', () => {
  it.each<[string, Partial<HeldOrder>, Date | null, Date | null]>([
    ['an online order: 30 minutes', {}, null, at(30)],
    ['an online order whose session ends later: until it ends', {}, at(45), at(45)],
    ['an online order whose session ends past the cap: 60 minutes', {}, at(90), at(60)],
    ['an online order whose session ends sooner: still 30 minutes', {}, at(10), at(30)],
    ['a guest’s cash booking: 24 hours', { paymentMode: 'domicile', paymentStatus: 'unpaid' }, null, at(24 * 60)],
    ['a customer’s cash order: 72 hours', { paymentMode: 'domicile', paymentStatus: 'unpaid', guest: false }, null, at(72 * 60)],
    [
      'a credit order awaiting its approvals: 7 days',
      { typeSale: 'creditorder', paymentMode: 'domicile', paymentStatus: 'unpaid', guest: false },
      null,
      at(7 * 24 * 60),
    ],
    ['a confirmed credit order: nothing held any more', { typeSale: 'creditorder', state: 'confirmed' }, null, null],
    ['a pre-order: nothing held', { stockTaken: false }, null, null],
    ['a paid order: nothing held any more', { paymentStatus: 'paid' }, null, null],
    ['a confirmed order: nothing held any more', { state: 'confirmed' }, null, null],
    ['a cancelled order: nothing held any more', { state: 'cancel', paymentStatus: 'cancelled' }, null, null],
  ])('%s', (_label, over, sessionEnds, expected) => {
    expect(holdEnd(order(over), sessionEnds)).toEqual(expected);
  });

  it('never shortens a hold still running when the order changes', () => {
    // A cash order switched to online keeps its cash deadline.
    expect(holdAfterChange(order(), at(24 * 60))).toEqual(at(24 * 60));
    // An online order switched to cash gets the cash deadline.
    expect(holdAfterChange(order({ paymentMode: 'domicile', paymentStatus: 'unpaid' }), at(30))).toEqual(at(24 * 60));
    // Paid: nothing held, whatever was.
    expect(holdAfterChange(order({ paymentStatus: 'paid' }), at(30))).toBeNull();
    // A session opened stretches it.
    expect(holdAfterChange(order(), at(30), at(50))).toEqual(at(50));
  });

  it('says how long in French', () => {
    expect(holdSpan({ guest: true, paymentMode: 'online' })).toBe('30 minutes');
    expect(holdSpan({ guest: true, paymentMode: 'domicile' })).toBe('24 heures');
    expect(holdSpan({ guest: false, paymentMode: 'domicile' })).toBe('72 heures');
    expect(holdSpan({ guest: false, paymentMode: 'domicile', typeSale: 'creditorder' })).toBe('7 jours');
    expect(HOLDS.onlineMaxMs).toBeGreaterThan(HOLDS.onlineMs);
  });
});
