import { paymentModeLabels, paymentModes, type PaymentMode } from '../../domain/orders.ts';

type Choice = { value: PaymentMode | null; onChange: (mode: PaymentMode) => void } | { defaultValue: PaymentMode };

/**
 * §2 payment choice: 'A domicile' (domicile) or 'En ligne' (online), as large radios a thumb can hit. Controlled
 * (`value`, `onChange`), or left to the form (`defaultValue`, read from its data) when the server draws it before React.
 */
export function PaymentChoice({ error, ...choice }: Choice & { error?: string | undefined }) {
  return (
    <fieldset aria-describedby={error ? 'payment-err' : undefined} className="space-y-2">
      <legend className="mb-1 font-medium text-slate-800">Mode de paiement</legend>
      {paymentModes.map((mode) => (
        <label
          key={mode}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
        >
          <input
            type="radio"
            name="payment_mode"
            value={mode}
            {...('onChange' in choice
              ? { checked: choice.value === mode, onChange: () => choice.onChange(mode) }
              : { defaultChecked: choice.defaultValue === mode })}
            className="size-5 accent-brand-700"
          />
          <span className="font-medium">{paymentModeLabels[mode]}</span>
          <span className="text-sm text-slate-600">{mode === 'domicile' ? '· à la livraison' : '· Wave, Orange Money'}</span>
        </label>
      ))}
      {error && (
        <p id="payment-err" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The mode a shopper picked on the server-drawn radios before the island woke (so the pick is not lost); null on the server. */
export function pickedBeforeWaking(): PaymentMode | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector<HTMLInputElement>('input[name="payment_mode"]:checked')?.value;
  return paymentModes.find((mode) => mode === value) ?? null;
}
