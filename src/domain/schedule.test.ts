import { describe, expect, it } from 'vitest';
import { creditSchedule, instalmentLabel, instalmentStanding, preorderSchedule, splitInstalments } from './schedule.ts';
import { creditTermsSchema } from './credit-terms.schema.ts';
import * as z from './zod.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('splitInstalments', () => {
  it.each([
    [193_001, 7, [27_571, 27_571, 27_571, 27_571, 27_571, 27_571, 27_575]],
    [193_000, 3, [64_333, 64_333, 64_334]],
    [100, 10, [10, 10, 10, 10, 10, 10, 10, 10, 10, 10]],
    [5, 6, [0, 0, 0, 0, 0, 5]],
    [0, 3, [0, 0, 0]],
    [999_999_999, 24, [...Array(23).fill(41_666_666), 41_666_681]],
  ])('%i F in %i → %o', (total, count, want) => {
    const got = splitInstalments(total, count);
    expect(got).toEqual(want);
    expect(sum(got)).toBe(total);
  });

  it('adds up exactly and stays whole for every total and duration', () => {
    for (let total = 0; total < 3000; total += 7)
      for (let n = 1; n <= 24; n++) {
        const got = splitInstalments(total, n);
        expect(sum(got)).toBe(total);
        expect(got.every(Number.isInteger)).toBe(true);
        expect(Math.max(...got) - Math.min(...got)).toBeLessThan(n);
      }
  });

  it.each([
    [10.5, 3],
    [-1, 3],
    [100, 0],
  ])('refuses %s in %s', (total, n) => expect(() => splitInstalments(total, n)).toThrow(RangeError));
});

describe('creditSchedule', () => {
  it.each([
    ['2026-11-27T10:00:00Z', 3, 5, ['2026-12-05', '2027-01-05', '2027-02-05']],
    ['2026-01-31T23:59:00Z', 2, 28, ['2026-02-28', '2026-03-28']],
    ['2026-11-01T00:00:00Z', 2, 1, ['2026-12-01', '2027-01-01']],
  ])('placed %s, %i months on day %i → %o', (at, months, day, want) => {
    const s = creditSchedule(193_001, months, day, new Date(at));
    expect(s.map((i) => i.due_on)).toEqual(want);
    expect(s.map((i) => i.number)).toEqual(want.map((_, i) => i + 1));
    expect(sum(s.map((i) => i.amount))).toBe(193_001);
    expect(s.every((i) => i.percent === null)).toBe(true);
  });
});

describe('preorderSchedule', () => {
  it('falls due at order, 30 days later, then at delivery, 30/30/40 to the franc', () => {
    expect(preorderSchedule(100_001, new Date('2026-11-27T12:00:00Z'))).toEqual([
      { number: 1, percent: 30, amount: 30_000, due_on: '2026-11-27' },
      { number: 2, percent: 30, amount: 30_000, due_on: '2026-12-27' },
      { number: 3, percent: 40, amount: 40_001, due_on: null },
    ]);
  });
});

describe('instalmentLabel and instalmentStanding', () => {
  it.each([
    [{ number: 1, percent: 30 }, null, 'Première tranche (30 %)'],
    [{ number: 2, percent: null }, 6, 'Mensualité 2 sur 6'],
  ])('%o of %s → %s', (i, months, want) => expect(instalmentLabel(i, months)).toBe(want));

  it.each([
    [{ state: 'paid', due_on: '2026-01-01' }, 'paid'],
    [{ state: 'due', due_on: '2026-11-26' }, 'overdue'],
    [{ state: 'due', due_on: '2026-11-27' }, 'due'],
    [{ state: 'due', due_on: null }, 'due'],
  ] as const)('%o on 2026-11-27 → %s', (i, want) => expect(instalmentStanding(i, '2026-11-27')).toBe(want));
});

describe('creditTermsSchema', () => {
  it('sorts the durations', () => {
    expect(z.parse(creditTermsSchema, { months: [10, 3, 6], dueDay: 5 })).toEqual({ months: [3, 6, 10], dueDay: 5 });
  });
  it.each([
    [{ months: [], dueDay: 5 }, 'Proposez au moins une durée.'],
    [{ months: [3, 3], dueDay: 5 }, 'Chaque durée ne se propose qu’une fois.'],
    [{ months: [1], dueDay: 5 }, 'Chaque durée est un nombre entier de 2 à 24 mois.'],
    [{ months: [3], dueDay: 29 }, 'Le jour d’échéance est un nombre entier de 1 à 28.'],
  ])('refuses %o in French', (input, message) => {
    const r = z.safeParse(creditTermsSchema, input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});
