import { useState } from 'react';
import { ScheduleList } from '../../components/ui/OrderLines.tsx';
import { orderSumView } from '../../components/ui/order-lines-view.ts';
import { creditSchedule, type CreditTerms } from '../../domain/schedule.ts';

/**
 * §6 the credit checkout's choice: the numbers of monthly instalments the shop offers, as large radios, and the schedule
 * that follows (each instalment's amount and due date), computed by the server's own rule (src/domain/schedule.ts).
 * The radios are the form's `credit_months`; `total` is null while prices are read (no schedule shown yet).
 */
export function CreditMonths({
  terms,
  total,
  initial,
  error,
}: {
  terms: CreditTerms;
  total: number | null;
  initial?: number | undefined;
  error?: string | undefined;
}) {
  const [months, setMonths] = useState(initial && terms.months.includes(initial) ? initial : terms.months[0]!);
  const sum =
    total === null
      ? null
      : orderSumView({
          amount_total: total,
          credit: { months },
          tranches: creditSchedule(total, months, terms.dueDay, new Date()).map((t) => ({ ...t, state: 'due' })),
        });
  return (
    <fieldset aria-describedby={error ? 'months-err' : undefined} className="space-y-2">
      <legend className="mb-1 font-medium text-slate-800">Nombre de mensualités</legend>
      <div className="grid grid-cols-3 gap-2">
        {terms.months.map((m) => (
          <label
            key={m}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-1 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="credit_months"
              value={m}
              checked={months === m}
              onChange={() => setMonths(m)}
              className="size-5 accent-brand-700"
            />
            <span className="whitespace-nowrap font-medium">{m} mois</span>
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-600">
        Échéance le {terms.dueDay === 1 ? '1er' : terms.dueDay} de chaque mois, à partir du mois prochain. Pas de paiement à la livraison.
      </p>
      {sum && <ScheduleList sum={sum} />}
      {error && (
        <p id="months-err" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
