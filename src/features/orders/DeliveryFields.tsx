/** The delivery address and phone of a logged-in pack order (§2 pack cart, §5 messages), drawn from what the page passed until the store leads. */
import { Field, PhoneField } from '../account/form-kit.tsx';
import type { PackDelivery } from './pack.store.ts';

interface Props {
  value: PackDelivery;
  errors: Partial<Record<keyof PackDelivery, string>>;
  onChange: (change: Partial<PackDelivery>) => void;
}

/** Two labelled fields, each with its §5 message beside it. */
export function DeliveryFields({ value, errors, onChange }: Props) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Livraison</legend>
      <Field
        name="adresse"
        label="Adresse de livraison"
        autoComplete="street-address"
        value={value.adresse}
        onValue={(adresse) => onChange({ adresse })}
        error={errors.adresse}
      />
      <PhoneField
        name="telephone"
        label="Téléphone"
        value={value.telephone}
        onValue={(telephone) => onChange({ telephone })}
        error={errors.telephone}
      />
    </fieldset>
  );
}
