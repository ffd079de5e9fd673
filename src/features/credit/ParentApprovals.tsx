import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ScheduleList } from '../../components/ui/OrderLines.tsx';
import { orderSumView } from '../../components/ui/order-lines-view.ts';
import { approvalStanding, parentRefusalSchema } from '../../domain/credit-approval.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import type { ParentMember, ParentOrder } from '../../domain/parent-account.schema.ts';
import { dueText, instalmentLabel, standingLabels } from '../../domain/schedule.ts';
import { FormMessage } from '../account/form-kit.tsx';
import { $parentView, approveCreditOrder, loadParentView, refuseCreditOrder } from './credit.store.ts';
import { RetryButton } from '../../components/ui/RetryButton.tsx';
import { Panel } from '../../components/ui/Panel.tsx';

const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60';
const STANDING_TONE = { paid: 'text-emerald-700', due: 'text-slate-700', overdue: 'font-semibold text-red-800' } as const;

/** One credit order awaiting the parent account: who, what, the schedule, and « Valider » or « Refuser » (with a reason). */
function PendingOrder({ order }: { order: ParentOrder }) {
  const [busy, setBusy] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const sum = orderSumView({
    amount_total: order.amount_total,
    credit: order.credit,
    tranches: order.tranches.map((t) => ({ ...t, percent: null })),
  });

  async function run(action: () => Promise<ParentOrder>, said: (o: ParentOrder) => string) {
    setBusy(true);
    setError(undefined);
    try {
      setDone(said(await action()));
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  function onRefuse(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = parentRefusalSchema.safeParse({ reason: new FormData(e.currentTarget).get('reason') ?? '' });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    void run(
      () => refuseCreditOrder(order.id, parsed.data.reason),
      (o) => `Commande ${o.reference} refusée : le membre est prévenu.`,
    );
  }

  const shopApproved = order.credit ? approvalStanding(order.credit) === 'waiting_parent' : false;
  return (
    <li className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby={`order-${order.id}`}>
      <div className="space-y-1">
        <h3 id={`order-${order.id}`} className="text-lg font-bold text-brand-900">
          {order.member.name ?? 'Membre'} · <span className="font-mono">{order.reference}</span>
        </h3>
        <p className="text-sm text-slate-600">Commandée le {formatDateTime(order.date_order)}</p>
        <p className="text-sm">{order.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</p>
        <p className="flex justify-between font-semibold">
          <span>Total à crédit{order.months ? ` sur ${order.months} mois` : ''}</span>
          <span>{formatFCFA(order.amount_total)}</span>
        </p>
        <p className="text-sm text-slate-700">{shopApproved ? 'Déjà validée par la boutique.' : 'En attente de la boutique aussi.'}</p>
      </div>
      <ScheduleList sum={sum} />
      {done ? (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 font-medium text-emerald-800">
          {done}
        </p>
      ) : (
        <>
          <FormMessage text={error} kind="error" />
          {!refusing && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => approveCreditOrder(order.id),
                    (o) =>
                      o.state === 'confirmed'
                        ? `Commande ${o.reference} validée : elle est confirmée, le membre est prévenu.`
                        : `Commande ${o.reference} validée : elle attend encore la boutique. Le membre est prévenu.`,
                  )
                }
                className={`${BUTTON} flex-1 bg-brand-700 text-white hover:bg-brand-800`}
              >
                {busy ? 'Envoi…' : 'Valider'}
                <span className="sr-only"> la commande {order.reference}</span>
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => setRefusing(true)}
                className={`${BUTTON} flex-1 border border-red-300 text-red-700 hover:bg-red-50`}
              >
                Refuser
                <span className="sr-only"> la commande {order.reference}</span>
              </button>
            </div>
          )}
          {refusing && (
            <form
              onSubmit={onRefuse}
              noValidate
              className="space-y-2 rounded-md bg-red-50 p-3"
              aria-label={`Refuser la commande ${order.reference}`}
            >
              <label htmlFor={`reason-${order.id}`} className="block font-medium text-red-900">
                Raison du refus (transmise au membre)
              </label>
              <textarea
                id={`reason-${order.id}`}
                name="reason"
                rows={2}
                maxLength={300}
                required
                className="w-full rounded-md border border-slate-300 bg-white p-2"
              />
              <div className="flex gap-2">
                <button type="submit" disabled={busy} className={`${BUTTON} flex-1 bg-red-700 text-white hover:bg-red-800`}>
                  Confirmer le refus
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setRefusing(false);
                    setError(undefined);
                  }}
                  className={`${BUTTON} flex-1 border border-slate-300 bg-white`}
                >
                  Annuler
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </li>
  );
}

/** A member's running schedules: each instalment, its amount, due date and standing (paid, due, overdue). */
function MemberSchedules({ member }: { member: ParentMember }) {
  return (
    <li className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="font-bold">{member.name}</h3>
      {member.orders.length === 0 && <p className="text-sm text-slate-600">Aucune commande à crédit en cours.</p>}
      {member.orders.map((o) => (
        <div key={o.id} className="space-y-1">
          <p className="text-sm font-medium">
            <span className="font-mono">{o.reference}</span> · {formatFCFA(o.amount_total)}
            {o.months ? ` en ${o.months} mensualités` : ''}
            {o.state === 'sale' ? ' · en attente de validation' : ''}
          </p>
          <dl aria-label={`Échéancier de ${o.reference}`} className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
            {o.tranches.map((t) => (
              <div key={t.number} className="flex items-center justify-between gap-2">
                <dt>
                  {instalmentLabel({ number: t.number, percent: null }, o.months)}
                  <span className="block text-xs text-slate-600">{dueText({ percent: null, due_on: t.due_on })}</span>
                </dt>
                <dd className="flex shrink-0 flex-col items-end">
                  <strong className="whitespace-nowrap">{formatFCFA(t.amount)}</strong>
                  <span className={`text-xs ${STANDING_TONE[t.standing]}`}>{standingLabels[t.standing]}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </li>
  );
}

/** §6 `/compte-parent`: the parent account's members' credit orders awaiting its approval (approve, or refuse with a reason), and its members' schedules. */
export default function ParentApprovals() {
  const view = useStore($parentView);
  useEffect(() => {
    void loadParentView();
  }, []);

  if (view.status === 'loading')
    return (
      <p role="status" className="text-slate-600">
        Chargement des commandes de vos membres…
      </p>
    );
  if (view.status === 'error')
    return (
      <div className="space-y-3">
        <FormMessage text={view.message} kind="error" />
        <RetryButton onRetry={() => void loadParentView()} />
      </div>
    );
  return (
    <div className="space-y-8">
      <Panel id="a-valider" title="Commandes à valider" className="space-y-3" heading="text-xl font-bold">
        {view.pending.length === 0 ? (
          <p className="text-slate-600">Aucune commande à crédit n’attend votre validation.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {view.pending.map((o) => (
              <PendingOrder key={o.id} order={o} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel id="echeanciers" title="Échéanciers de mes membres" className="space-y-3" heading="text-xl font-bold">
        {view.members.length === 0 ? (
          <p className="text-slate-600">Aucun membre n’est rattaché à votre compte.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {view.members.map((m) => (
              <MemberSchedules key={m.id} member={m} />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
