import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH, otpFailureMessage } from '../../domain/account.ts';
import { toast } from '../frame/toast.store.ts';
import { errorMessage, resendOtp, retryAfter, verifyOtp } from './account.store.ts';
import { useCountdown, waitLabel } from './form-kit.tsx';

const EMPTY = Array<string>(OTP_LENGTH).fill('');
const MISSING = 'Information utilisateur manquante. Veuillez vous inscrire à nouveau.';
const RESEND_FAILED = 'Échec de l\'envoi du code. Veuillez réessayer.';
// The server sends one code a minute to a contact: the button waits as long after a code went out.
const RESEND_GAP_SECONDS = 60;

/** §2 OTP screen: four one-digit boxes, 'Vérifier le code OTP', 'Renvoyer' and 'Se connecter'. */
export default function OtpForm() {
  const [email, setEmail] = useState<string | null>(null);
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  useEffect(() => {
    const e = new URLSearchParams(location.search).get('email');
    if (!e) {
      toast(MISSING, { kind: 'error' });
      // The toast region may not survive the navigation: the sign-up screen repeats the message.
      location.replace('/signup?info=manquante');
      return;
    }
    setEmail(e);
  }, []);

  const focus = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();
  const setAt = (i: number, d: string) => setDigits((cur) => cur.map((x, j) => (j === i ? d : x)));

  function onInput(i: number, value: string) {
    const d = value.replace(/\D/g, '').slice(-1);
    if (!d) return setAt(i, '');
    setAt(i, d);
    focus(i + 1);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      setAt(i - 1, '');
      focus(i - 1);
    }
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!pasted) return;
    e.preventDefault();
    setDigits(EMPTY.map((_, j) => pasted[j] ?? ''));
    focus(pasted.length);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setStatus(undefined);
    const code = digits.join('');
    if (code.length < OTP_LENGTH) return setError('Veuillez entrer les 4 chiffres du code OTP');
    if (!email) return;
    setError(undefined);
    setBusy(true);
    try {
      await verifyOtp(email, code);
      toast('Vérification code réussie !', { kind: 'success' });
      location.assign(`/login?mail=${encodeURIComponent(email)}&verified=1`);
    } catch (err) {
      setError(otpFailureMessage(err));
      setBusy(false);
    }
  }

  async function onResend() {
    if (!email || wait > 0) return;
    setDigits(EMPTY);
    setError(undefined);
    focus(0);
    try {
      await resendOtp(email);
      toast('Un nouveau code a été envoyé', { kind: 'info', duration: 3000 });
      setStatus('Un nouveau code a été envoyé');
      startWait(RESEND_GAP_SECONDS);
    } catch (err) {
      // The server's own sentence (how long to wait, the day's cap) rather than a bare failure.
      const message = errorMessage(err, RESEND_FAILED);
      toast(message, { kind: 'error', duration: 3000 });
      setStatus(message);
      startWait(retryAfter(err));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-slate-700">
        Saisissez le code à 4 chiffres envoyé par e-mail{email ? <> à <strong>{email}</strong></> : null} et par SMS.
      </p>
      <fieldset>
        <legend className="mb-2 font-medium text-slate-800">Code de vérification</legend>
        <div className="flex gap-3">
          {digits.map((d, i) => (
            <input
              key={i} ref={(el) => { boxes.current[i] = el; }} value={d}
              onChange={(e) => onInput(i, e.target.value)} onKeyDown={(e) => onKeyDown(i, e)} onPaste={onPaste}
              inputMode="numeric" autoComplete={i === 0 ? 'one-time-code' : 'off'} maxLength={2}
              aria-label={`Chiffre ${i + 1} sur ${OTP_LENGTH}`} aria-invalid={error ? true : undefined}
              className="size-14 rounded-md border border-slate-300 bg-white text-center text-2xl font-semibold aria-invalid:border-red-600"
            />
          ))}
        </div>
      </fieldset>
      {error && <p role="alert" className="font-medium text-red-700">{error}</p>}
      {status && <p role="status" className="font-medium text-slate-700">{status}</p>}
      <button type="submit" disabled={busy} className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
        Vérifier le code OTP
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" onClick={onResend} disabled={wait > 0} className="min-h-11 font-medium text-brand-700 underline disabled:text-slate-600 disabled:no-underline">
          Renvoyer{waitLabel(wait)}
        </button>
        <a href={email ? `/login?mail=${encodeURIComponent(email)}` : '/login'} className="font-medium text-brand-700 underline">Se connecter</a>
      </div>
    </form>
  );
}
