import type { FormEvent } from 'react';
import { PASSWORD_RULE } from '../../domain/account-text.ts';
import { EmailField, Field, FormMessage, PhoneField, Submit } from './form-kit.tsx';
import { useAccountForm } from './use-account-form.ts';

const MISSING = 'Information utilisateur manquante. Veuillez vous inscrire à nouveau.';

/** The sign-up form: name, phone, e-mail, password with its rule, confirmation; then the code screen. `missingInfo`: sent back from a code screen without its address (§8). */
export default function SignupForm({ missingInfo = false }: { missingInfo?: boolean }) {
  const { errors, busy, wait, submit } = useAccountForm(missingInfo ? { form: MISSING } : {});

  const onSubmit = (e: FormEvent<HTMLFormElement>) =>
    submit(
      e,
      (m) => m.signupFormSchema,
      async ({ confirm: _confirm, ...body }, { signup }) => {
        const created = await signup(body);
        location.assign(`/verification-code?email=${encodeURIComponent(created.email)}`);
      },
      'Création du compte impossible. Réessayez.',
    );

  return (
    <form noValidate onSubmit={onSubmit} method="post" className="space-y-4">
      <FormMessage text={errors.form} kind="error" />
      <Field name="name" label="Nom complet" autoComplete="name" error={errors.name} />
      <PhoneField
        name="partner_phone"
        label="Téléphone"
        hint="Ex. 77 123 45 67 : vous recevrez un code par SMS."
        error={errors.partner_phone}
      />
      <EmailField name="email" label="Adresse e-mail" hint="Vous recevrez aussi le code par e-mail." error={errors.email} />
      <Field
        name="password"
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        error={errors.password}
      />
      <Field name="confirm" label="Confirmer le mot de passe" type="password" autoComplete="new-password" error={errors.confirm} />
      <Submit busy={busy} wait={wait}>
        Créer mon compte
      </Submit>
      <p className="text-sm">
        Déjà un compte ?{' '}
        <a href="/login" className="font-medium text-brand-700 underline">
          Se connecter
        </a>
      </p>
    </form>
  );
}
