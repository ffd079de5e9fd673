import { formatDateTime } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import type { PaymentSession } from '../../domain/orders.schema.ts';
import { Panel } from './AdminPanel.tsx';
import { PANEL } from './admin-ui.ts';

const STATUS: Record<PaymentSession['status'], string> = {
  creating: 'Non ouverte (prestataire injoignable)',
  open: 'Ouverte',
  paid: 'Payée',
  failed: 'Paiement refusé',
  expired: 'Abandonnée',
};
const PROVIDER: Record<PaymentSession['provider'], string> = {
  wave: 'Wave',
  demo: 'Démonstration (Wave)',
  orange: 'Orange Money',
  'demo-orange': 'Démonstration (Orange Money)',
};

/** An order's online payment attempts in the back office; a second payment (or one for a cancelled order) is flagged 'À rembourser'. */
export function OnlinePayments({ sessions }: { sessions: PaymentSession[] }) {
  if (sessions.length === 0) return null;
  const refunds = sessions.filter((s) => s.refund_due);
  return (
    <Panel id="paiements-en-ligne" title="Paiements en ligne" className={PANEL} heading="mb-2 text-lg font-bold">
      {refunds.length > 0 && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-3 font-semibold text-red-800">
          Paiement en double : {refunds.length === 1 ? 'un paiement est à rembourser' : `${refunds.length} paiements sont à rembourser`} au
          client.
        </p>
      )}
      <ul className="divide-y divide-slate-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>
              {PROVIDER[s.provider]} · {formatDateTime(s.created_at)}
              {s.transaction_id ? ` · transaction ${s.transaction_id}` : ''}
            </span>
            <span className="font-medium">
              {formatFCFA(s.amount)} · {STATUS[s.status]}
              {s.refund_due ? <strong className="ml-2 text-red-800">À rembourser</strong> : null}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
