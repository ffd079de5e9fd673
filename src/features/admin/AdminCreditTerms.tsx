import { useState } from 'react';
import { formatDate } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import { creditTermsSchema, TERMS_BOUNDS } from '../../domain/credit-terms.schema.ts';
import { creditSchedule, type CreditTerms } from '../../domain/schedule.ts';
import { INPUT } from './admin-ui.ts';
import { creditTerms } from './admin-settings.store.ts';
import { SettingsForm, SettingsScreen } from './AdminSettings.tsx';

/** The example total the preview splits: an awkward one, so the remainder shows. */
const EXAMPLE_TOTAL = 193_001;
const DURATIONS = Array.from({ length: TERMS_BOUNDS.maxMonths - TERMS_BOUNDS.minMonths + 1 }, (_, i) => i + TERMS_BOUNDS.minMonths);

/** One duration's example schedule, in a line: the amounts and the first and last due days. */
function exampleLine(months: number, dueDay: number, now: Date): string {
  const s = creditSchedule(EXAMPLE_TOTAL, months, dueDay, now);
  const first = s[0]!;
  const last = s.at(-1)!;
  const amounts =
    first.amount === last.amount
      ? `${months} × ${formatFCFA(first.amount)}`
      : `${months - 1} × ${formatFCFA(first.amount)} puis ${formatFCFA(last.amount)}`;
  return `${months} mois : ${amounts}, du ${formatDate(`${first.due_on}T12:00:00Z`)} au ${formatDate(`${last.due_on}T12:00:00Z`)}`;
}

/** The form of the terms, its example schedules, and the server's refusal under it. */
function TermsForm({ initial }: { initial: CreditTerms }) {
  const [months, setMonths] = useState<number[]>(initial.months);
  const [dueDay, setDueDay] = useState(String(initial.dueDay));
  const parsed = creditTermsSchema.safeParse({ months, dueDay: Number(dueDay) });
  const now = new Date();

  function toggle(m: number, on: boolean) {
    setMonths((was) => (on ? [...was, m].sort((a, b) => a - b) : was.filter((x) => x !== m)));
  }

  return (
    <SettingsForm
      read={() => (parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? 'Conditions invalides.'))}
      save={creditTerms.save}
      className="max-w-xl space-y-4 rounded-lg bg-white p-4 shadow-sm"
    >
      <fieldset className="space-y-2">
        <legend className="font-medium">Durées proposées, en mois ({TERMS_BOUNDS.maxChoices} au plus)</legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
          {DURATIONS.map((m) => (
            <label
              key={m}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 px-2 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input type="checkbox" checked={months.includes(m)} onChange={(e) => toggle(m, e.target.checked)} className="size-5" />
              <span>
                {m}
                <span className="sr-only"> mois</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block font-medium">
        Jour d’échéance (1 à {TERMS_BOUNDS.maxDueDay})
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={TERMS_BOUNDS.maxDueDay}
          value={dueDay}
          onChange={(e) => setDueDay(e.target.value)}
          className={INPUT}
        />
      </label>
      <section aria-labelledby="exemple" className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
        <h2 id="exemple" className="font-medium">
          Exemple pour une commande de {formatFCFA(EXAMPLE_TOTAL)} passée aujourd’hui
        </h2>
        {parsed.success ? (
          <ul className="space-y-1">
            {parsed.data.months.map((m) => (
              <li key={m}>{exampleLine(m, parsed.data.dueDay, now)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-red-800">{parsed.error.issues[0]?.message}</p>
        )}
        <p className="text-slate-600">Des mensualités en francs entiers ; le reste de la division va sur la dernière.</p>
      </section>
    </SettingsForm>
  );
}

/** §6 « Conditions de crédit »: the numbers of monthly instalments offered to members and the day they fall due; orders placed keep their schedule. */
export default function AdminCreditTerms() {
  return (
    <SettingsScreen settings={creditTerms} Form={TermsForm}>
      Le membre choisit l’une de ces durées au moment de commander à crédit. La première mensualité tombe le jour d’échéance du mois suivant
      la commande, les autres le même jour des mois suivants. Une commande déjà passée garde son échéancier.
    </SettingsScreen>
  );
}
