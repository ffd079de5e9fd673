import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../domain/dates.ts';
import { DOCUMENT_LABELS, incomeBracketLabel, MEMBERSHIP_STATE_LABELS, MEMBERSHIP_STATES } from '../../domain/membership-text.ts';
import type { AdminMembership } from '../../domain/membership.ts';
import { Alert, NotReady } from './AdminNotReady.tsx';
import { $adhesions, acceptAdhesion, ADHESIONS_PER_PAGE, loadAdhesions, openDocument, refuseAdhesion } from './admin-adhesions.store.ts';
import { ALERT, CARD, DANGER, INPUT, PRIMARY, SECONDARY } from './admin-ui.ts';
import { PageNav } from './PageNav.tsx';
import { useWrite } from './admin-write.ts';

function Decision({ r, organisations }: { r: AdminMembership; organisations: Array<{ id: number; organisation: string }> }) {
  const [parent, setParent] = useState(String(r.parent?.id ?? ''));
  const [reason, setReason] = useState('');
  const { busy, error, run } = useWrite();
  const who = r.applicant.name;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-2">
        <label className="block text-sm font-medium">
          Compte parent<span className="sr-only"> de {who}</span>
          <select value={parent} onChange={(e) => setParent(e.target.value)} className={INPUT}>
            <option value="">Choisir…</option>
            {organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.organisation}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={busy || !parent}
          onClick={() => void run(() => acceptAdhesion(r.id, Number(parent), who))}
          className={PRIMARY}
        >
          Accepter<span className="sr-only"> la demande de {who}</span>
        </button>
      </div>
      <div className="space-y-2">
        <label className="block text-sm font-medium">
          Motif du refus<span className="sr-only"> pour {who}</span>
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} className={INPUT} />
        </label>
        <button type="button" disabled={busy} onClick={() => void run(() => refuseAdhesion(r.id, reason, who))} className={DANGER}>
          Refuser<span className="sr-only"> la demande de {who}</span>
        </button>
      </div>
      <Alert message={error} className={`${ALERT} sm:col-span-2`} />
    </div>
  );
}

function Item({ r, organisations }: { r: AdminMembership; organisations: Array<{ id: number; organisation: string }> }) {
  const [docError, setDocError] = useState<string | null>(null);
  return (
    <li className={`${CARD} space-y-3`} aria-label={`Demande de ${r.applicant.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">{r.applicant.name}</p>
        <p className="text-sm text-slate-600">
          {MEMBERSHIP_STATE_LABELS[r.state]} le {formatDate(r.decided_at ?? r.created_at)}
        </p>
      </div>
      <p className="text-sm break-all text-slate-700">
        {r.applicant.email ?? '—'}
        {r.applicant.partner_phone ? ` · +${r.applicant.partner_phone}` : ''}
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Employeur</dt>
          <dd className="font-medium">{r.employer}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Revenu mensuel</dt>
          <dd className="font-medium">{incomeBracketLabel(r.income_bracket)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Compte parent demandé</dt>
          <dd className="font-medium">{r.parent?.organisation ?? 'aucun'}</dd>
        </div>
      </dl>
      {r.reason && <p className="text-sm text-red-800">Motif : {r.reason}</p>}
      <div className="flex flex-wrap gap-2">
        {r.documents.map((d) => (
          <button
            key={d.id}
            type="button"
            className={SECONDARY}
            onClick={() => {
              const tab = window.open('', '_blank');
              void openDocument(d.id, tab).then(setDocError);
            }}
          >
            {DOCUMENT_LABELS[d.kind]} ({d.mime === 'application/pdf' ? 'PDF' : 'photo'})
            <span className="sr-only"> de {r.applicant.name}</span>
          </button>
        ))}
      </div>
      <Alert message={docError} />
      {r.state === 'sent' && <Decision r={r} organisations={organisations} />}
    </li>
  );
}

/** Membership requests (§6 credit members): the queue, oldest first, with each applicant, their documents, accept (attaching a parent account) or refuse (with a reason). */
export default function AdminAdhesions() {
  const view = useStore($adhesions);
  useEffect(() => void loadAdhesions(), []);
  const state = view.status === 'ready' ? view.data.state : 'sent';
  return (
    <div className="space-y-3">
      <label className="block max-w-xs font-medium">
        Demandes
        <select value={state} onChange={(e) => void loadAdhesions(e.target.value as typeof state)} className={INPUT}>
          {MEMBERSHIP_STATES.map((s) => (
            <option key={s} value={s}>
              {MEMBERSHIP_STATE_LABELS[s]}s
            </option>
          ))}
        </select>
      </label>
      {view.status !== 'ready' ? (
        <NotReady view={view} loading="Chargement des demandes…" />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {view.data.total} demande{view.data.total > 1 ? 's' : ''}, les plus anciennes d’abord
          </p>
          <ul className="grid gap-3 lg:grid-cols-2">
            {view.data.requests.map((r) => (
              <Item key={r.id} r={r} organisations={view.data.organisations} />
            ))}
          </ul>
          <PageNav
            page={view.data.page}
            limit={ADHESIONS_PER_PAGE}
            total={view.data.total}
            go={(p) => void loadAdhesions(state, p)}
            label="Pages des demandes"
          />
        </>
      )}
    </div>
  );
}
