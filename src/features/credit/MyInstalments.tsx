import { useEffect, useState } from 'react';
import type { MyInstalment, MyInstalments as Instalments } from '../../domain/instalment-payments.schema.ts';
import { viaLabels } from '../../domain/instalment-payments.ts';
import { formatFCFA } from '../../domain/money.ts';
import { offeredProvider, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { dueText, standingLabels } from '../../domain/schedule.ts';
import { formatDate } from '../../domain/dates.ts';
import { orderDetailsPath } from '../../domain/orders.ts';
import { ProviderChoice } from '../orders/ProviderChoice.tsx';
import type { InstalmentsView } from './instalments.store.ts';
import { Fact } from '../../components/ui/Fact.tsx';
import { RetryButton } from '../../components/ui/RetryButton.tsx';
import { Panel } from '../../components/ui/Panel.tsx';

// The API client and schemas load with the section, not with the profile's first paint.
const store = () => import('./instalments.store.ts');
const UNREACHABLE = 'Impossible de charger vos échéances. Vérifiez votre connexion puis réessayez.';

/** Reads the instalments into `show`, or says why not. */
const load = (show: (v: InstalmentsView) => void) =>
  store().then(
    (m) => m.readInstalments().then(show),
    () => show({ status: 'error', message: UNREACHABLE }),
  );

const KIND = { preorder: 'Pré-commande', creditorder: 'Crédit' } as const;
// Text says the standing; the colour only repeats it.
const STANDING_LOOK = {
  paid: 'bg-emerald-50 text-emerald-800',
  due: 'bg-amber-50 text-amber-900',
  overdue: 'bg-red-50 text-red-800 font-bold',
} as const;

/** The instalments of one order, in order. */
function byOrder(rows: readonly MyInstalment[]): MyInstalment[][] {
  const groups = new Map<string, MyInstalment[]>();
  for (const r of rows) groups.set(r.reference, [...(groups.get(r.reference) ?? []), r]);
  return [...groups.values()];
}

/**
 * « Mes échéances » in the profile (§6): what the member owes (next due date and amount, paid, overdue), then each
 * pre-order and credit order with its instalments; the next one of each order open to payment has « Payer », which goes
 * to the chosen provider's page (as 'Payer en ligne' does) and back here. Nothing is shown to a customer without any.
 */
export default function MyInstalments({
  initial,
  providers,
}: {
  /** What the server read for the first view; without it (or without `providers`) the section reads itself once live. */
  initial?: Instalments;
  providers?: readonly PaymentProviderChoice[];
}) {
  const [view, setView] = useState<InstalmentsView>(
    initial && providers ? { status: 'ready', data: initial, providers: [...providers] } : { status: 'loading' },
  );
  const [provider, setProvider] = useState<PaymentProviderChoice | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  // Read once, on arrival, when the server could not draw it.
  const [unread] = useState(view.status === 'loading');
  useEffect(() => {
    if (unread) void load(setView);
  }, [unread]);
  // Back from the provider's page at /profile#mes-echeances: the section appears once read, so it is scrolled to then.
  const ready = view.status === 'ready';
  useEffect(() => {
    if (ready && location.hash === '#mes-echeances') document.getElementById('mes-echeances')?.scrollIntoView();
  }, [ready]);

  if (view.status === 'loading') return null;
  if (view.status === 'error')
    return (
      <Panel id="mes-echeances" title="Mes échéances" className="space-y-2" heading="text-lg font-semibold">
        <p role="alert" className="text-sm font-medium text-red-700">
          {view.message}
        </p>
        <RetryButton onRetry={() => void load(setView)} />
      </Panel>
    );
  const { summary, instalments } = view.data;
  if (instalments.length === 0) return null;
  const chosen = offeredProvider(provider, view.providers);

  async function pay(row: MyInstalment) {
    if (!chosen) return;
    const key = `${row.reference}-${row.number}`;
    setPaying(key);
    setError(undefined);
    try {
      await (await store()).payInstalment(row.reference, row.number, chosen);
    } catch (err) {
      setError((err as Error).message);
      setPaying(null);
    }
  }

  return (
    <Panel id="mes-echeances" title="Mes échéances" className="space-y-4" heading="scroll-mt-20 text-lg font-semibold">
      <dl className="grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">Prochaine échéance</dt>
          <dd className="font-semibold" data-testid="next-instalment">
            {summary.next_amount === null
              ? 'Rien à payer'
              : `${formatFCFA(summary.next_amount)}${summary.next_due_on ? ` le ${formatDate(`${summary.next_due_on}T12:00:00Z`)}` : ' à la livraison'}`}
          </dd>
        </div>
        <Fact term="Déjà payé" className="font-semibold text-emerald-800">
          {formatFCFA(summary.total_paid)}
        </Fact>
        <Fact term="En retard" className={summary.total_overdue > 0 ? 'font-bold text-red-700' : 'font-semibold'}>
          {summary.total_overdue > 0 ? `${formatFCFA(summary.total_overdue)} en retard` : 'Aucun retard'}
        </Fact>
      </dl>
      {instalments.some((r) => r.payable) && view.providers.length > 0 && chosen && (
        <ProviderChoice legend="Payer avec" providers={view.providers} value={chosen} onChange={setProvider} />
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {byOrder(instalments).map((rows) => {
        const first = rows[0]!;
        return (
          <article key={first.reference} aria-labelledby={`ech-${first.reference}`} className="rounded-lg bg-white p-4 shadow-sm">
            <h3 id={`ech-${first.reference}`} className="mb-2 font-semibold">
              <a href={orderDetailsPath(first.type_sale, first.order_id)} className="text-brand-700 underline">
                {KIND[first.type_sale]} <span className="font-mono">{first.reference}</span>
              </a>
            </h3>
            <ul aria-label={`Échéances de ${first.reference}`} className="divide-y divide-slate-200">
              {rows.map((r) => {
                const key = `${r.reference}-${r.number}`;
                const when = dueText(r);
                return (
                  <li
                    key={key}
                    aria-label={`${r.label}, ${standingLabels[r.standing]}`}
                    className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{r.label}</p>
                      <p className="text-sm text-slate-600">
                        {formatFCFA(r.amount)}
                        {r.standing === 'paid' && r.paid_at
                          ? ` · payée le ${formatDate(r.paid_at)}${r.paid_via ? ` (${viaLabels[r.paid_via]})` : ''}`
                          : when
                            ? ` · ${when}`
                            : ''}
                      </p>
                    </div>
                    <span className={`rounded px-2 py-0.5 text-sm ${STANDING_LOOK[r.standing]}`}>{standingLabels[r.standing]}</span>
                    {r.payable && chosen && (
                      <button
                        type="button"
                        disabled={paying !== null}
                        aria-busy={paying === key}
                        aria-label={`Payer ${r.label} de ${r.reference} (${formatFCFA(r.amount)})`}
                        onClick={() => void pay(r)}
                        className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                      >
                        {paying === key ? 'Ouverture du paiement…' : 'Payer'}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </article>
        );
      })}
    </Panel>
  );
}
