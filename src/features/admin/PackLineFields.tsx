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
  const aria = (name: string) =>
    invalid.field === `lines.${index}.${name}` ? { 'aria-invalid': true, 'aria-describedby': invalid.describedBy } : {};
  const quantity = numberOf(line.quantity);
  const price = numberOf(line.price_unit);
  const subtotal = Number.isInteger(quantity) && Number.isInteger(price) ? quantity * price : null;
  return (
    <li className="space-y-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <p className="font-semibold">{line.name}</p>
      <div className="grid grid-cols-2 gap-2">
        <label className="text-sm font-medium">
          Quantité<span className="sr-only"> de {line.name}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={householdCap}
            step={1}
            required
            value={line.quantity}
            onChange={(e) => onChange({ ...line, quantity: e.target.value })}
            className={INPUT}
            {...aria('quantity')}
          />
        </label>
        <label className="text-sm font-medium">
          Prix unitaire (F CFA)<span className="sr-only"> de {line.name}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            value={line.price_unit}
            onChange={(e) => onChange({ ...line, price_unit: e.target.value })}
            className={INPUT}
            {...aria('price_unit')}
          />
        </label>
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
