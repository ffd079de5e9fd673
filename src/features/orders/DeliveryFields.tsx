/** The delivery address and phone of a logged-in pack order (§2 pack cart, §5 messages), drawn from what the page passed until the store leads. */
import type { PackDelivery } from './pack.store.ts';

const INPUT = 'block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 aria-invalid:border-red-600';

interface Props {
  value: PackDelivery;
  errors: Partial<Record<keyof PackDelivery, string>>;
  onChange: (change: Partial<PackDelivery>) => void;
}

/** Two labelled fields, each with its §5 message beside it. */
export function DeliveryFields({ value, errors, onChange }: Props) {
  const field = (name: keyof PackDelivery, label: string, extra: { type: string; autoComplete: string; inputMode?: 'tel' }) => {
    const id = `pack-${name}`;
    const error = errors[name];
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="block font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          name={name}
          {...extra}
          value={value[name]}
          onChange={(e) => onChange({ [name]: e.currentTarget.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          className={INPUT}
        />
        {error && (
          <p id={`${id}-err`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Livraison</legend>
      {field('adresse', 'Adresse de livraison', { type: 'text', autoComplete: 'street-address' })}
      {field('telephone', 'Téléphone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
    </fieldset>
  );
}
