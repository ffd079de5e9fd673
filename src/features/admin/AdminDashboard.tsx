import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDate } from '../../domain/dates.ts';
import { formatFCFA } from '../../domain/money.ts';
import { $dashboard, loadDashboard } from './admin.store.ts';
import { NotReady } from './AdminNotReady.tsx';
import { Panel } from './AdminPanel.tsx';
import { PANEL } from './admin-ui.ts';

/** One figure's card; `wide` ones (sums in francs, long values) take the whole row on phones, so they never overflow it. */
function Figure({ label, value, href, wide = false }: { label: string; value: string; href?: string; wide?: boolean }) {
  const body = (
    <>
      <span className="block text-sm text-slate-600">{label}</span>
      <span className="block text-2xl font-bold [overflow-wrap:anywhere] text-brand-900">{value}</span>
    </>
  );
  const card = `min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 ${wide ? 'col-span-2 md:col-span-1' : ''}`;
  return href ? (
    <a href={href} className={`block ${card} hover:ring-brand-600`}>
      {body}
    </a>
  ) : (
    <div className={card}>{body}</div>
  );
}

/** The back office's first screen: today's and this week's orders and revenue, what waits, stock alerts, 30 days of orders. */
export default function AdminDashboard() {
  const view = useStore($dashboard);
  useEffect(() => void loadDashboard(), []);
  if (view.status !== 'ready') return <NotReady view={view} />;
  const d = view.data;
  const max = Math.max(1, ...d.days.map((x) => x.orders));
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Commandes aujourd’hui" value={String(d.today.orders)} />
        <Figure label="Commandes cette semaine" value={String(d.week.orders)} />
        <Figure label="Chiffre d’affaires aujourd’hui" value={formatFCFA(d.today.revenue)} wide />
        <Figure label="Chiffre d’affaires cette semaine" value={formatFCFA(d.week.revenue)} wide />
        <Figure label="Commandes à traiter" value={String(d.waiting)} href="/admin/commandes?state=sale" />
        <Figure label="Produits en rupture" value={String(d.out_of_stock)} />
        <Figure label="Produits presque épuisés" value={String(d.low_stock)} />
        <Figure label="À rembourser" value={String(d.refunds_due)} href="/admin/commandes?payment_status=refund_due" />
        <Figure
          label="Réservées, en attente de paiement ou de confirmation"
          value={`${d.held.orders} (${d.held.units} article${d.held.units > 1 ? 's' : ''})`}
          href="/admin/commandes?state=sale"
          wide
        />
      </div>
      <Panel id="graphe" title="Commandes par jour (30 jours)" className={PANEL} heading="mb-3 text-lg font-bold">
        {d.days.every((x) => x.orders === 0) && <p className="text-slate-600">Aucune commande ces 30 derniers jours.</p>}
        <svg
          viewBox={`0 0 ${d.days.length * 10} 100`}
          preserveAspectRatio="none"
          className="h-40 w-full"
          role="img"
          aria-label={`Commandes par jour du ${formatDate(d.days[0]!.date)} au ${formatDate(d.days.at(-1)!.date)}`}
        >
          {d.days.map((x, i) => {
            const h = (x.orders / max) * 95;
            return (
              <rect key={x.date} x={i * 10 + 1} y={100 - h} width={8} height={Math.max(h, x.orders ? 1 : 0)} className="fill-brand-600">
                <title>{`${formatDate(x.date)} : ${x.orders} commande(s), ${formatFCFA(x.revenue)}`}</title>
              </rect>
            );
          })}
        </svg>
        <div className="sr-only">
          <table>
            <caption>Commandes et chiffre d’affaires par jour</caption>
            <thead>
              <tr>
                <th>Jour</th>
                <th>Commandes</th>
                <th>Chiffre d’affaires</th>
              </tr>
            </thead>
            <tbody>
              {d.days.map((x) => (
                <tr key={x.date}>
                  <td>{formatDate(x.date)}</td>
                  <td>{x.orders}</td>
                  <td>{formatFCFA(x.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </div>
  );
}
