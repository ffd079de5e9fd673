import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { StateBadge } from '../../components/ui/StateBadge.tsx';
import { formatDate } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import { orderDetailsPath } from '../../domain/orders.ts';
import type { Order } from '../../domain/orders.schema.ts';
import { $myOrders, failure, orderActions, showOrders } from './order-views.store.ts';

/** The profile's list of orders (§2 `/profile`): newest first, each with its state, linking to its details; `initial` is the server's read. */
export function MyOrders({ userId, initial }: { userId: number; initial?: Order[] | undefined }) {
  const orders = useStore($myOrders) ?? initial;
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (initial) showOrders(initial);
    else
      orderActions()
        .then((m) => m.loadMyOrders(userId))
        .catch((err) => setError(failure(err, 'Impossible de charger vos commandes.')));
  }, [userId, initial]);

  if (error)
    return (
      <p role="alert" className="text-red-800">
        {error}
      </p>
    );
  if (!orders)
    return (
      <p role="status" className="text-slate-600">
        Chargement de vos commandes…
      </p>
    );
  if (orders.length === 0) return <p className="text-slate-600">Vous n’avez pas encore de commande.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm">
      {orders.map((o) => (
        <li key={o.id}>
          <a
            href={orderDetailsPath(o.type_sale, o.id)}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-brand-50"
          >
            <span>
              <span className="block font-mono font-semibold text-brand-900">{o.reference}</span>
              <span className="text-sm text-slate-600">
                {formatDate(o.date_order)} · {o.order_lines.length} article{o.order_lines.length > 1 ? 's' : ''}
              </span>
            </span>
            <span className="flex items-center gap-3">
              <strong>{formatFCFA(o.amount_total)}</strong>
              <StateBadge state={o.state} />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
