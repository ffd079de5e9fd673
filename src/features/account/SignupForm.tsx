import { useState, type FormEvent } from 'react';
import { PASSWORD_RULE } from '../../domain/account-text.ts';
import { Field, fieldErrors, FormMessage, formValues, Submit, useCountdown } from './form-kit.tsx';
import { accountFormModules, MODULES_UNREACHABLE } from './form-modules.ts';

const MISSING = 'Information utilisateur manquante. Veuillez vous inscrire à nouveau.';

/** The sign-up form: name, phone, e-mail, password with its rule, confirmation; then the code screen. `missingInfo`: sent back from a code screen without its address (§8). */
export default function SignupForm({ missingInfo = false }: { missingInfo?: boolean }) {
  const [errors, setErrors] = useState<Record<string, string>>(missingInfo ? { form: MISSING } : {});
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const modules = await accountFormModules();
    if (!modules) return setErrors({ form: MODULES_UNREACHABLE });
    const [{ signupFormSchema }, { errorMessage, retryAfter, signup }] = modules;
    const parsed = signupFormSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const { confirm: _confirm, ...body } = parsed.data;
      const created = await signup(body);
      location.assign(`/verification-code?email=${encodeURIComponent(created.email)}`);
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Création du compte impossible. Réessayez.') });
      startWait(retryAfter(err));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} method="post" className="space-y-4">
      <FormMessage text={errors.form} kind="error" />
      <Field name="name" label="Nom complet" autoComplete="name" error={errors.name} />
      <Field
        name="partner_phone"
        label="Téléphone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Ex. 77 123 45 67 : vous recevrez un code par SMS."
        error={errors.partner_phone}
      />
      <Field
        name="email"
        label="Adresse e-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint="Vous recevrez aussi le code par e-mail."
        error={errors.email}
      />
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
