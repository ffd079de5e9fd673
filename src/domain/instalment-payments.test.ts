import { describe, expect, it } from 'vitest';
import {
  adminTrancheMove,
  paymentOnCancelWithInstalments,
  INSTALMENT_TEXT,
  instalmentOnMoney,
  instalmentRows,
  instalmentSummary,
  instalmentToPay,
  instalmentsRefusal,
  type InstalmentLine,
} from './instalment-payments.ts';
import type { OrderState, SaleType } from './orders.ts';

const lines = (...states: ('due' | 'paid')[]): InstalmentLine[] =>
  states.map((state, i) => ({ number: i + 1, amount: (i + 1) * 1000, state }));

describe('instalmentsRefusal: when an order’s instalments can be paid', () => {
  it.each<[SaleType, OrderState, string | null]>([
    ['preorder', 'sale', null],
    ['preorder', 'confirmed', null],
    ['preorder', 'delivered', null],
    ['preorder', 'cancel', INSTALMENT_TEXT.cancelled],
    ['creditorder', 'sale', INSTALMENT_TEXT.awaitingApproval],
    ['creditorder', 'confirmed', null],
    ['creditorder', 'shipped', null],
    ['creditorder', 'delivered', null],
    ['creditorder', 'cancel', INSTALMENT_TEXT.cancelled],
    ['order', 'sale', INSTALMENT_TEXT.notInstalments],
  ])('%s in state %s → %s', (type_sale, state, want) => expect(instalmentsRefusal({ type_sale, state })).toBe(want));
});

describe('instalmentToPay: one instalment, the next unpaid one', () => {
  const pre = { type_sale: 'preorder', state: 'sale' } as const;
  it.each<[string, InstalmentLine[], number | undefined, unknown]>([
    ['the first when none is paid', lines('due', 'due', 'due'), undefined, { ok: true, number: 1, amount: 1000 }],
    ['the second once the first is paid', lines('paid', 'due', 'due'), undefined, { ok: true, number: 2, amount: 2000 }],
    ['the one named when it is the next', lines('paid', 'due', 'due'), 2, { ok: true, number: 2, amount: 2000 }],
    ['not one already paid', lines('paid', 'due', 'due'), 1, { ok: false, status: 409, message: INSTALMENT_TEXT.alreadyPaid }],
    [
      'not one after the next',
      lines('paid', 'due', 'due'),
      3,
      { ok: false, status: 409, message: 'Les échéances se paient dans l’ordre : payez d’abord l’échéance 2.' },
    ],
    ['not one that does not exist', lines('due'), 4, { ok: false, status: 404, message: 'Cette commande n’a pas d’échéance 4.' }],
    ['nothing once all are paid', lines('paid', 'paid'), undefined, { ok: false, status: 409, message: INSTALMENT_TEXT.allPaid }],
  ])('%s', (_, l, wanted, want) => expect(instalmentToPay(pre, l, wanted)).toEqual(want));

  it('refuses a credit order still awaiting approval, and a cancelled one', () => {
    expect(instalmentToPay({ type_sale: 'creditorder', state: 'sale' }, lines('due'))).toMatchObject({ ok: false, status: 409 });
    expect(instalmentToPay({ type_sale: 'preorder', state: 'cancel' }, lines('due'))).toMatchObject({ ok: false, status: 409 });
  });
});

describe('instalmentOnMoney: what money for an instalment does', () => {
  it.each<[string, OrderState, 'unpaid' | 'pending' | 'paid' | 'cancelled', InstalmentLine[], number, unknown]>([
    [
      'pays an unpaid instalment, the order stays unpaid',
      'sale',
      'unpaid',
      lines('due', 'due', 'due'),
      1,
      { outcome: 'paid', order: null },
    ],
    ['the last one pays the order', 'confirmed', 'unpaid', lines('paid', 'paid', 'due'), 3, { outcome: 'paid', order: 'paid' }],
    ['the last one of an order pending online pays it too', 'sale', 'pending', lines('paid', 'due'), 2, { outcome: 'paid', order: 'paid' }],
    [
      'twice for the same instalment: the second is owed back',
      'sale',
      'unpaid',
      lines('paid', 'due'),
      1,
      { outcome: 'refund', order: null },
    ],
    [
      'for a cancelled order: owed back, the order « À rembourser »',
      'cancel',
      'cancelled',
      lines('due'),
      1,
      { outcome: 'refund', order: 'refund_due' },
    ],
    ['for an instalment that does not exist: owed back', 'sale', 'unpaid', lines('due'), 5, { outcome: 'refund', order: null }],
  ])('%s', (_, state, payment_status, l, n, want) => expect(instalmentOnMoney({ state, payment_status }, l, n)).toEqual(want));
});

