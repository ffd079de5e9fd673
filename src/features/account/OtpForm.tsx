import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '../../domain/account-text.ts';
import { toast } from '../frame/toast.store.ts';
import { useMounted } from '../catalogue/use-mounted-store.ts';
import { FormMessage, Submit, useCountdown, waitLabel } from './form-kit.tsx';
import { accountFormModules, MODULES_UNREACHABLE } from './form-modules.ts';
import { EMPTY_BOXES, enterDigits, pickUpBoxes } from './otp-boxes.ts';

const RESEND_FAILED = "Échec de l'envoi du code. Veuillez réessayer.";
// The server sends one code a minute to a contact: the button waits as long after a code went out.
const RESEND_GAP_SECONDS = 60;

/** Focuses box `i`, kept within the four boxes. */
function focusBox(boxes: ReadonlyArray<HTMLInputElement | null>, i: number) {
  boxes[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();
}

/**
 * §2 OTP screen for `email` (read from the address by the page): four one-digit boxes, 'Vérifier le code OTP', 'Renvoyer'
 * and 'Se connecter'. The boxes work before the island is live: what was typed or pasted into them is picked up, one
 * digit a box, when it comes alive; the validator and the account store load on the first verify or resend.
 */
export default function OtpForm({ email }: { email: string }) {
  const [digits, setDigits] = useState<readonly string[]>(EMPTY_BOXES);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();
  const live = useMounted();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const focus = (i: number) => focusBox(boxes.current, i);

  // Digits typed before hydration stay in the boxes: take them into the island's state.
  useEffect(() => {
    const typed = pickUpBoxes(boxes.current.map((el) => el?.value ?? ''));
    if (!typed) return;
    setDigits(typed.boxes);
    if (boxes.current.some((el) => el === document.activeElement)) focusBox(boxes.current, typed.next);
  }, []);

  function onInput(i: number, value: string) {
    const next = enterDigits(digits, i, value);
    setDigits(next.boxes);
    if (next.boxes[i]) focus(next.next);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      setDigits((cur) => cur.map((x, j) => (j === i - 1 ? '' : x)));
      focus(i - 1);
    }
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    const pasted = e.clipboardData.getData('text');
    if (!/\d/.test(pasted)) return;
    e.preventDefault();
    const next = enterDigits(EMPTY_BOXES, 0, pasted);
    setDigits(next.boxes);
    focus(next.next);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setStatus(undefined);
    const code = digits.join('');
    if (code.length < OTP_LENGTH) return setError('Veuillez entrer les 4 chiffres du code OTP');
    setError(undefined);
    setBusy(true);
    const modules = await accountFormModules();
    if (!modules) {
      setBusy(false);
      return setError(MODULES_UNREACHABLE);
    }
    const [{ otpFailureMessage }, { verifyOtp }] = modules;
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
    if (wait > 0) return;
    setDigits(EMPTY_BOXES);
    setError(undefined);
    focus(0);
    const modules = await accountFormModules();
    if (!modules) return setStatus(MODULES_UNREACHABLE);
    const [, { errorMessage, resendOtp, retryAfter }] = modules;
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
    <form noValidate onSubmit={onSubmit} method="post" className="space-y-5">
      <p className="text-slate-700">
        Saisissez le code à 4 chiffres envoyé par e-mail à <strong>{email}</strong> et par SMS.
      </p>
      <fieldset>
        <legend className="mb-2 font-medium text-slate-800">Code de vérification</legend>
        <div className="flex gap-3">
          {digits.map((d, i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions (digit 1 to 4), the index is what identifies a box.
              key={i}
              ref={(el) => {
                boxes.current[i] = el;
              }}
              value={d}
              onChange={(e) => onInput(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={onPaste}
              // Until live, a box takes a whole code (typed or pasted) so nothing is cut off before it is spread.
              inputMode="numeric"
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              maxLength={live ? 2 : undefined}
              aria-label={`Chiffre ${i + 1} sur ${OTP_LENGTH}`}
              aria-invalid={error ? true : undefined}
              className="size-14 rounded-md border border-slate-300 bg-white text-center text-2xl font-semibold aria-invalid:border-red-600"
            />
          ))}
        </div>
      </fieldset>
      <FormMessage text={error} kind="error" />
      {status && (
        <p role="status" className="font-medium text-slate-700">
          {status}
        </p>
      )}
      <Submit busy={busy}>Vérifier le code OTP</Submit>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={onResend}
          disabled={wait > 0}
          className="min-h-11 font-medium text-brand-700 underline disabled:text-slate-600 disabled:no-underline"
        >
          Renvoyer{waitLabel(wait)}
        </button>
        <a href={`/login?mail=${encodeURIComponent(email)}`} className="font-medium text-brand-700 underline">
          Se connecter
        </a>
      </div>
    </form>
  );
}
