import { formatFCFA } from '../../domain/money.ts';
import type { TrackedOrder } from '../../domain/orders.schema.ts';

const TRANCHE_LABELS = ['Première tranche', 'Deuxième tranche', 'Troisième tranche'];

/** An order's lines (name, quantity, unit price, subtotal), its total and, for a pre-order, its three tranches. */
export function OrderLines({ order }: { order: Pick<TrackedOrder, 'order_lines' | 'amount_total' | 'tranches'> }) {
  return (
    <div className="space-y-4">
      <ul aria-label="Articles de la commande" className="divide-y divide-slate-200">
        {order.order_lines.map((l, i) => (
          <li key={`${l.product_id}-${i}`} className="flex items-center gap-3 py-3">
            {l.image ? <img src={l.image} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-md bg-white object-contain" /> : <span aria-hidden="true" className="size-14 shrink-0 rounded-md bg-slate-100" />}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{l.name}</p>
              <p className="text-sm text-slate-600">{l.quantity} × {formatFCFA(l.price_unit)}</p>
            </div>
            <p className="shrink-0 font-bold text-brand-800">{formatFCFA(l.price_subtotal)}</p>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t border-slate-200 pt-3 text-lg"><span>Total</span><strong data-testid="order-total">{formatFCFA(order.amount_total)}</strong></p>
      {order.tranches.length > 0 && (
        <dl aria-label="Tranches de la pré-commande" className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
          {order.tranches.map((t) => (
            <div key={t.number} className="flex items-center justify-between gap-2">
              <dt>{TRANCHE_LABELS[t.number - 1]} ({t.percent} %)</dt>
              <dd className="flex shrink-0 flex-col items-end">
                <strong className="whitespace-nowrap">{formatFCFA(t.amount)}</strong>
                <span className={`text-xs ${t.state === 'paid' ? 'text-emerald-700' : 'text-amber-800'}`}>{t.state === 'paid' ? 'payée' : 'à payer'}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
