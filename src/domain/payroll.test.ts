import { describe, expect, it } from 'vitest';
import {
  monthDays,
  payrollBodySchema,
  payrollDue,
  payrollQuerySchema,
  payrollRecordedText,
  payrollRecords,
  type PayrollLine,
} from './payroll.ts';
import * as z from './zod.ts';

describe('monthDays', () => {
  it.each([
    ['2026-12', ['2026-12-01', '2026-12-31']],
    ['2027-02', ['2027-02-01', '2027-02-28']],
    ['2028-02', ['2028-02-01', '2028-02-29']],
    ['2026-04', ['2026-04-01', '2026-04-30']],
  ])('%s → %o', (mois, want) => expect(monthDays(mois)).toEqual(want));
});

describe('the month as the routes read it', () => {
  it.each([
    ['2026-12', true],
    ['2026-13', false],
    ['2026-1', false],
    ['26-12', false],
    ['2026-00', false],
  ])('%s → %s', (mois, ok) => {
    expect(z.safeParse(payrollQuerySchema, { parent_id: '3', mois }).success).toBe(ok);
    expect(z.safeParse(payrollBodySchema, { parent_id: 3, mois }).success).toBe(ok);
  });
  it('refuses a parent id that is not a whole positive number, and any other field', () => {
    expect(z.safeParse(payrollQuerySchema, { parent_id: '03', mois: '2026-12' }).success).toBe(false);
    expect(z.safeParse(payrollBodySchema, { parent_id: 0, mois: '2026-12' }).success).toBe(false);
    expect(z.safeParse(payrollBodySchema, { parent_id: 3, mois: '2026-12', extra: 1 }).success).toBe(false);
  });
});

describe('payrollRecords: the CSV', () => {
  const line = (member: string, reference: string, amount: number, state: 'due' | 'paid'): PayrollLine => ({
    member,
    phone: '221770000000',
    reference,
    label: 'Mensualité 2 sur 6',
    due_on: '2026-12-05',
    amount,
    state,
  });
  it('sorts members by name (French order), and totals what is left to deduct', () => {
    const lines = [line('Ousmane', 'BQ-B', 50_000, 'due'), line('Élodie', 'BQ-A', 30_000, 'paid'), line('Awa', 'BQ-C', 20_001, 'due')];
    expect(payrollRecords(lines)).toEqual([
      ['Membre', 'Téléphone', 'Commande', 'Échéance', 'Date d’échéance', 'Montant (FCFA)', 'État'],
      ['Awa', '221770000000', 'BQ-C', 'Mensualité 2 sur 6', '2026-12-05', '20001', 'À prélever'],
      ['Élodie', '221770000000', 'BQ-A', 'Mensualité 2 sur 6', '2026-12-05', '30000', 'Payée'],
      ['Ousmane', '221770000000', 'BQ-B', 'Mensualité 2 sur 6', '2026-12-05', '50000', 'À prélever'],
      ['Total à prélever', '', '', '2 échéances', '', '70001', ''],
    ]);
    expect(payrollDue(lines)).toEqual({ count: 2, amount: 70_001 });
  });
  it('says an empty month plainly', () => {
    expect(payrollRecords([]).at(-1)).toEqual(['Total à prélever', '', '', '0 échéance', '', '0', '']);
  });
});

describe('payrollRecordedText', () => {
  const f = (n: number) => `${n} F`;
  it.each([
    [0, 0, 'Rien de plus à enregistrer : les échéances de ce mois sont déjà toutes payées.'],
    [1, 5000, '1 échéance enregistrée comme payée par prélèvement (5000 F).'],
    [3, 9000, '3 échéances enregistrées comme payées par prélèvement (9000 F).'],
  ])('%i recorded → %s', (n, amount, want) => expect(payrollRecordedText(n, amount, f)).toBe(want));
});
