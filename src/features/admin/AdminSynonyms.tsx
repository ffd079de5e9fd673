import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { SynonymView } from '../../domain/search-words.ts';
import { CARD, DANGER, SECONDARY } from './admin-ui.ts';
import { SynonymForm } from './SynonymForm.tsx';
import { $synonyms, deleteSynonym, loadSynonyms, saveSynonym } from './synonyms.store.ts';
import { NotReady } from './AdminNotReady.tsx';
import { Panel } from './AdminPanel.tsx';
import { useWrite } from './admin-write.ts';

/** One synonym: shown, changed inline, or deleted. */
function SynonymRow({ synonym }: { synonym: SynonymView }) {
  const [editing, setEditing] = useState(false);
  const { busy, run } = useWrite();
  const name = `${synonym.mot} → ${synonym.equivalent}`;
  if (editing)
    return (
      <li className={CARD}>
        <SynonymForm
          initial={synonym}
          submit="Enregistrer"
          onSave={async (body) => {
            const refusal = await saveSynonym(synonym.id, body);
            if (!refusal) setEditing(false);
            return refusal;
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  return (
    <li className={`${CARD} flex flex-wrap items-center justify-between gap-2`}>
      <p className="min-w-0 font-semibold break-words">
        {synonym.mot} <span className="font-normal text-slate-600">→</span> {synonym.equivalent}
      </p>
      <div className="flex gap-2">
        <button type="button" onClick={() => setEditing(true)} className={SECONDARY}>
          Modifier<span className="sr-only"> {name}</span>
        </button>
        <button type="button" disabled={busy} onClick={() => void run(() => deleteSynonym(synonym.id))} className={DANGER}>
          Supprimer<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}

/** The words shoppers use (§9 search): a search for the shopper's word also finds the catalogue's; add, change, delete. */
export default function AdminSynonyms() {
  const view = useStore($synonyms);
  useEffect(() => void loadSynonyms(), []);
  return (
    <div className="max-w-3xl space-y-4">
      <p className="text-slate-700">
        Une recherche du mot des clients trouve aussi les produits qui portent le mot du catalogue (majuscules et accents ignorés) : « frigo
        » trouve les réfrigérateurs.
      </p>
      <Panel id="synonyme-nouveau" title="Nouveau synonyme" className={`${CARD} space-y-2`} heading="text-lg font-bold text-brand-900">
        <SynonymForm initial={{ mot: '', equivalent: '' }} submit="Ajouter" onSave={(body) => saveSynonym(null, body)} />
      </Panel>
      <Panel id="synonymes" title="Synonymes" className="space-y-2" heading="text-lg font-bold text-brand-900">
        <NotReady view={view} loading="Chargement des synonymes…" />
        {view.status === 'ready' &&
          (view.data.length === 0 ? (
            <p className="text-slate-700">Aucun synonyme.</p>
          ) : (
            <ul className="space-y-2">
              {view.data.map((s) => (
                <SynonymRow key={s.id} synonym={s} />
              ))}
            </ul>
          ))}
      </Panel>
    </div>
  );
}
