import { useEffect, useState, type FormEvent } from 'react';
import type { LoginQuery } from '../../domain/account-text.ts';
import { toast } from '../frame/toast.store.ts';
import { Field, fieldErrors, FormMessage, formValues, Submit, useCountdown } from './form-kit.tsx';
import { logout } from './session.store.ts';
import { accountFormModules, MODULES_UNREACHABLE } from './form-modules.ts';

/** The login form (§2 `/login`): e-mail or phone and password, with what the address said (loginQuery) drawn by the server. */
export default function LoginForm({ mail, redirect, notice, logout: leaving }: LoginQuery) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();

  useEffect(() => {
    if (leaving) void logout((p) => location.replace(p));
  }, [leaving]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const modules = await accountFormModules();
    if (!modules) return setErrors({ form: MODULES_UNREACHABLE });
    const [{ loginFormSchema }, { errorMessage, retryAfter, login, resendOtp }] = modules;
    const parsed = loginFormSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const result = await login(parsed.data.username, parsed.data.password);
      if (result.status === 'ok') return location.assign(redirect);
      if (!result.email) return setErrors({ form: 'Compte non vérifié. Contactez le service client.' });
      await resendOtp(result.email).catch(() => {});
      toast('Compte non vérifié : saisissez le code reçu par e-mail ou SMS.', { kind: 'warning' });
      location.assign(`/verification-code?email=${encodeURIComponent(result.email)}`);
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Connexion impossible. Vérifiez votre connexion et réessayez.') });
      startWait(retryAfter(err));
    } finally {
      setBusy(false);
    }
  }

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
