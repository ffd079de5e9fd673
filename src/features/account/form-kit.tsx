/** Shared pieces of the account forms: a labelled field with its error beside it, a submit button, zod errors by field. */
import { useEffect, useState, type ReactNode } from 'react';
import { waitText } from '../../domain/account-text.ts';
import type * as z from '../../domain/zod.ts';

/** First message of each field of a failed zod parse. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of error.issues) out[String(path[0] ?? 'form')] ??= message;
  return out;
}

/** The form's values as strings. */
export const formValues = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));

interface FieldProps {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  hint?: string;
  error?: string | undefined;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  /** Controlled: the value shown, and what a keystroke reports (left to the form when absent). */
  value?: string;
  onValue?: (value: string) => void;
}

/** A labelled input with its hint and its error announced beside it. */
export function Field({ name, label, type = 'text', autoComplete, defaultValue, hint, error, inputMode, value, onValue }: FieldProps) {
  const id = `f-${name}`;
  const describedBy = [hint && `${id}-hint`, error && `${id}-err`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        {...(onValue ? { value: value ?? '', onChange: (e) => onValue(e.currentTarget.value) } : { defaultValue })}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 aria-invalid:border-red-600"
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A phone number's field: the phone keyboard and the browser's phone suggestion. */
export const PhoneField = (props: FieldProps) => <Field type="tel" inputMode="tel" autoComplete="tel" {...props} />;

/** An e-mail address's field: the e-mail keyboard and the browser's address suggestion. */
export const EmailField = (props: FieldProps) => <Field type="email" inputMode="email" autoComplete="email" {...props} />;

/** Seconds left before a refused action may be tried again (from the server's `Retry-After`), ticking down; `start(seconds)` sets it. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const [until, setUntil] = useState(0);
  useEffect(() => {
    if (until === 0) return setLeft(0);
    const tick = () => {
      const rest = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [until]);
  return [left, (seconds) => setUntil(seconds > 0 ? Date.now() + seconds * 1000 : 0)];
}

/** What a waiting button adds to its label: '(42 s)', or '(23 heures)' for a long wait. */
export const waitLabel = (seconds: number) => (seconds > 0 ? ` (${seconds < 120 ? `${seconds} s` : waitText(seconds)})` : '');

/** The primary button of a form; `wait` seconds (a countdown) keep it disabled and show in its label. */
export function Submit({ busy, children, wait = 0 }: { busy: boolean; children: ReactNode; wait?: number }) {
  return (
    <button
      type="submit"
      disabled={busy || wait > 0}
      className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
    >
      {children}
      {waitLabel(wait)}
    </button>
  );
}

/** A message for the whole form (error or success), announced to screen readers. */
export function FormMessage({ text, kind }: { text: string | undefined; kind: 'error' | 'success' }) {
  if (!text) return null;
  const error = kind === 'error';
  return (
    <p
      role={error ? 'alert' : 'status'}
      className={`rounded-md px-3 py-2 font-medium ${error ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
    >
      {text}
    </p>
  );
}
