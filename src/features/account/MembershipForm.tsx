import { useEffect, useState, type FormEvent } from 'react';
import { FilePicker } from '../../components/ui/FilePicker.tsx';
import { DOCUMENT_KINDS, DOCUMENT_LABELS, type DocumentKind, documentProblem, INCOME_BRACKETS } from '../../domain/membership-text.ts';
import type { Membership } from '../../domain/membership.ts';
import { Field, FormMessage, formValues, Submit } from './form-kit.tsx';
import type { Organisation } from './membership.store.ts';

const store = () => import('./membership.store.ts');
const ACCEPT = 'image/*,application/pdf';
const SELECT = 'block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 aria-invalid:border-red-600';

function Choice({ name, label, error, children }: { name: string; label: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={`f-${name}`} className="block font-medium text-slate-800">
        {label}
      </label>
      <select
        id={`f-${name}`}
        name={name}
        defaultValue=""
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `f-${name}-err` : undefined}
        className={SELECT}
      >
        {children}
      </select>
      {error && (
        <p id={`f-${name}-err`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The membership request form (§6): employer, income bracket, parent account, and the two documents as phone photos or PDFs. */
export function MembershipForm({ onSent }: { onSent: (request: Membership) => void }) {
  const [orgs, setOrgs] = useState<Organisation[] | null>(null);
  const [files, setFiles] = useState<Partial<Record<DocumentKind, File>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    void store()
      .then((s) => s.loadOrganisations())
      .then(setOrgs, () => setErrors({ form: 'Impossible de charger les comptes parents. Vérifiez votre connexion puis réessayez.' }));
  }, []);

  // A field's error goes once the customer changes it.
  const forget = (name: string) =>
    setErrors((was) => {
      const { [name]: _, ...rest } = was;
      return rest;
    });
  const choose = (kind: DocumentKind, f: File) => {
    setFiles((was) => ({ ...was, [kind]: f }));
    forget(kind);
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fields = formValues(e.currentTarget);
    const s = await store().catch(() => null);
    if (!s) return setErrors({ form: 'Connexion impossible. Vérifiez votre connexion et réessayez.' });
    const found = s.fieldProblems(fields);
    for (const kind of DOCUMENT_KINDS) {
      const f = files[kind];
      const problem = documentProblem(kind, f ? { size: f.size, bytes: new Uint8Array(await f.slice(0, 16).arrayBuffer()) } : null);
      if (problem) found[kind] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    for (const kind of DOCUMENT_KINDS) form.set(kind, files[kind]!, files[kind]!.name);
    setProgress(0);
    const answer = await s.sendMembership(form, setProgress);
    setProgress(null);
    if ('sent' in answer) return onSent(answer.sent);
    setErrors({ [answer.field && answer.field in { ...fields, identity: 1, income: 1 } ? answer.field : 'form']: answer.message });
  }

  const busy = progress !== null;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onChange={(e) => forget((e.target as { name?: string }).name ?? '')}
      className="max-w-md space-y-4"
      aria-labelledby="adhesion-form"
    >
      <h3 id="adhesion-form" className="font-semibold">
        Demande d’adhésion au crédit
      </h3>
      <FormMessage text={errors.form} kind="error" />
      <Field name="employer" label="Employeur ou organisation" autoComplete="organization" error={errors.employer} />
      <Choice name="income_bracket" label="Revenu mensuel" error={errors.income_bracket}>
        <option value="">Choisissez une tranche</option>
        {INCOME_BRACKETS.map((b) => (
          <option key={b.key} value={b.key}>
            {b.label}
          </option>
        ))}
      </Choice>
      <Choice name="parent_id" label="Compte parent (employeur, mutuelle ou association)" error={errors.parent_id}>
        <option value="">{orgs ? 'Choisissez un compte parent' : 'Chargement…'}</option>
        {orgs?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.organisation}
          </option>
        ))}
      </Choice>
      {DOCUMENT_KINDS.map((kind) => (
        <fieldset key={kind} className="space-y-1">
          <legend className="font-medium text-slate-800">{DOCUMENT_LABELS[kind]}</legend>
          <div className="flex flex-wrap gap-2">
            <FilePicker
              id={`doc-${kind}`}
              label="Choisir un fichier"
              accept={ACCEPT}
              disabled={busy}
              describedBy={errors[kind] ? `doc-${kind}-hint doc-${kind}-err` : `doc-${kind}-hint`}
              onFile={(f) => choose(kind, f)}
            />
            <FilePicker
              id={`cam-${kind}`}
              label="Prendre une photo"
              accept="image/*"
              capture="environment"
              disabled={busy}
              describedBy={`doc-${kind}-hint`}
              onFile={(f) => choose(kind, f)}
            />
          </div>
          <p className="text-sm break-all text-slate-800">{files[kind]?.name ?? 'Aucun fichier choisi'}</p>
          <p id={`doc-${kind}-hint`} className="text-sm text-slate-600">
            Photo ou PDF, 8 Mo au plus.
          </p>
          {errors[kind] && (
            <p id={`doc-${kind}-err`} className="text-sm font-medium text-red-700">
              {errors[kind]}
            </p>
          )}
        </fieldset>
      ))}
      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <progress max={1} value={progress} aria-label="Envoi de la demande" className="w-40" />
          Envoi… {Math.round(progress * 100)} %
        </p>
      )}
      <Submit busy={busy}>Envoyer ma demande</Submit>
    </form>
  );
}
