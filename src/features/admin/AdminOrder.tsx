import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { OrderLines } from '../../components/ui/OrderLines.tsx';
import { OrderTimeline } from '../../components/ui/OrderTimeline.tsx';
import { StateBadge } from '../../components/ui/StateBadge.tsx';
import { formatDateTime } from '../../domain/dates.ts';
import {
  cancelReasonLabels,
  nextStates,
  paymentModeLabels,
  paymentStatusLabels,
  stateLabels,
  type OrderState,
  type PaymentStatus,
} from '../../domain/orders.ts';
import { adminPaymentChoices, needsReason } from '../../domain/payments.ts';
import { creditPaymentText, shopApprovalNote } from '../../domain/credit-approval.ts';
import { adminVias, viaLabels } from '../../domain/instalment-payments.ts';
import { instalmentLabel } from '../../domain/schedule.ts';
import { SHOP, shopAddressLine } from '../../config/shop.ts';
import { $adminOrder, loadAdminOrder, moveAdminOrder, setAdminPayment, setAdminTranche } from './admin.store.ts';
import { AuditJournal, type JournalWords } from './AuditJournal.tsx';
import { OnlinePayments } from './OnlinePayments.tsx';
import { NotReady } from './AdminNotReady.tsx';
import { AskFirst, Panel } from './AdminPanel.tsx';
import { BIG_BUTTON as BUTTON, PANEL } from './admin-ui.ts';

const MOVE_LABELS: Record<OrderState, string> = {
  sale: 'Remettre reçue',
  confirmed: 'Confirmer',
  shipped: 'Marquer expédiée',
  delivered: 'Marquer livrée',
  cancel: 'Annuler la commande',
};
const ACTION = {
  state: 'État',
  payment: 'Paiement',
  tranche: 'Tranche',
  approval: 'Validation du crédit',
  create: 'Création',
  update: 'Modification',
} as Record<string, string>;

const VALUE_LABELS: Record<string, string> = {
  ...stateLabels,
  ...paymentStatusLabels,
  ...cancelReasonLabels,
  due: 'à payer',
  paid: 'payée',
};
const JOURNAL: JournalWords = {
  actions: ACTION,
  field: (f) => f.replace(/_/g, ' '),
  value: (_f, v) => (typeof v === 'string' ? (VALUE_LABELS[v] ?? v) : JSON.stringify(v)),
};

