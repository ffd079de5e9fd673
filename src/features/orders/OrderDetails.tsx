import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { OrderLines } from '../../components/ui/OrderLines.tsx';
import { OrderTimeline } from '../../components/ui/OrderTimeline.tsx';
import { StateBadge } from '../../components/ui/StateBadge.tsx';
import { formatDateTime } from '../../domain/dates.ts';
import { awaitsOnlinePayment, isCancellable, paymentModeLabels, paymentStatusLabels } from '../../domain/orders.ts';
import { HoldNotice } from '../../components/ui/HoldNotice.tsx';
import { CreditApprovals } from '../../components/ui/CreditApprovals.tsx';
import { creditPaymentText } from '../../domain/credit-approval.ts';
import { PayOnlineButton } from './PayOnlineButton.tsx';
import { paysByInstalments } from '../../domain/instalment-payments.ts';
import { PayInstalment } from '../credit/PayInstalment.tsx';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { FormMessage } from '../account/form-kit.tsx';
import { $orderView, failure, orderActions, showOrder, type OrderView } from './order-views.store.ts';
import { Fact } from '../../components/ui/Fact.tsx';
import { RetryButton } from '../../components/ui/RetryButton.tsx';
import { Panel } from '../../components/ui/Panel.tsx';

const KIND = { order: 'Commande', preorder: 'Pré-commande', creditorder: 'Commande à crédit' } as const;
const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold';
const UNREACHABLE = 'Impossible de charger la commande. Vérifiez votre connexion puis réessayez.';

/** Reads the order in the browser (no server read, or 'Réessayer'); the actions' code itself may fail to arrive. */
const loadOrder = (id: number) =>
  orderActions().then(
    (m) => m.loadOrder(id),
    () => showOrder({ status: 'error', message: UNREACHABLE }),
  );

/**
 * §2 `/commandes/{id}/détails` and its pre-order and credit twins: reference, date, timeline, payment, lines, tranches, cancel.
 * `initial` is what the server read for the first view; without it the island reads the order itself.
 */
export default function OrderDetails({
  id,
  initial,
  providers,
}: {
  id: number;
  initial?: OrderView;
  /** The online providers the shop offers (§2 'En ligne'), for 'Payer en ligne'. */
  providers: readonly PaymentProviderChoice[];
}) {
  const stored = useStore($orderView);
  // Until the server's read is in the store (the effect below), the first render draws it, as the server did.
  const view = stored.status === 'loading' && initial ? initial : stored;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (initial) showOrder(initial);
    else if (id > 0) void loadOrder(id);
  }, [id, initial]);

  async function run(action: (actions: Awaited<ReturnType<typeof orderActions>>) => Promise<unknown>, fallback: string) {
    setBusy(true);
    setError(undefined);
    try {
      await action(await orderActions());
      setAsking(false);
    } catch (err) {
      setError(failure(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  if (id <= 0 || view.status === 'missing') {
    return (
      <div className="rounded-lg bg-white p-6 text-center shadow-sm">
        <p className="mb-3 text-lg font-semibold">Commande introuvable</p>
        <a href="/profile" className="font-semibold text-brand-700 underline">
          Voir mes commandes
        </a>
      </div>
    );
  }
  if (view.status === 'loading')
    return (
      <p role="status" className="text-slate-600">
        Chargement de la commande…
      </p>
    );
  if (view.status === 'error') {
    return (
      <div className="space-y-3">
        <FormMessage text={view.message} kind="error" />
        <RetryButton onRetry={() => void loadOrder(id)} />
      </div>
    );
  }
  const o = view.order;
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm text-slate-600">
          {KIND[o.type_sale]}
          {o.type_order === 'pack' ? ' · pack' : ''} du {formatDateTime(o.date_order)}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xl font-bold text-brand-900">
          Référence{' '}
          <span data-testid="order-reference" className="font-mono tracking-wide">
            {o.reference}
          </span>{' '}
          <StateBadge state={o.state} />
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Panel id="articles" title="Articles" className="rounded-lg bg-white p-4 shadow-sm" heading="mb-2 text-lg font-bold">
          <OrderLines order={o} />
        </Panel>
        <div className="space-y-6">
          <Panel id="suivi" title="Suivi" className="rounded-lg bg-white p-4 shadow-sm" heading="mb-3 text-lg font-bold">
            <OrderTimeline order={o} />
          </Panel>
          <Panel id="paiement" title="Livraison et paiement" className="space-y-2 rounded-lg bg-white p-4 shadow-sm">
            <dl className="space-y-2">
              <Fact term="Mode de paiement">
                {o.credit ? (
                  <span data-testid="payment-status">{creditPaymentText(o.credit.months)}</span>
                ) : (
                  <>
                    {paymentModeLabels[o.payment_mode]} · <span data-testid="payment-status">{paymentStatusLabels[o.payment_status]}</span>
                  </>
                )}
              </Fact>
              {paysByInstalments(o.type_sale) ? (
                <PayInstalment order={o} providers={providers} />
              ) : (
                awaitsOnlinePayment(o) && <PayOnlineButton order={o} providers={providers} />
              )}
              {o.adresse && <Fact term="Adresse de livraison">{o.adresse}</Fact>}
              {o.telephone && <Fact term="Téléphone">+{o.telephone}</Fact>}
            </dl>
            <CreditApprovals credit={o.credit} />
            <HoldNotice order={o} />
            <p className="text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
          </Panel>
          <FormMessage text={error} kind="error" />
          {isCancellable(o.state) && !asking && (
            <button
              type="button"
              onClick={() => setAsking(true)}
              className={`${BUTTON} w-full border border-red-300 text-red-700 hover:bg-red-50`}
            >
              Annuler la commande
            </button>
          )}
          {asking && (
            <fieldset aria-labelledby="confirm-cancel" className="min-w-0 space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
              <p id="confirm-cancel" className="font-semibold text-red-900">
                Annuler la commande {o.reference} ? Cette action est définitive.
              </p>
              <div className="flex gap-2">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run((m) => m.cancelOrder(o.id), 'Annulation impossible. Réessayez.')}
                  className={`${BUTTON} flex-1 bg-red-700 text-white hover:bg-red-800 disabled:opacity-60`}
                >
                  Oui, annuler
                </button>
                <button type="button" onClick={() => setAsking(false)} className={`${BUTTON} flex-1 border border-slate-300 bg-white`}>
                  Non, garder
                </button>
              </div>
            </fieldset>
          )}
          {o.state === 'cancel' && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run((m) => m.removeOrder(o.id).then(() => location.assign('/profile')), 'Suppression impossible. Réessayez.')
              }
              className={`${BUTTON} w-full border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              Retirer de ma liste
            </button>
          )}
          <a href="/profile" className="block text-center text-sm text-brand-700 underline">
            Toutes mes commandes
          </a>
        </div>
      </div>
    </div>
  );
}
