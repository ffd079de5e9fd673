/**
 * §6 payroll deduction: each month a parent account (employer, mutual, partner association) deducts its members'
 * instalments falling due that month from their pay; the shop sends it the list (CSV) and records them paid in one step.
 */
import { INT_MAX } from './bounds.ts';
import { idText, wholeNumber } from './numbers.ts';
import * as z from './zod.ts';

const MONTH = 'Indiquez le mois au format AAAA-MM (par exemple 2026-12).';

/** A month as `YYYY-MM`, from 2000 to 2099. */
const month = z.string({ error: MONTH }).check(z.regex(/^20\d\d-(0[1-9]|1[0-2])$/, MONTH));

/** Query of `GET /api/admin/prelevements` (strings, as a URL carries them). */
export const payrollQuerySchema = z.object({
  parent_id: idText,
  mois: month,
  /** `json` for the back office's screen; the CSV file otherwise. */
  format: z.optional(z.enum(['csv', 'json'], { error: 'Le format doit valoir csv ou json.' })),
});

/** Body of `POST /api/admin/prelevements`: the parent account and the month recorded. */
export const payrollBodySchema = z.strictObject({
  parent_id: wholeNumber('Le compte parent', 1, INT_MAX),
  mois: month,
});

/** The first and last days (`YYYY-MM-DD`) of month `mois` (`YYYY-MM`). */
export function monthDays(mois: string): [string, string] {
  const [y, m] = mois.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${mois}-01`, `${mois}-${String(last).padStart(2, '0')}`];
}

/** One instalment of a parent account's month. */
export interface PayrollLine {
  member: string;
  phone: string | null;
  reference: string;
  label: string;
  due_on: string;
  amount: number;
  state: 'due' | 'paid';
}

/** The CSV's columns, in French. */
export const PAYROLL_COLUMNS = ['Membre', 'Téléphone', 'Commande', 'Échéance', 'Date d’échéance', 'Montant (FCFA)', 'État'] as const;

/** The French of each state in the list: still to deduct, or already paid. */
const STATE_TEXT = { due: 'À prélever', paid: 'Payée' } as const;

/** What is left to deduct of a month's lines: their count and sum in whole francs. */
export function payrollDue(lines: readonly PayrollLine[]): { count: number; amount: number } {
  const due = lines.filter((l) => l.state === 'due');
  return { count: due.length, amount: due.reduce((a, l) => a + l.amount, 0) };
}

/** The CSV's records: the header, one line per instalment (members by name), and the total left to deduct. */
export function payrollRecords(lines: readonly PayrollLine[]): string[][] {
  const sorted = [...lines].sort((a, b) => a.member.localeCompare(b.member, 'fr') || a.reference.localeCompare(b.reference));
  const total = payrollDue(lines);
  return [
    [...PAYROLL_COLUMNS],
    ...sorted.map((l) => [l.member, l.phone ?? '', l.reference, l.label, l.due_on, String(l.amount), STATE_TEXT[l.state]]),
    ['Total à prélever', '', '', `${total.count} échéance${total.count > 1 ? 's' : ''}`, '', String(total.amount), ''],
  ];
}

/** Answer of `GET /api/admin/prelevements?format=json` and of `POST /api/admin/prelevements`. */
export const payrollAnswerSchema = z.object({
  parent_id: z.int(),
  mois: z.string(),
  lines: z.array(
    z.object({
      member: z.string(),
      phone: z.nullable(z.string()),
      reference: z.string(),
      label: z.string(),
      due_on: z.string(),
      amount: z.int(),
      state: z.enum(['due', 'paid']),
    }),
  ),
  due: z.object({ count: z.int(), amount: z.int() }),
  /** After `POST`: how many instalments this call recorded (0 when the month was recorded already). */
  recorded: z.optional(z.int()),
  message: z.optional(z.string()),
});
export type PayrollAnswer = z.infer<typeof payrollAnswerSchema>;

/** What the back office says after recording a month. */
export function payrollRecordedText(recorded: number, amount: number, formatted: (n: number) => string): string {
  if (recorded === 0) return 'Rien de plus à enregistrer : les échéances de ce mois sont déjà toutes payées.';
  return `${recorded} échéance${recorded > 1 ? 's' : ''} enregistrée${recorded > 1 ? 's' : ''} comme payée${recorded > 1 ? 's' : ''} par prélèvement (${formatted(amount)}).`;
}
