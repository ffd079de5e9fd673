import { paymentModeLabels, paymentModes, type PaymentMode } from '../../domain/orders.ts';
import { offeredProvider, providerLabels, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { ProviderChoice } from './ProviderChoice.tsx';

type Choice =
  | {
      value: PaymentMode | null;
      onChange: (mode: PaymentMode) => void;
      provider: PaymentProviderChoice;
      onProvider: (p: PaymentProviderChoice) => void;
    }
  | { defaultValue: PaymentMode; defaultProvider?: PaymentProviderChoice };

/**
 * §2 payment choice: 'A domicile' (domicile) or 'En ligne' (online), as large radios a thumb can hit; 'En ligne' checked,
 * the providers the shop offers under it (shown by CSS, so it works before React), and no 'En ligne' when it offers none.
 * Controlled (`value`, `onChange`, `provider`, `onProvider`), or left to the form (`defaultValue`, `defaultProvider`,
 * read from its data) when the server draws it before React.
 */
export function PaymentChoice({
  error,
  providers,
  ...choice
}: Choice & { error?: string | undefined; providers: readonly PaymentProviderChoice[] }) {
  const modes = providers.length > 0 ? paymentModes : paymentModes.filter((mode) => mode !== 'online');
  return (
    <fieldset aria-describedby={error ? 'payment-err' : undefined} className="group/pay space-y-2">
      <legend className="mb-1 font-medium text-slate-800">Mode de paiement</legend>
      {modes.map((mode) => (
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
          <span className="text-sm text-slate-600">
            {mode === 'domicile' ? '· à la livraison' : `· ${providers.map((p) => providerLabels[p]).join(', ')}`}
          </span>
        </label>
      ))}
      <div className="hidden group-has-[input[value=online]:checked]/pay:block">
        {'onChange' in choice ? (
          <ProviderChoice providers={providers} value={choice.provider} onChange={choice.onProvider} />
        ) : (
          <ProviderChoice providers={providers} defaultValue={offeredProvider(choice.defaultProvider, providers) ?? 'wave'} />
        )}
      </div>
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
