import { useState, type FormEvent } from 'react';
import type { SynonymInput } from '../../domain/search-words.ts';
import { Alert } from './AdminNotReady.tsx';
import { ALERT, INPUT, PRIMARY, SECONDARY } from './admin-ui.ts';
import { useWrite } from './admin-write.ts';

/** The two fields of a synonym and its button; the server's refusal shown under them. `onSave` resolves with that refusal, or null. */
export function SynonymForm({
  initial,
  submit,
  onSave,
  onCancel,
}: {
  initial: SynonymInput;
  submit: string;
  onSave: (body: SynonymInput) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const [mot, setMot] = useState(initial.mot);
  const [equivalent, setEquivalent] = useState(initial.equivalent);
  const { busy, error, run } = useWrite();

  async function save(e: FormEvent) {
    e.preventDefault();
    if ((await run(() => onSave({ mot: mot.trim(), equivalent: equivalent.trim() }))) && !onCancel) {
      setMot('');
      setEquivalent('');
    }
  }

  return (
    <form onSubmit={save} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <label className="text-sm font-medium">
        Mot des clients
        <input value={mot} onChange={(e) => setMot(e.target.value)} required maxLength={40} className={INPUT} />
      </label>
      <label className="text-sm font-medium">
        Mot du catalogue
        <input value={equivalent} onChange={(e) => setEquivalent(e.target.value)} required maxLength={60} className={INPUT} />
      </label>
      <div className="flex gap-2">
        <button type="submit" disabled={busy || !mot.trim() || !equivalent.trim()} className={PRIMARY}>
          {submit}
        </button>
        {onCancel && (
          <button type="button" disabled={busy} onClick={onCancel} className={SECONDARY}>
            Annuler
          </button>
        )}
      </div>
      <Alert message={error} className={`${ALERT} sm:col-span-3`} />
    </form>
  );
}
