import { PROVIDER_LOOK } from '../../components/ui/provider-look.ts';
import { providerLabels, providerOf, type PaymentProviderChoice } from '../../domain/payment-providers.ts';

type Pick = { value: PaymentProviderChoice; onChange: (p: PaymentProviderChoice) => void } | { defaultValue: PaymentProviderChoice };

/**
 * §2 'En ligne': the providers the shop offers (`providers`, Wave first), as large cards side by side a thumb can hit on a
 * 360 px phone. Controlled (`value`, `onChange`), or left to the form (`defaultValue`, read from its data as
 * `payment_provider`). A shop with one provider names it, nothing to choose (the form still sends it); with none, nothing.
 */
export function ProviderChoice({
  legend = 'Payer en ligne avec',
  providers,
  ...pick
}: Pick & { legend?: string; providers: readonly PaymentProviderChoice[] }) {
  const only = providers.length === 1 ? providers[0] : undefined;
  if (only)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
        {legend} <span className={`rounded-md px-2 py-1 font-bold leading-tight ${PROVIDER_LOOK[only].mark}`}>{providerLabels[only]}</span>
        <input type="hidden" name="payment_provider" value={only} />
      </p>
    );
  if (providers.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {providers.map((p) => (
          <label
            key={p}
            className={`flex min-h-14 cursor-pointer items-center gap-2 rounded-lg border-2 border-slate-300 bg-white px-2 has-focus-visible:ring-2 has-focus-visible:ring-brand-700 ${PROVIDER_LOOK[p].card}`}
          >
            <input
              type="radio"
              name="payment_provider"
              value={p}
              {...('onChange' in pick
                ? { checked: pick.value === p, onChange: () => pick.onChange(p) }
                : { defaultChecked: pick.defaultValue === p })}
              className="size-5 shrink-0 accent-slate-900"
            />
            <span className={`rounded-md px-2 py-1 text-sm font-bold leading-tight ${PROVIDER_LOOK[p].mark}`}>{providerLabels[p]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The provider picked on the server-drawn cards before the island woke (so the pick is not lost), or the only one named; null on the server. */
export function providerPickedBeforeWaking(): PaymentProviderChoice | null {
  if (typeof document === 'undefined') return null;
  const picked = document.querySelector<HTMLInputElement>('input[name="payment_provider"]:is(:checked, [type="hidden"])');
  return providerOf(picked?.value);
}
