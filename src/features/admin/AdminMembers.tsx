import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isCreditMember } from '../../domain/credit.ts';
import { $members, $parents, loadMembers, loadParents, updateMember, type Member as Client } from './admin.store.ts';
import { NotReady } from './AdminNotReady.tsx';
import { listed, PageNav } from './PageNav.tsx';
import { BUTTON } from './admin-ui.ts';

const ADHESION: Record<string, string> = { accepted: 'Adhésion acceptée', refused: 'Adhésion refusée', pending: 'Adhésion en attente' };

function Member({ m, parents }: { m: Client; parents: Client[] }) {
  const [busy, setBusy] = useState(false);
  // Refusing asks for the reason the member will read (the shop's default one when left empty).
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const run = async (body: Parameters<typeof updateMember>[1]) => {
    setBusy(true);
    const done = await updateMember(m.id, body);
    setBusy(false);
    if (done) setRefusing(false);
  };
  const parent = parents.find((x) => x.id === m.parent_id);
  return (
    <li className="space-y-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">{m.name}</p>
        <p className={`text-sm font-medium ${isCreditMember(m) ? 'text-emerald-700' : 'text-slate-600'}`}>
          {m.adhesion ? (ADHESION[m.adhesion] ?? m.adhesion) : 'Pas d’adhésion'}
        </p>
      </div>
      <p className="text-sm break-all text-slate-700">
        {m.email ?? '—'}
        {m.partner_phone ? ` · +${m.partner_phone}` : ''}
        {m.is_verified ? '' : ' · non vérifié'}
      </p>
      <p className="text-sm text-slate-700">
        Société : {m.company ?? '—'} · Compte parent : {parent ? parent.name : m.parent_id ? `compte n° ${m.parent_id}` : 'aucun'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {m.adhesion !== 'accepted' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run({ adhesion: 'accepted' })}
            className={`${BUTTON} bg-emerald-700 text-white`}
          >
            Accepter l’adhésion<span className="sr-only"> de {m.name}</span>
          </button>
        )}
        {m.adhesion !== 'refused' && !refusing && (
          <button
            type="button"
            disabled={busy}
            onClick={() => setRefusing(true)}
            className={`${BUTTON} border border-red-300 text-red-700`}
          >
            Refuser<span className="sr-only"> l’adhésion de {m.name}</span>
          </button>
        )}
        <label className="text-sm font-medium">
          Compte parent<span className="sr-only"> de {m.name}</span>
          <select
            disabled={busy}
            value={m.parent_id ?? ''}
            onChange={(e) => void run({ parent_id: e.target.value ? Number(e.target.value) : null })}
            className="block min-h-11 rounded-md border border-slate-300 bg-white px-2"
          >
            <option value="">Aucun</option>
            {m.parent_id && !parent && <option value={m.parent_id}>Compte n° {m.parent_id}</option>}
            {parents
              .filter((x) => x.id !== m.id)
              .map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
          </select>
        </label>
      </div>
      {refusing && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="grow text-sm font-medium">
            Motif du refus<span className="sr-only"> de {m.name}</span> (lu par le client)
            <input
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
            />
          </label>
          <button
            type="button"
            disabled={busy}
            onClick={() => void run({ adhesion: 'refused', ...(reason.trim() ? { reason: reason.trim() } : {}) })}
            className={`${BUTTON} bg-red-700 text-white`}
          >
            Confirmer le refus<span className="sr-only"> de {m.name}</span>
          </button>
          <button type="button" disabled={busy} onClick={() => setRefusing(false)} className={`${BUTTON} border border-slate-300`}>
            Annuler<span className="sr-only"> le refus de {m.name}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/** Clients and members: accept or refuse an adhesion (as the membership queue decides it, the member told) and set the parent account (what opens credit orders, §6); searched and paged by the server (§7). */
export default function AdminMembers() {
  const view = useStore($members);
  const parents = useStore($parents);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => void loadParents(), []);
  useEffect(() => {
    // Searched as the admin types, once the typing pauses.
    const timer = setTimeout(() => void loadMembers({ q: search.trim(), page }), search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search, page]);
  return (
    <div className="space-y-3">
      <label className="block max-w-md font-medium">
        Rechercher un client
        <input
          type="search"
          value={search}
          placeholder="Nom, téléphone ou e-mail"
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
        />
      </label>
      {view.status !== 'ready' ? (
        <NotReady view={view} loading="Chargement des clients…" />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {listed(view.data, 'compte', 'comptes')}
          </p>
          <ul className="grid gap-2 md:grid-cols-2">
            {view.data.users.map((m) => (
              <Member key={m.id} m={m} parents={parents} />
            ))}
          </ul>
          <PageNav page={page} limit={20} total={view.data.total} capped={view.data.capped} go={setPage} label="Pages des clients" />
        </>
      )}
    </div>
  );
}
