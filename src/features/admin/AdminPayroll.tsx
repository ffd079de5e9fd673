import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import { dakarDay } from '../../domain/schedule.ts';
import { $parents, $payroll, downloadPayroll, loadParents, loadPayroll, recordPayroll } from './admin-payroll.store.ts';
import { ALERT, CARD, INPUT, PRIMARY, SECONDARY } from './admin-ui.ts';
import { NotReady } from './AdminNotReady.tsx';
import { Panel } from './AdminPanel.tsx';

/**
 * « Prélèvements » (§6 payroll deduction): a parent account and a month; the instalments its members owe that month, the
 * CSV to send it (Excel), and their recording as paid by payroll in one step, after a confirmation.
 */
export default function AdminPayroll() {
  const parents = useStore($parents);
  const payroll = useStore($payroll);
  const [parentId, setParentId] = useState<number | null>(null);
  const [mois, setMois] = useState(() => dakarDay(new Date()).slice(0, 7));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => void loadParents(), []);
  useEffect(() => {
    setAsking(false);
    if (parentId !== null && /^\d{4}-\d{2}$/.test(mois)) void loadPayroll(parentId, mois);
  }, [parentId, mois]);

  const list = payroll.status === 'ready' ? payroll.data : null;
  return (
    <div className="max-w-3xl space-y-4">
      <p className="text-slate-700">
        Chaque mois, le compte parent (employeur, mutuelle, association) prélève sur la paie de ses membres les échéances qui tombent ce
        mois-là. Envoyez-lui la liste, puis enregistrez les prélèvements reçus en une fois.
      </p>
      <NotReady view={parents} loading="Chargement des comptes parents…" />
      {parents.status === 'ready' && (
        <div className={`${CARD} grid gap-3 sm:grid-cols-2`}>
          <label className="space-y-1">
            <span className="block text-sm font-medium">Compte parent</span>
            <select
              className={INPUT}
              value={parentId ?? ''}
              onChange={(e) => setParentId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            >
              <option value="">Choisir…</option>
              {parents.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.organisation} ({p.name})
                </option>
              ))}
            </select>
          </label>
          <label className="space-y-1">
            <span className="block text-sm font-medium">Mois</span>
            <input type="month" className={INPUT} value={mois} onChange={(e) => setMois(e.currentTarget.value)} />
          </label>
        </div>
      )}
      {parentId !== null && payroll.status !== 'idle' && (
        <Panel id="prelevements-mois" title="Échéances du mois" className="space-y-3" heading="text-lg font-bold text-brand-900">
          <NotReady view={payroll} loading="Chargement des échéances…" className={ALERT} />
          {list && (
            <>
              {list.lines.length === 0 ? (
                <p className="text-slate-700">Aucune échéance ce mois-ci pour ce compte parent.</p>
              ) : (
                <ul className="space-y-2">
                  {list.lines.map((l) => (
                    <li key={`${l.reference}-${l.label}`} className={`${CARD} flex flex-wrap items-center justify-between gap-2`}>
                      <div className="min-w-0">
                        <p className="font-semibold">{l.member}</p>
                        <p className="text-sm text-slate-600">
                          {l.reference} · {l.label} · le {formatDate(`${l.due_on}T12:00:00Z`)}
                        </p>
                      </div>
                      <p className="text-right">
                        <strong className="block">{formatFCFA(l.amount)}</strong>
                        <span className={`text-sm ${l.state === 'paid' ? 'text-emerald-700' : 'text-amber-800'}`}>
                          {l.state === 'paid' ? 'Payée' : 'À prélever'}
                        </span>
                      </p>
                    </li>
                  ))}
                </ul>
              )}
              <p className="font-semibold" data-testid="payroll-total">
                À prélever : {list.due.count} échéance{list.due.count > 1 ? 's' : ''}, {formatFCFA(list.due.amount)}
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={SECONDARY} onClick={() => void downloadPayroll(list.parent_id, list.mois)}>
                  Télécharger le fichier CSV
                </button>
                {list.due.count > 0 && !asking && (
                  <button type="button" className={PRIMARY} onClick={() => setAsking(true)}>
                    Enregistrer les prélèvements du mois
                  </button>
                )}
              </div>
              {asking && (
                <fieldset aria-labelledby="confirm-payroll" className={`${CARD} min-w-0 space-y-3`}>
                  <p id="confirm-payroll" className="font-semibold">
                    Enregistrer {list.due.count} échéance{list.due.count > 1 ? 's' : ''} ({formatFCFA(list.due.amount)}) comme payée
                    {list.due.count > 1 ? 's' : ''} par prélèvement sur salaire ?
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      disabled={busy}
                      aria-busy={busy}
                      className={PRIMARY}
                      onClick={async () => {
                        setBusy(true);
                        await recordPayroll(list.parent_id, list.mois);
                        setBusy(false);
                        setAsking(false);
                      }}
                    >
                      Oui, enregistrer
                    </button>
                    <button type="button" className={SECONDARY} onClick={() => setAsking(false)}>
                      Non, annuler
                    </button>
                  </div>
                </fieldset>
              )}
            </>
          )}
        </Panel>
      )}
    </div>
  );
}