/** An order in the back office: contact, address, lines, timeline, payment; the allowed moves only; tranches; a printable slip; its audit log. */
export default function AdminOrder({ id }: { id: number }) {
  const view = useStore($adminOrder);
  const [busy, setBusy] = useState(false);
  const [payment, setPayment] = useState<PaymentStatus | ''>('');
  const [reason, setReason] = useState('');
  useEffect(() => void loadAdminOrder(id), [id]);

  async function run(action: () => Promise<boolean>) {
    setBusy(true);
    await action();
    setBusy(false);
    setPayment('');
    setReason('');
  }

  if (view.status !== 'ready') return <NotReady view={view} loading="Chargement de la commande…" />;
  const { order: o, audit, payments } = view.data;
  // A credit order the shop already approved waits for its parent account: « Confirmer » has nothing left to do.
  const waitsParent = o.state === 'sale' && !!o.credit?.shop_approved_at;
  const moves = nextStates(o.state).filter((s) => !(waitsParent && s === 'confirmed'));
  const approvalNote = o.credit && o.state !== 'cancel' ? shopApprovalNote(o.credit) : null;
  const choices = adminPaymentChoices(o.payment_status, o);
  const wantsReason = payment !== '' && needsReason(o.payment_status, payment);
  return (
    <div className="space-y-4">
      <div className="hidden print:block">
        <p className="text-2xl font-bold">{SHOP.name} · Bon de livraison</p>
        <p>
          {shopAddressLine} · {SHOP.phones[0]?.display}
        </p>
        <p className="mt-2 text-sm">Livraison gratuite sur Dakar. Signature du client à la réception :</p>
      </div>
      <header className="flex flex-wrap items-center gap-3">
        <p className="font-mono text-xl font-bold text-brand-900">{o.reference}</p>
        <StateBadge state={o.state} />
        <p className="text-sm text-slate-600">du {formatDateTime(o.date_order)}</p>
      </header>
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <Panel id="client" title="Client et livraison" className={PANEL} heading="mb-2 text-lg font-bold">
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
              <dt className="text-slate-600">Nom</dt>
              <dd className="font-medium">
                {o.name ?? '—'}
                {o.partner_id ? '' : ' (sans compte)'}
              </dd>
              <dt className="text-slate-600">Téléphone</dt>
              <dd>
                {o.telephone ? (
                  <a href={`tel:+${o.telephone}`} className="font-medium text-brand-700 underline">
                    +{o.telephone}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="text-slate-600">E-mail</dt>
              <dd className="break-all">{o.email ?? '—'}</dd>
              <dt className="text-slate-600">Adresse</dt>
              <dd className="font-medium">{o.adresse ?? '—'}</dd>
              <dt className="text-slate-600">Paiement</dt>
              <dd className={o.payment_status === 'refund_due' ? 'font-bold text-red-800' : ''}>
                {o.credit
                  ? creditPaymentText(o.credit.months)
                  : `${paymentModeLabels[o.payment_mode]} · ${paymentStatusLabels[o.payment_status]}`}
              </dd>
              {o.hold_until && (
                <>
                  <dt className="text-slate-600">Réservée jusqu’au</dt>
                  <dd className="font-medium text-amber-800">
                    {formatDateTime(o.hold_until)} (
                    {o.credit
                      ? 'sans les deux validations d’ici là'
                      : o.payment_mode === 'online'
                        ? 'sans paiement d’ici là'
                        : 'sans confirmation d’ici là'}
                    , annulée et stock remis en vente)
                  </dd>
                </>
              )}
              {o.cancel_reason && (
                <>
                  <dt className="text-slate-600">Annulation</dt>
                  <dd>{cancelReasonLabels[o.cancel_reason]}</dd>
                </>
              )}
            </dl>
            {o.payment_status === 'refund_due' && (
              <p role="note" className="mt-3 rounded-md bg-red-50 p-3 font-semibold text-red-900">
                Commande annulée après paiement : remboursez le client, puis enregistrez « Remboursé ».
              </p>
            )}
          </Panel>
          <Panel id="lignes" title="Articles" className={PANEL} heading="mb-2 text-lg font-bold">
            <OrderLines order={o} />
            {o.tranches.length > 0 && (
              <ul aria-label="Échéances à enregistrer" className="mt-3 space-y-2 print:hidden">
                {o.tranches.map((t) => {
                  const name = instalmentLabel(t, o.credit?.months ?? null);
                  return (
                    <li key={t.number} className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="min-w-0 flex-1 font-medium">
                        {name}
                        {t.paid_via ? ` : payée (${viaLabels[t.paid_via]})` : ' : à payer'}
                      </span>
                      {t.state === 'due' &&
                        adminVias.map((via) => (
                          <button
                            key={via}
                            type="button"
                            disabled={busy}
                            onClick={() => void run(() => setAdminTranche(o.id, t.number, 'paid', { via }))}
                            className={`${BUTTON} border border-slate-300 bg-white text-sm`}
                          >
                            {via === 'cash' ? 'Espèces reçues' : 'Prélevée sur salaire'}
                            <span className="sr-only"> : {name}</span>
                          </button>
                        ))}
                      {t.state === 'paid' && (t.paid_via === 'cash' || t.paid_via === 'payroll' || t.paid_via === null) && (
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => void run(() => setAdminTranche(o.id, t.number, 'due'))}
                          className={`${BUTTON} border border-slate-300 bg-white text-sm`}
                        >
                          Remettre à payer<span className="sr-only"> : {name}</span>
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </Panel>
          <OnlinePayments sessions={payments} />
        </div>
        <div className="space-y-4">
          <Panel id="actions" title="Actions" className={`space-y-3 ${PANEL} print:hidden`}>
            {approvalNote && (
              <p role="note" data-testid="approval-note" className="rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
                {approvalNote}
              </p>
            )}
            {moves.length === 0 && <p className="text-slate-600">Plus aucun changement d’état possible ({stateLabels[o.state]}).</p>}
            {moves
              .filter((s) => s !== 'cancel')
              .map((s) => (
                <button
                  key={s}
                  type="button"
                  disabled={busy}
                  onClick={() => void run(() => moveAdminOrder(o.id, s))}
                  className={`${BUTTON} w-full bg-brand-700 text-white hover:bg-brand-800`}
                >
                  {MOVE_LABELS[s]}
                </button>
              ))}
            {moves.includes('cancel') && (
              <AskFirst
                id="sure"
                ask="Annuler la commande"
                question={`Annuler ${o.reference} ? Le stock sera remis en vente.`}
                yes="Oui, annuler"
                busy={busy}
                onYes={() => run(() => moveAdminOrder(o.id, 'cancel'))}
              />
            )}
            {choices.length > 0 ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (payment) void run(() => setAdminPayment(o.id, payment, reason));
                }}
                className="space-y-2"
              >
                <label className="block text-sm font-medium">
                  Statut du paiement
                  <select
                    value={payment || o.payment_status}
                    onChange={(e) => setPayment(e.target.value as PaymentStatus)}
                    className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
                  >
                    <option value={o.payment_status}>{paymentStatusLabels[o.payment_status]} (actuel)</option>
                    {choices.map((s) => (
                      <option key={s} value={s}>
                        {paymentStatusLabels[s]}
                      </option>
                    ))}
                  </select>
                </label>
                {wantsReason && (
                  <label className="block text-sm font-medium">
                    Raison (gardée dans le journal)
                    <textarea
                      required
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                      maxLength={500}
                      rows={2}
                      className="block w-full rounded-md border border-slate-300 bg-white p-2"
                    />
                  </label>
                )}
                <button
                  type="submit"
                  disabled={busy || !payment || payment === o.payment_status || (wantsReason && !reason.trim())}
                  className={`${BUTTON} w-full border border-brand-700 text-brand-700`}
                >
                  Enregistrer le paiement
                </button>
              </form>
            ) : (
              <p className="text-sm text-slate-600">Paiement : {paymentStatusLabels[o.payment_status]}, plus aucun changement possible.</p>
            )}
            <button type="button" onClick={() => print()} className={`${BUTTON} w-full border border-slate-300 bg-white`}>
              Imprimer le bon de livraison
            </button>
          </Panel>
          <Panel id="suivi" title="Suivi" className={`${PANEL} print:hidden`} heading="mb-3 text-lg font-bold">
            <OrderTimeline order={o} />
          </Panel>
          <AuditJournal entries={audit} words={JOURNAL} />
        </div>
      </div>
    </div>
  );
}
