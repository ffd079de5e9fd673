import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { errorMessage, requestReset } from './account.store.ts';
import { Field, fieldErrors, FormMessage, formValues, Submit } from './form-kit.tsx';

const schema = z.object({ username: z.string().trim().min(1, 'Indiquez votre e-mail ou votre téléphone.').max(200) });

/** Asks for a reset code by e-mail (an address) or SMS (a phone number), then goes to the new-password form. */
export default function ForgotPasswordForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = schema.safeParse(formValues(e.currentTarget));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await requestReset(parsed.data.username);
      location.assign(`/new-password?u=${encodeURIComponent(parsed.data.username)}&sent=1`);
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Envoi impossible. Réessayez dans un instant.') });
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormMessage text={errors.form} kind="error" />
      <Field name="username" label="E-mail ou téléphone" autoComplete="username" hint="Un e-mail reçoit le code par e-mail ; un numéro le reçoit par SMS." error={errors.username} />
      <Submit busy={busy}>Recevoir un code</Submit>
      <p className="text-sm"><a href="/login" className="font-medium text-brand-700 underline">Retour à la connexion</a></p>
    </form>
  );
}
