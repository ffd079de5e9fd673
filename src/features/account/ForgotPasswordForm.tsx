import type { FormEvent } from 'react';
import { Field, FormMessage, Submit } from './form-kit.tsx';
import { useAccountForm } from './use-account-form.ts';

/** Asks for a reset code by e-mail (an address) or SMS (a phone number), then goes to the new-password form; a refusal shows the server's wait. */
export default function ForgotPasswordForm() {
  const { errors, busy, wait, submit } = useAccountForm();

  const onSubmit = (e: FormEvent<HTMLFormElement>) =>
    submit(
      e,
      (m) => m.forgotPasswordFormSchema,
      async ({ username: who }, { requestReset }) => {
        await requestReset(who);
        location.assign(`/new-password?u=${encodeURIComponent(who.value)}&sent=${who.kind}`);
      },
      'Envoi impossible. Réessayez dans un instant.',
    );

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