describe('adminTrancheMove: cash and payroll recorded by an admin', () => {
  const paidVia = (l: InstalmentLine[], via: 'wave' | 'cash' | null) => l.map((x) => ({ ...x, paid_via: x.state === 'paid' ? via : null }));
  const open = { state: 'confirmed', payment_status: 'unpaid' } as const;
  it.each<[string, { state: OrderState; payment_status: 'unpaid' | 'paid' }, ReturnType<typeof paidVia>, number, 'due' | 'paid', unknown]>([
    ['records one instalment', open, paidVia(lines('due', 'due'), null), 1, 'paid', { kind: 'write', order: null }],
    ['the last one pays the order', open, paidVia(lines('paid', 'due'), 'cash'), 2, 'paid', { kind: 'write', order: 'paid' }],
    ['recording it twice writes nothing', open, paidVia(lines('paid', 'due'), 'cash'), 1, 'paid', { kind: 'same' }],
    ['undoes a cash record', open, paidVia(lines('paid', 'due'), 'cash'), 1, 'due', { kind: 'write', order: null }],
    [
      'undoing one of a paid order makes it unpaid again',
      { state: 'confirmed', payment_status: 'paid' },
      paidVia(lines('paid', 'paid'), 'cash'),
      2,
      'due',
      { kind: 'write', order: 'unpaid' },
    ],
    [
      'never undoes an online payment',
      open,
      paidVia(lines('paid', 'due'), 'wave'),
      1,
      'due',
      { kind: 'refused', status: 409, message: INSTALMENT_TEXT.onlineUndo },
    ],
    [
      'refuses an instalment that does not exist',
      open,
      paidVia(lines('due'), null),
      7,
      'paid',
      { kind: 'refused', status: 404, message: 'Cette commande n’a pas de tranche 7.' },
    ],
  ])('%s', (_, o, l, n, to, want) => expect(adminTrancheMove(o, l, n, to)).toEqual(want));
});

describe('instalmentRows and instalmentSummary: « Mes échéances »', () => {
  const dated = [
    { number: 1, amount: 30_000, state: 'paid' as const, due_on: '2026-10-05' },
    { number: 2, amount: 30_000, state: 'due' as const, due_on: '2026-11-05' },
    { number: 3, amount: 40_000, state: 'due' as const, due_on: '2026-12-05' },
  ];
  it('marks standings on the day and only the next unpaid one payable', () => {
    const rows = instalmentRows({ type_sale: 'creditorder', state: 'confirmed' }, dated, '2026-11-27');
    expect(rows.map((r) => [r.standing, r.payable])).toEqual([
      ['paid', false],
      ['overdue', true],
      ['due', false],
    ]);
    expect(instalmentSummary(rows)).toEqual({
      next_due_on: '2026-11-05',
      next_amount: 30_000,
      total_paid: 30_000,
      total_overdue: 30_000,
      total_due: 70_000,
    });
  });
  it('offers nothing to pay on a credit order awaiting approval', () => {
    expect(instalmentRows({ type_sale: 'creditorder', state: 'sale' }, dated, '2026-11-27').some((r) => r.payable)).toBe(false);
  });
  it('names a tranche due at delivery as next once the dated ones are paid, and nothing when all are', () => {
    const rows = instalmentRows(
      { type_sale: 'preorder', state: 'confirmed' },
      [...dated.slice(0, 2).map((d) => ({ ...d, state: 'paid' as const })), { ...dated[2]!, due_on: null }],
      '2026-11-27',
    );
    expect(instalmentSummary(rows)).toMatchObject({ next_due_on: null, next_amount: 40_000, total_paid: 60_000, total_overdue: 0 });
    expect(instalmentSummary([])).toEqual({ next_due_on: null, next_amount: null, total_paid: 0, total_overdue: 0, total_due: 0 });
  });
});

describe('paymentOnCancelWithInstalments: money received for instalments of a cancelled order is owed back', () => {
  it.each([
    ['unpaid', 0, 'cancelled'],
    ['unpaid', 1, 'refund_due'],
    ['pending', 2, 'refund_due'],
    ['paid', 3, 'refund_due'],
    ['paid', 0, 'refund_due'],
    ['refunded', 1, 'refunded'],
  ] as const)('%s with %i paid → %s', (from, paid, want) => expect(paymentOnCancelWithInstalments(from, paid)).toBe(want));
});
