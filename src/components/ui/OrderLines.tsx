import type { ReactNode } from 'react';
import type { TrackedOrder } from '../../domain/orders.schema.ts';
import { orderLineView, orderSumView, trancheStatus, type OrderLineView, type OrderSumView } from './order-lines-view.ts';

/** One line of an order: picture, name, quantity × unit price, subtotal; `note` under them (what stops the line, and its fix). */
export function OrderLineItem({ view, note }: { view: OrderLineView; note?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      {view.image ? (
        <img
          src={view.image}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-md bg-white object-contain"
        />
      ) : (
        <span aria-hidden="true" className="size-14 shrink-0 rounded-md bg-slate-100" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{view.name}</p>
        <p className="text-sm text-slate-600">
          {view.quantity} × {view.unit}
        </p>
        {view.note && <p className="text-sm font-medium text-amber-800">{view.note}</p>}
      </div>
      <p className="shrink-0 font-bold text-brand-800">{view.subtotal}</p>
      {note}
    </li>
  );
}

/** Lines drawn as `lines`, then the total and the schedule, if any. */
export function OrderLinesView({ lines, sum }: { lines: ReactNode; sum: OrderSumView }) {
  return (
    <div className="space-y-4">
      <ul aria-label="Articles de la commande" className="divide-y divide-slate-200">
        {lines}
      </ul>
      {sum.welcome && (
        <p data-testid="welcome-reduction" className="border-t border-slate-200 pt-3 text-right font-semibold text-emerald-700">
          {sum.welcome}
        </p>
      )}
      <p className="flex justify-between border-t border-slate-200 pt-3 text-lg">
        <span>Total</span>
        <strong data-testid="order-total">{sum.total}</strong>
      </p>
      <ScheduleList sum={sum} />
    </div>
  );
}

/** A schedule: each tranche or monthly instalment with its amount and when it falls due, or that it is paid; nothing without one. */
export function ScheduleList({ sum }: { sum: Pick<OrderSumView, 'schedule' | 'tranches'> }) {
  if (sum.tranches.length === 0) return null;
  return (
    <dl aria-label={sum.schedule} data-testid="schedule" className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
      {sum.tranches.map((t) => (
        <div key={t.label} className="flex items-center justify-between gap-2">
          <dt>{t.label}</dt>
          <dd className="flex shrink-0 flex-col items-end">
            <strong className="whitespace-nowrap">{t.amount}</strong>
            <span className={`text-xs ${t.paid ? 'text-emerald-700' : 'text-amber-800'}`}>{trancheStatus(t)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An order's lines (name, quantity, unit price, subtotal), its total and its schedule (a pre-order's tranches, a credit order's instalments). */
export function OrderLines({
  order,
}: {
  order: Pick<TrackedOrder, 'order_lines' | 'amount_total' | 'welcome_reduction' | 'tranches' | 'credit'>;
}) {
  // biome-ignore lint/suspicious/noArrayIndexKey: a line has no id of its own (product_id is null once the product is deleted) and this read-only list is never reordered.
  const lines = order.order_lines.map((l, i) => <OrderLineItem key={`${l.product_id}-${i}`} view={orderLineView(l)} />);
  return <OrderLinesView lines={lines} sum={orderSumView(order)} />;
}
