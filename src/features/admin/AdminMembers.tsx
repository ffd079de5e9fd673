import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isCreditMember } from '../../domain/credit.ts';
import { $members, loadMembers, updateMember, type Member as Client } from './admin.store.ts';
import { NotReady } from './AdminNotReady.tsx';

const ADHESION: Record<string, string> = { accepted: 'Adhésion acceptée', refused: 'Adhésion refusée', pending: 'Adhésion en attente' };
const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-semibold disabled:opacity-50';

function Member({ m, all }: { m: Client; all: Client[] }) {
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
  const parent = all.find((x) => x.id === m.parent_id);
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
        Société : {m.company ?? '—'} · Compte parent : {parent ? parent.name : 'aucun'}
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
            {all
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

/** Clients and members: accept or refuse an adhesion (as the membership queue decides it, the member told) and set the parent account (what opens credit orders, §6). */
export default function AdminMembers() {
  const view = useStore($members);
  const [search, setSearch] = useState('');
  useEffect(() => {
    void loadMembers();
  }, []);
  if (view.status !== 'ready') return <NotReady view={view} loading="Chargement des clients…" />;
  const needle = search.trim().toLowerCase();
  const shown = view.data.filter(
    (m) => !needle || [m.name, m.email ?? '', m.partner_phone ?? ''].some((f) => f.toLowerCase().includes(needle)),
  );
  return (
    <div className="space-y-3">
      <label className="block max-w-md font-medium">
        Rechercher un client
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
        />
      </label>
      <p role="status" className="text-sm text-slate-700">
        {shown.length} compte{shown.length > 1 ? 's' : ''}
      </p>
      <ul className="grid gap-2 md:grid-cols-2">
        {shown.map((m) => (
          <Member key={m.id} m={m} all={view.data} />
        ))}
      </ul>
    </div>
  );
}
