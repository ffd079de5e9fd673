import { formatDateTime } from '../../domain/dates.ts';
import { orderTimeline } from '../../domain/orders.ts';
import type { TrackedOrder } from '../../domain/orders.schema.ts';

const DOT = {
  done: 'bg-emerald-600 border-emerald-600',
  current: 'bg-brand-700 border-brand-700 ring-4 ring-brand-100',
  upcoming: 'bg-white border-slate-300',
} as const;

/** §4 order states as a vertical timeline: what happened (with its date) and what is still ahead. */
export function OrderTimeline({ order }: { order: Pick<TrackedOrder, 'state' | 'date_order' | 'dates'> }) {
  const steps = orderTimeline(order);
  return (
    <ol aria-label="Suivi de la commande" className="space-y-0">
      {steps.map((s, i) => (
        <li key={s.state} aria-current={s.status === 'current' ? 'step' : undefined} className="relative flex gap-3 pb-4 last:pb-0">
          {i < steps.length - 1 && (
            <span
              aria-hidden="true"
              className={`absolute top-5 left-[0.4375rem] h-full w-0.5 ${s.status === 'done' ? 'bg-emerald-600' : 'bg-slate-200'}`}
            />
          )}
          <span
            aria-hidden="true"
            className={`relative mt-1 size-4 shrink-0 rounded-full border-2 ${s.state === 'cancel' ? 'border-red-600 bg-red-600' : DOT[s.status]}`}
          />
          <div>
            <p className={s.status === 'upcoming' ? 'text-slate-500' : 'font-semibold text-slate-900'}>
              {s.label}
              {s.status === 'current' && <span className="sr-only"> (état actuel)</span>}
            </p>
            {s.at && (
              <p className="text-sm text-slate-600">
                <time dateTime={s.at}>{formatDateTime(s.at)}</time>
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
