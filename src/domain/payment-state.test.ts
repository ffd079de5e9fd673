import { describe, expect, it } from 'vitest';
import { instalmentProgress } from './payment-state.ts';

const line = (number: number, percent: number | null, amount: number, state: 'due' | 'paid', due_on: string | null) => ({
  number,
  percent,
  amount,
  state,
  due_on,
});

describe('instalmentProgress (§4, §6): what « Payer maintenant » pays and what is paid and left', () => {
  it.each([
    [
      'a pre-order, nothing paid',
      [line(1, 30, 129000, 'due', '2026-11-27'), line(2, 30, 129000, 'due', '2026-12-27'), line(3, 40, 172000, 'due', null)],
      null,
      { next: 'Première tranche (30 %)', last: null, paid: 0, left: 430000, count: [0, 3] },
    ],
    [
      'a pre-order, its first tranche paid (rows in any order)',
      [line(3, 40, 172000, 'due', null), line(1, 30, 129000, 'paid', '2026-11-27'), line(2, 30, 129000, 'due', '2026-12-27')],
      null,
      { next: 'Deuxième tranche (30 %)', last: 'Première tranche (30 %)', paid: 129000, left: 301000, count: [1, 3] },
    ],
    [
      'a credit order over 3 months, all paid',
      [line(1, null, 64334, 'paid', '2026-12-05'), line(2, null, 64333, 'paid', '2027-01-05'), line(3, null, 64333, 'paid', '2027-02-05')],
      3,
      { next: null, last: 'Mensualité 3 sur 3', paid: 193000, left: 0, count: [3, 3] },
    ],
  ])('%s', (_, lines, months, want) => {
    const p = instalmentProgress(lines, months);
    expect([p.next?.label ?? null, p.last_paid?.label ?? null, p.amount_paid, p.amount_left, [p.paid_count, p.count]]).toEqual([
      want.next,
      want.last,
      want.paid,
      want.left,
      want.count,
    ]);
  });
});
