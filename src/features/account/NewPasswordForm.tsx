import type { FormEvent } from 'react';
import { PASSWORD_RULE } from '../../domain/account-text.ts';
import { Field, FormMessage, Submit } from './form-kit.tsx';
import { useAccountForm } from './use-account-form.ts';

/**
 * The new-password form: account, code received, new password and confirmation. `username` and `sent` (how the code
 * went out) come from the address the code request leads to, read by the page.
 */
export default function NewPasswordForm({ username = '', sent = null }: { username?: string; sent?: string | null }) {
  const { errors, busy, submit } = useAccountForm();

  const onSubmit = (e: FormEvent<HTMLFormElement>) =>
    submit(
      e,
      (m) => m.newPasswordFormSchema,
      async ({ confirm: _c, ...body }, { setNewPassword }) => {
        await setNewPassword(body);
        location.assign(`/login?mail=${encodeURIComponent(body.username)}&reset=1`);
      },
      'Modification impossible. Réessayez.',
    );

  return (
    <form noValidate onSubmit={onSubmit} method="post" className="space-y-4">
      <FormMessage
        text={
          sent
            ? `Si un compte correspond, un code valable 10 minutes vient d’être envoyé${sent === 'phone' ? ' par SMS' : sent === 'email' ? ' par e-mail' : ''}.`
            : undefined
        }
        kind="success"
      />
      <FormMessage text={errors.form} kind="error" />
      <Field name="username" label="E-mail ou téléphone" autoComplete="username" defaultValue={username} error={errors.username} />
      <Field name="code" label="Code reçu (4 chiffres)" inputMode="numeric" autoComplete="one-time-code" error={errors.code} />
      <Field
        name="password"
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        error={errors.password}
      />
      <Field name="confirm" label="Confirmer le mot de passe" type="password" autoComplete="new-password" error={errors.confirm} />
      <Submit busy={busy}>Changer le mot de passe</Submit>
      <p className="text-sm">
        <a href="/forgot-password" className="font-medium text-brand-700 underline">
          Recevoir un nouveau code
        </a>
      </p>
    </form>
  );
}
