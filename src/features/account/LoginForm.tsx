import { useEffect, type FormEvent } from 'react';
import type { LoginQuery } from '../../domain/account-text.ts';
import { toast } from '../frame/toast.store.ts';
import { Field, FormMessage, Submit } from './form-kit.tsx';
import { logout } from './session.store.ts';
import { useAccountForm } from './use-account-form.ts';

/** The login form (§2 `/login`): e-mail or phone and password, with what the address said (loginQuery) drawn by the server. */
export default function LoginForm({ mail, redirect, notice, logout: leaving }: LoginQuery) {
  const { errors, setErrors, busy, wait, submit } = useAccountForm();

  useEffect(() => {
    if (leaving) void logout((p) => location.replace(p));
  }, [leaving]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) =>
    submit(
      e,
      (m) => m.loginFormSchema,
      async ({ username, password }, { login, resendOtp }) => {
        const result = await login(username, password);
        if (result.status === 'ok') return location.assign(redirect);
        if (!result.email) return setErrors({ form: 'Compte non vérifié. Contactez le service client.' });
        await resendOtp(result.email).catch(() => {});
        toast('Compte non vérifié : saisissez le code reçu par e-mail ou SMS.', { kind: 'warning' });
        location.assign(`/verification-code?email=${encodeURIComponent(result.email)}`);
      },
      'Connexion impossible. Vérifiez votre connexion et réessayez.',
      true,
    );

  const signupHref = redirect === '/' ? '/signup' : `/signup?redirect=${encodeURIComponent(redirect)}`;
  return (
    <form noValidate onSubmit={onSubmit} method="post" className="space-y-4">
      <FormMessage text={notice} kind="success" />
      <FormMessage text={errors.form} kind="error" />
      <Field key={mail} name="username" label="E-mail ou téléphone" autoComplete="username" defaultValue={mail} error={errors.username} />
      <Field name="password" label="Mot de passe" type="password" autoComplete="current-password" error={errors.password} />
      <Submit busy={busy} wait={wait}>
        Se connecter
      </Submit>
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <a href="/forgot-password" className="font-medium text-brand-700 underline">
          Mot de passe oublié ?
        </a>
        <a href={signupHref} className="font-medium text-brand-700 underline">
          Créer un compte
        </a>
      </p>
    </form>
  );
}
