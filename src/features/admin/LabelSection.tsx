import { useState, type FormEvent } from 'react';
import { HIDDEN_CATEGORIES } from '../../domain/categories.ts';
import type { AdminLabel, LabelKind } from '../../domain/labels.ts';
import { Alert } from './AdminNotReady.tsx';
import { INPUT, PRIMARY } from './admin-ui.ts';
import { LabelRow } from './LabelRow.tsx';
import { createLabel } from './labels.store.ts';
import { useWrite } from './admin-write.ts';

const TEXT = {
  category: { title: 'Catégories', field: 'Nouvelle catégorie', empty: 'Aucune catégorie.' },
  tag: { title: 'Étiquettes', field: 'Nouvelle étiquette', empty: 'Aucune étiquette.' },
} as const;

/** One list (categories or tags) with its creation form; categories carry the §5 hint about the names shoppers never see. */
export function LabelSection({ kind, labels }: { kind: LabelKind; labels: AdminLabel[] }) {
  const [name, setName] = useState('');
  const { busy, error, run } = useWrite();
  const text = TEXT[kind];

  async function create(e: FormEvent) {
    e.preventDefault();
    if (await run(() => createLabel(kind, name.trim()))) setName('');
  }

  return (
    <section aria-labelledby={`labels-${kind}`} className="space-y-3">
      <h2 id={`labels-${kind}`} className="text-xl font-bold text-brand-900">
        {text.title} <span className="text-base font-normal text-slate-600">({labels.length})</span>
      </h2>
      {kind === 'category' && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Les catégories nommées {HIDDEN_CATEGORIES.slice(0, -1).join(', ')} ou {HIDDEN_CATEGORIES.at(-1)} ne sont jamais montrées aux
          clients : réservez ces noms aux produits internes (livraison, services…).
        </p>
      )}
      <form onSubmit={create} className="flex items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-medium">
          {text.field}
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} className={INPUT} />
        </label>
        <button type="submit" disabled={busy || !name.trim()} className={PRIMARY}>
          Ajouter<span className="sr-only"> {text.field.toLowerCase()}</span>
        </button>
      </form>
      <Alert message={error} />
      {labels.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <ul className="space-y-2">
          {[...labels]
            .sort((a, b) => a.name.localeCompare(b.name, 'fr'))
            .map((l) => (
              <LabelRow key={`${l.id}:${l.name}`} kind={kind} label={l} />
            ))}
        </ul>
      )}
    </section>
  );
}
