import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { Modal } from '../../components/ui/Modal.tsx';
import { EmailField, Field, FormMessage, formValues, PhoneField, Submit } from '../account/form-kit.tsx';
import { $booking, closeBooking, PACK_TEXT, submitBooking } from './pack.store.ts';

/** §2 "Guest booking modal": Prénom, Nom, Email, Téléphone, Adresse with §5's messages beside them; one tap, one order. */
export function BookingDialog() {
  const { open, busy, errors, failed } = useStore($booking);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void submitBooking(formValues(e.currentTarget));
  }

  return (
    <Modal open={open} locked={busy} onClose={closeBooking} title="Vos informations pour la réservation">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-600">Sans compte : nous vous appelons pour confirmer la livraison.</p>
        {failed && (
          <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
            <p className="font-semibold">{PACK_TEXT.notValidated}</p>
            {errors.form && <p>{errors.form}</p>}
          </div>
        )}
        {!failed && <FormMessage text={errors.form} kind="error" />}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="prenom" label="Prénom" autoComplete="given-name" error={errors.prenom} />
          <Field name="nom" label="Nom" autoComplete="family-name" error={errors.nom} />
        </div>
        <EmailField name="email" label="Email" error={errors.email} />
        <PhoneField name="telephone" label="Téléphone" hint="Par exemple 77 123 45 67." error={errors.telephone} />
        <Field
          name="adresse"
          label="Adresse"
          autoComplete="street-address"
          hint="Quartier, rue, repère : le livreur vous appelle avant de passer."
          error={errors.adresse}
        />
        <Submit busy={busy}>{busy ? 'Envoi en cours...' : 'Valider ma réservation'}</Submit>
      </form>
    </Modal>
  );
}
