import { useState, type FormEvent } from 'react';
import type { ContactField } from '../../domain/account-text.ts';
import { Field, FormMessage, Submit, useCountdown, waitLabel } from './form-kit.tsx';
import { accountFormModules, MODULES_UNREACHABLE } from './form-modules.ts';

const WORDS = {
  email: {
    where: 'à la nouvelle adresse',
    sent: 'par e-mail à',
    replaces: 'cette adresse remplace l’ancienne',
    done: 'Nouvelle adresse e-mail confirmée.',
  },
  partner_phone: {
    where: 'au nouveau numéro',
    sent: 'par SMS au',
    replaces: 'ce numéro remplace l’ancien',
    done: 'Nouveau numéro confirmé.',
  },
} as const;

/** A new e-mail or phone waiting for its code (§7 profile updates): the code field, 'Confirmer', and 'Renvoyer le code' with the server's wait. */
export default function PendingContactForm({
  field,
  value,
  onDone,
}: {
  field: ContactField;
  value: string;
  onDone: (message: string) => void;
}) {
  const words = WORDS[field];
  const name = `code_${field}`;
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice(undefined);
    const typed = String(new FormData(e.currentTarget).get(name) ?? '').trim();
    const modules = await accountFormModules();
    if (!modules) return setError(MODULES_UNREACHABLE);
    const [{ otpCodeSchema }, { confirmContact, errorMessage }] = modules;
    const code = otpCodeSchema.safeParse(typed);
    if (!code.success) return setError(code.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      await confirmContact(field, code.data);
      onDone(words.done);
    } catch (err) {
      setError(errorMessage(err, 'Confirmation impossible. Réessayez.'));
      setBusy(false);
    }
  }

  async function onResend() {
    setError(undefined);
    const modules = await accountFormModules();
    if (!modules) return setError(MODULES_UNREACHABLE);
    const [, { errorMessage, retryAfter, updateProfile }] = modules;
    try {
      await updateProfile({ [field]: value });
      setNotice('Un nouveau code a été envoyé');
      startWait(60);
    } catch (err) {
      setError(errorMessage(err, "Échec de l'envoi du code. Veuillez réessayer."));
      startWait(retryAfter(err));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} method="post" className="max-w-md space-y-3 rounded-md border border-brand-100 bg-brand-50 p-4">
      <p className="text-slate-800">
        Un code a été envoyé {words.sent} <strong>{value}</strong>. Saisissez-le pour que {words.replaces}.
      </p>
      <FormMessage text={notice} kind="success" />
      <Field name={name} label={`Code reçu ${words.where} (4 chiffres)`} inputMode="numeric" autoComplete="one-time-code" error={error} />
      <Submit busy={busy}>Confirmer</Submit>
      <button
        type="button"
        onClick={() => void onResend()}
        disabled={wait > 0}
        className="min-h-11 text-sm font-medium text-brand-700 underline disabled:text-slate-600 disabled:no-underline"
      >
        Renvoyer le code{waitLabel(wait)}
      </button>
    </form>
  );
}
