import { formatFCFA } from '../../domain/money.ts';
import { householdCap } from '../../domain/quantity.ts';
import { DANGER, INPUT } from './admin-ui.ts';
import { numberOf, type DraftLine } from './pack-draft.ts';

interface Props {
  line: DraftLine;
  index: number;
  /** The field of the current error, e.g. `lines.1.quantity`, and the id of its message. */
  invalid: { field?: string; describedBy: string };
  onChange: (next: DraftLine) => void;
  onRemove: () => void;
}

/** One product of the pack: quantity (1 to the household cap) and unit price in whole francs, its subtotal, and a button to take it out. */
export function PackLineFields({ line, index, invalid, onChange, onRemove }: Props) {
  // A number of the line, named with its product, marked when the error is about it.
  const field = (name: 'quantity' | 'price_unit', label: string, bounds: { min: number; max?: number }) => (
    <label className="text-sm font-medium">
      {label}
      <span className="sr-only"> de {line.name}</span>
      <input
        type="number"
        inputMode="numeric"
        {...bounds}
        step={1}
        required
        value={line[name]}
        onChange={(e) => onChange({ ...line, [name]: e.target.value })}
        className={INPUT}
        {...(invalid.field === `lines.${index}.${name}` ? { 'aria-invalid': true, 'aria-describedby': invalid.describedBy } : {})}
      />
    </label>
  );
  const quantity = numberOf(line.quantity);
  const price = numberOf(line.price_unit);
  const subtotal = Number.isInteger(quantity) && Number.isInteger(price) ? quantity * price : null;
  return (
    <li className="space-y-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <p className="font-semibold">{line.name}</p>
      <div className="grid grid-cols-2 gap-2">
        {field('quantity', 'Quantité', { min: 1, max: householdCap })}
        {field('price_unit', 'Prix unitaire (F CFA)', { min: 0 })}
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm">
          Sous-total : <strong>{subtotal === null ? '—' : formatFCFA(subtotal)}</strong>
        </p>
        <button type="button" onClick={onRemove} className={DANGER}>
          Retirer<span className="sr-only"> {line.name} du pack</span>
        </button>
      </div>
    </li>
  );
}
