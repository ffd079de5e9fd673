import { useStore } from '@nanostores/react';
import { formatDate } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import { overdueQuerySchema, type OverdueQuery } from '../../domain/overdue.schema.ts';
import { $overdue, loadOverdue } from './admin.store.ts';
import { useUrlFilters } from './admin-filters.ts';
import { NotReady } from './AdminNotReady.tsx';
import { PageNav } from './PageNav.tsx';

const LIMIT = 20;
const day = (d: string) => formatDate(`${d}T12:00:00Z`);
const load = (q: Partial<OverdueQuery>) => loadOverdue(q.page ?? 1);
const many = (n: number, one: string, several: string) => `${n} ${n > 1 ? several : one}`;

/** The back office's overdue instalments (§6): totals overall and per parent account, then the list, oldest due first; a card each at 360 px. */
export default function AdminOverdue() {
  const view = useStore($overdue);
  const { filters, go } = useUrlFilters<OverdueQuery>('/admin/echeances', overdueQuerySchema.shape, { page: 1 }, load);
  const page = filters.page ?? 1;

  return (
    <div className="space-y-4">
      <NotReady view={view} loading="Chargement des échéances en retard…" />
      {view.status === 'ready' && (
        <>
          <section aria-label="Totaux" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className="text-lg font-bold" role="status">
              {view.data.total.count === 0
                ? 'Aucune échéance en retard.'
                : `${many(view.data.total.count, 'échéance', 'échéances')} en retard : ${formatFCFA(view.data.total.amount)}`}
            </p>
            {view.data.by_parent.length > 0 && (
              <table className="mt-2 w-full text-sm">
                <caption className="sr-only">Par compte parent</caption>
                <thead>
                  <tr className="text-left text-slate-600">
                    <th scope="col" className="font-medium">
                      Compte parent
                    </th>
                    <th scope="col" className="text-right font-medium">
                      Échéances
                    </th>
                    <th scope="col" className="text-right font-medium">
                      Montant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.data.by_parent.map((g) => (
                    <tr key={g.parent_id ?? 'none'} className="border-t border-slate-100">
                      <th scope="row" className="py-1 text-left font-normal">
                        {g.organisation ?? 'Sans compte parent'}
                      </th>
                      <td className="py-1 text-right">{g.count}</td>
                      <td className="py-1 text-right font-semibold">{formatFCFA(g.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-label="Échéances en retard">
            <ul className="space-y-2">
              {view.data.instalments.map((i) => (
                <li
                  key={`${i.order_id}-${i.number}`}
                  className="grid grid-cols-2 gap-1 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200 md:grid-cols-[9rem_1fr_1fr_8rem]"
                >
                  <a href={`/admin/commandes/${i.order_id}`} className="font-mono font-semibold text-brand-900 underline">
                    {i.reference}
                  </a>
                  <span className="justify-self-end font-bold md:order-last">{formatFCFA(i.amount)}</span>
                  <span className="col-span-2 md:col-span-1">
                    {i.label} · due le {day(i.due_on)} ·{' '}
                    <strong className="text-red-800">{many(i.days_late, 'jour', 'jours')} de retard</strong>
                  </span>
                  <span className="col-span-2 md:col-span-1">
                    {i.name ?? '—'}
                    {i.telephone ? ` · +${i.telephone}` : ''}
                    {i.organisation ? ` · ${i.organisation}` : ''}
                  </span>
                  <span className="col-span-2 text-xs text-slate-600 md:col-span-4">
                    {i.last_reminder
                      ? `Dernier rappel le ${day(i.last_reminder.sent_on)} (${i.last_reminder.kind === 'before' ? 'avant l’échéance' : 'retard'})`
                      : 'Aucun rappel envoyé'}
                  </span>
                </li>
              ))}
            </ul>
            <PageNav
              page={page}
              limit={LIMIT}
              total={view.data.total.count}
              go={(n) => go({ page: n })}
              label="Pages des échéances en retard"
            />
          </section>
        </>
      )}
    </div>
  );
}
