import { useState, type FormEvent } from 'react';
import { isHiddenCategory, type AdminLabel, type LabelKind } from '../../domain/labels.ts';
import { Alert } from './AdminNotReady.tsx';
import { CARD, DANGER, DANGER_SOLID, INPUT, PRIMARY, SECONDARY } from './admin-ui.ts';
import { deleteLabel, renameLabel } from './labels.store.ts';
import { useWrite } from './admin-write.ts';

const NOUN = { category: 'la catégorie', tag: 'l’étiquette' } as const;
const count = (n: number) => (n === 0 ? 'Aucun produit' : `${n} produit${n > 1 ? 's' : ''}`);

/** One category or tag: its product count, rename inline, delete after a confirmation; the server's refusal shown under it. */
export function LabelRow({ kind, label }: { kind: LabelKind; label: AdminLabel }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [name, setName] = useState(label.name);
  const { busy, error, setError, run: write } = useWrite();

  async function run(action: () => Promise<string | null>, back: boolean) {
    if ((await write(action)) || back) setMode('view');
  }
  function rename(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === label.name) return setMode('view');
    void run(() => renameLabel(kind, label.id, name.trim()), false);
  }
  const open = (next: typeof mode) => {
    setError(null);
    setName(label.name);
    setMode(next);
  };

  return (
    <li className={`${CARD} space-y-2`}>
      {mode === 'rename' ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <label className="w-full text-sm font-medium">
            Nouveau nom<span className="sr-only"> de {label.name}</span>
            {/* biome-ignore lint/a11y/noAutofocus: the admin just pressed « Renommer »: the field they asked for takes the focus, as the button they pressed is gone. */}
            <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoFocus className={INPUT} />
          </label>
          <button type="submit" disabled={busy} className={PRIMARY}>
            Enregistrer
          </button>
          <button type="button" disabled={busy} onClick={() => open('view')} className={SECONDARY}>
            Annuler
          </button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">{label.name}</p>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {count(label.products)}
              {kind === 'category' && isHiddenCategory(label.name) && (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Masquée aux clients</span>
              )}
            </p>
          </div>
          {mode === 'view' && (
            <div className="flex gap-2">
              <button type="button" onClick={() => open('rename')} className={SECONDARY}>
                Renommer<span className="sr-only"> {label.name}</span>
              </button>
              <button type="button" onClick={() => open('confirm')} className={DANGER}>
                Supprimer<span className="sr-only"> {label.name}</span>
              </button>
            </div>
          )}
        </div>
      )}
      {mode === 'confirm' && (
        <fieldset aria-label={`Supprimer ${label.name}`} className="flex min-w-0 flex-wrap items-center gap-2 rounded-md bg-red-50 p-3">
          <p className="flex-1 text-sm">
            Supprimer {NOUN[kind]} « {label.name} » ?
          </p>
          <button type="button" disabled={busy} onClick={() => void run(() => deleteLabel(kind, label.id), true)} className={DANGER_SOLID}>
            Oui, supprimer
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the admin just pressed « Supprimer », which is gone: the safe choice takes the focus, the one that destroys needs a move. */}
          <button type="button" disabled={busy} onClick={() => open('view')} autoFocus className={SECONDARY}>
            Annuler
          </button>
        </fieldset>
      )}
      <Alert message={error} />
    </li>
  );
}
