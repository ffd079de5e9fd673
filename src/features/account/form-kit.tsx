/** Shared pieces of the account forms: a labelled field with its error beside it, a submit button, zod errors by field. */
import type { ReactNode } from 'react';
import type { z } from 'zod';

/** First message of each field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
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
}

/** A labelled input with its hint and its error announced beside it. */
export function Field({ name, label, type = 'text', autoComplete, defaultValue, hint, error, inputMode }: FieldProps) {
  const id = `f-${name}`;
  const describedBy = [hint && `${id}-hint`, error && `${id}-err`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-slate-800">{label}</label>
      <input
        id={id} name={name} type={type} autoComplete={autoComplete} defaultValue={defaultValue} inputMode={inputMode}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy}
        className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 aria-invalid:border-red-600"
      />
      {hint && <p id={`${id}-hint`} className="text-sm text-slate-600">{hint}</p>}
      {error && <p id={`${id}-err`} className="text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}

/** The primary button of a form. */
export function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
      {children}
    </button>
  );
}

/** A message for the whole form (error or success), announced to screen readers. */
export function FormMessage({ text, kind }: { text: string | undefined; kind: 'error' | 'success' }) {
  if (!text) return null;
  return kind === 'error'
    ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">{text}</p>
    : <p role="status" className="rounded-md bg-green-50 px-3 py-2 font-medium text-green-800">{text}</p>;
}
