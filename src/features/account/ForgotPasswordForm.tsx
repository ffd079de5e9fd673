import { useState, type FormEvent } from 'react';
import { Field, fieldErrors, FormMessage, formValues, Submit, useCountdown } from './form-kit.tsx';
import { accountFormModules, MODULES_UNREACHABLE } from './form-modules.ts';

/** Asks for a reset code by e-mail (an address) or SMS (a phone number), then goes to the new-password form; a refusal shows the server's wait. */
export default function ForgotPasswordForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    // The schema and the API client load on the first submit: the screen's first view stays as light as a listing.
    const modules = await accountFormModules();
    if (!modules) return setErrors({ form: MODULES_UNREACHABLE });
    const [{ forgotPasswordFormSchema }, { errorMessage, requestReset, retryAfter }] = modules;
    const parsed = forgotPasswordFormSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const who = parsed.data.username;
      await requestReset(who);
      location.assign(`/new-password?u=${encodeURIComponent(who.value)}&sent=${who.kind}`);
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Envoi impossible. Réessayez dans un instant.') });
      startWait(retryAfter(err));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} method="post" className="space-y-4">
      <FormMessage text={errors.form} kind="error" />
      <Field
        name="username"
        label="E-mail ou téléphone"
        autoComplete="username"
        hint="Un e-mail reçoit le code par e-mail ; un numéro de téléphone le reçoit par SMS."
        error={errors.username}
      />
      <Submit busy={busy} wait={wait}>
        Recevoir un code
      </Submit>
      <p className="text-sm">
        <a href="/login" className="font-medium text-brand-700 underline">
          Retour à la connexion
        </a>
      </p>
    </form>
  );
}
