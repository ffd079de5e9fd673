import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CrmRecordView, SearchStats } from '../../domain/admin.schema.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import { $abandoned, $crm, $searches, loadAbandoned, loadCrm, loadSearches, type CrmType } from './followup.store.ts';
import { listed, PageNav } from './PageNav.tsx';
import { NotReady } from './AdminNotReady.tsx';
import { Panel } from './AdminPanel.tsx';
import { PANEL } from './admin-ui.ts';

const TYPES: Record<CrmType, string> = { commande: 'Panier', precommande: 'Pré-commande', acredit: 'Crédit' };
const typeFromUrl = (): CrmType | undefined => {
  const t = new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('type');
  return t === 'commande' || t === 'precommande' || t === 'acredit' ? t : undefined;
};

function Record({ r }: { r: CrmRecordView }) {
  const contact = [r.name, r.phone && `+${r.phone}`, r.email].filter(Boolean).join(' · ') || 'Visiteur anonyme';
  return (
    <li className="space-y-1 border-b border-slate-200 py-3 last:border-0">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">{contact}</span>
        <span className="font-bold text-brand-900">{formatFCFA(r.total)}</span>
      </p>
      <p className="text-sm text-slate-600">
        {TYPES[r.type]} · {formatDateTime(r.updated_at)}
        {r.localisation ? ` · ${r.localisation}` : ''}
        {r.user ? ' · compte client' : ''}
      </p>
      <p className="text-sm">{r.produits.map((p) => `${p.quantité} × ${p.nom}`).join(', ')}</p>
    </li>
  );
}

/** One column of the week's searches: each term with its count, or `empty`. */
function Terms({ title, terms, empty, ordered = false }: { title: string; terms: SearchStats['top']; empty: string; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {terms.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <List className={ordered ? 'list-decimal pl-5' : 'list-disc pl-5'}>
          {terms.map((s) => (
            <li key={s.terme}>
              {s.terme} <span className="text-slate-600">({s.count})</span>
            </li>
          ))}
        </List>
      )}
    </div>
  );
}

/** "Suivi clients": carts left without an order, what shoppers search (and do not find), and every CRM record (§1, §7). */
export default function CustomerFollowUp() {
  const crm = useStore($crm);
  const abandoned = useStore($abandoned);
  const searches = useStore($searches);
  const [type, setType] = useState<CrmType | undefined>(typeFromUrl);
  const [page, setPage] = useState(1);

  useEffect(() => {
    void loadAbandoned();
    void loadSearches();
  }, []);
  useEffect(() => void loadCrm({ type, page }), [type, page]);

  function pick(next: CrmType | undefined) {
    history.replaceState(null, '', next ? `/admin/crm?type=${next}` : '/admin/crm');
    setType(next);
    setPage(1);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel id="abandon" title="Paniers abandonnés" className={PANEL} heading="mb-1 text-lg font-bold">
        <p className="mb-2 text-sm text-slate-600">
          Inchangés depuis plus de 24 h (et depuis moins de 30 jours), sans commande depuis : à relancer quand le contact est connu.
        </p>
        <NotReady view={abandoned} className="text-red-800" />
        {abandoned.status === 'ready' &&
          (abandoned.data.length === 0 ? (
            <p>Aucun panier abandonné.</p>
          ) : (
            <ul>
              {abandoned.data.map((r) => (
                <Record key={r.id} r={r} />
              ))}
            </ul>
          ))}
      </Panel>
      <Panel id="recherches" title="Recherches de la semaine" className={PANEL} heading="mb-2 text-lg font-bold">
        <NotReady view={searches} className="text-red-800" />
        {searches.status === 'ready' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Terms title="Les plus cherchés" terms={searches.data.top} empty="Aucune recherche." ordered />
            <Terms title="Sans résultat" terms={searches.data.none} empty="Toutes trouvent un produit." />
          </div>
        )}
      </Panel>
      <Panel id="releves" title="Paniers suivis" className={`${PANEL} lg:col-span-2`} heading="mb-2 text-lg font-bold">
        <label className="mb-2 block max-w-xs text-sm font-medium">
          Type de panier
          <select
            value={type ?? ''}
            onChange={(e) => pick((e.target.value || undefined) as CrmType | undefined)}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
          >
            <option value="">Tous</option>
            {(Object.keys(TYPES) as CrmType[]).map((t) => (
              <option key={t} value={t}>
                {TYPES[t]}
              </option>
            ))}
          </select>
        </label>
        <NotReady view={crm} className="text-red-800" />
        {crm.status === 'ready' && (
          <>
            <p role="status" className="text-sm text-slate-700">
              {listed(crm.data, 'panier suivi', 'paniers suivis')}
            </p>
            <ul>
              {crm.data.records.map((r) => (
                <Record key={r.id} r={r} />
              ))}
            </ul>
            <PageNav page={page} limit={20} total={crm.data.total} capped={crm.data.capped} go={setPage} label="Pages des paniers suivis" />
          </>
        )}
      </Panel>
    </div>
  );
}
