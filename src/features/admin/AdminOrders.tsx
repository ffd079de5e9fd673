import { useStore } from '@nanostores/react';
import { StateBadge } from '../../components/ui/StateBadge.tsx';
import { adminOrderQuerySchema, orderKinds, type AdminOrderQuery } from '../../domain/admin.schema.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import { orderStates, paymentModeLabels, paymentModes, paymentStatuses, paymentStatusLabels, stateLabels } from '../../domain/orders.ts';
import { $adminOrders, loadAdminOrders } from './admin.store.ts';
import { useUrlFilters } from './admin-filters.ts';
import { FilterDate, FilterForm, FilterSelect } from './AdminFilterForm.tsx';
import { listed, PageNav } from './PageNav.tsx';
import { NotReady } from './AdminNotReady.tsx';

const KIND_LABELS = { order: 'Commande', preorder: 'Pré-commande', creditorder: 'Crédit', pack: 'Pack' } as const;
const DEFAULTS = { page: 1, limit: 20 };

/** The back office's orders: filters kept in the URL, newest first, a card per order at 360 px and a table row on wide screens. */
export default function AdminOrders() {
  const view = useStore($adminOrders);
  const { filters, go, submit, key } = useUrlFilters<AdminOrderQuery>(
    '/admin/commandes',
    adminOrderQuerySchema.shape,
    DEFAULTS,
    loadAdminOrders,
  );
  const page = filters.page ?? 1;
  const limit = filters.limit ?? DEFAULTS.limit;
  return (
    <div className="space-y-4">
      <FilterForm label="Filtrer les commandes" words="Référence, nom ou téléphone" q={filters.q} onSubmit={submit} formKey={key}>
        <FilterSelect name="state" label="État" value={filters.state} options={orderStates.map((s) => [s, stateLabels[s]] as const)} />
        <FilterSelect name="type" label="Type" value={filters.type} options={orderKinds.map((k) => [k, KIND_LABELS[k]] as const)} />
        <FilterSelect
          name="payment_mode"
          label="Paiement"
          value={filters.payment_mode}
          options={paymentModes.map((m) => [m, paymentModeLabels[m]] as const)}
        />
        <FilterSelect
          name="payment_status"
          label="Statut du paiement"
          value={filters.payment_status}
          options={paymentStatuses.map((s) => [s, paymentStatusLabels[s]] as const)}
        />
        <FilterDate name="from" label="Du" value={filters.from} />
        <FilterDate name="to" label="Au" value={filters.to} />
        <div className="col-span-2 flex gap-2 md:col-span-4">
          <button
            type="submit"
            className="min-h-11 flex-1 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 md:flex-none"
          >
            Filtrer
          </button>
          <button type="button" onClick={() => go({})} className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold">
            Effacer les filtres
          </button>
        </div>
      </FilterForm>

      <NotReady view={view} loading="Chargement des commandes…" />
      {view.status === 'ready' && (
        <section aria-label="Commandes">
          <p className="mb-2 text-sm text-slate-700" role="status">
            {view.data.total === 0 ? 'Aucune commande ne correspond.' : listed(view.data, 'commande', 'commandes')}
          </p>
          <ul className="space-y-2">
            {view.data.orders.map((o) => (
              <li key={o.id}>
                <a
                  href={`/admin/commandes/${o.id}`}
                  className="grid grid-cols-2 gap-1 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600 md:grid-cols-[9rem_1fr_8rem_9rem_8rem] md:items-center"
                >
                  <span className="font-mono font-semibold text-brand-900">{o.reference}</span>
                  <span className="justify-self-end md:order-last">
                    <StateBadge state={o.state} />
                  </span>
                  <span className="text-sm">
                    {o.name ?? '—'}
                    {o.telephone ? ` · +${o.telephone}` : ''}
                  </span>
                  <span className="justify-self-end text-sm font-bold md:justify-self-start">{formatFCFA(o.amount_total)}</span>
                  <span className="text-xs text-slate-600">
                    {KIND_LABELS[o.type_order === 'pack' ? 'pack' : o.type_sale]} · {paymentModeLabels[o.payment_mode]}
                    {o.payment_status === 'refund_due' && <strong className="ml-1 text-red-800">· {paymentStatusLabels.refund_due}</strong>}
                    {o.hold_until && <span className="ml-1 text-amber-800">· réservée jusqu’au {formatDateTime(o.hold_until)}</span>}
                  </span>
                  <span className="justify-self-end text-xs text-slate-600 md:justify-self-start">{formatDateTime(o.date_order)}</span>
                </a>
              </li>
            ))}
          </ul>
          <PageNav page={page} limit={limit} total={view.data.total} capped={view.data.capped} go={(n) => go({ ...filters, page: n })} />
        </section>
      )}
    </div>
  );
}
