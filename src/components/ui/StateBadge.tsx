import { stateLabels, type OrderState } from '../../domain/orders.ts';

const TONE: Record<OrderState, string> = {
  sale: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-brand-100 text-brand-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancel: 'bg-red-100 text-red-900',
};

/** An order's state as a small coloured label (§4 states). */
export function StateBadge({ state }: { state: OrderState }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[state]}`}>{stateLabels[state]}</span>;
}
