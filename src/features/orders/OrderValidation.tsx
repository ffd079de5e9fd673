import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { OrderLines } from '../../components/ui/OrderLines.tsx';
import { formatFCFA } from '../../domain/money.ts';
import { orderDetailsPath, paymentModeLabels, trancheRows, type SaleType } from '../../domain/orders.ts';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { toast } from '../frame/toast.store.ts';
import { $draft, currentDraft, fitToStock, OrderFailure, placeOrder } from './checkout.store.ts';
import { CHECKOUT_LABELS } from './checkout-labels.ts';
import { payOnline } from './payment.store.ts';

/** §2 `/commande-validation`: the summary of the draft to confirm; one tap, one order, even when the answer is lost and retried. */
export default function OrderValidation({ type }: { type: SaleType }) {
  useStore($draft);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const labels = CHECKOUT_LABELS[type];
  // The draft lives in this browser's storage: read it once hydrated so server and client markup agree.
  useEffect(() => setReady(true), []);
  if (!ready) return <p role="status" className="text-slate-600">Chargement…</p>;
  const draft = currentDraft(type);

  if (!draft) {
    return (
      <div className="rounded-lg bg-white p-6 text-center shadow-sm">
        <p className="mb-3">Aucune {labels.what} à valider : reprenez-la depuis votre panier.</p>
        <a href={`/checkout?type=${type}`} className="font-semibold text-brand-700 underline">Reprendre la {labels.what}</a>
      </div>
    );
  }

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      const order = await placeOrder();
      toastAfterNavigation('Commande créé avec succés', { kind: 'success' });
      // Paying online: on to the provider's page (or to /payment-state, which offers the retry).
      if (order.payment_mode === 'online') await payOnline(order);
      else location.assign(orderDetailsPath(order.type_sale, order.id));
    } catch (err) {
      toast('Commande non validé ', { kind: 'error' });
      setFailure(err instanceof OrderFailure ? err : new OrderFailure(String(err)));
      setBusy(false);
    }
  }

  function fix(shortOf: NonNullable<OrderFailure['shortOf']>) {
    fitToStock(type, shortOf);
    location.assign(`/checkout?type=${type}`);
  }

  const tranches = type === 'preorder' ? trancheRows(draft.amount_total).map((t) => ({ ...t, state: 'due' as const })) : [];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="recap" className="rounded-lg bg-white p-4 shadow-sm">
        <h2 id="recap" className="mb-2 text-lg font-bold">Récapitulatif</h2>
        <OrderLines order={{ order_lines: draft.lines, amount_total: draft.amount_total, tranches }} />
      </section>
      <section aria-labelledby="confirmer" className="h-fit space-y-4 rounded-lg bg-white p-4 shadow-sm">
        <h2 id="confirmer" className="text-lg font-bold">Livraison et paiement</h2>
        <dl className="space-y-2">
          <div><dt className="text-sm text-slate-600">Adresse de livraison</dt><dd className="font-medium">{draft.adresse}</dd></div>
          <div><dt className="text-sm text-slate-600">Téléphone</dt><dd className="font-medium">+{draft.telephone}</dd></div>
          <div><dt className="text-sm text-slate-600">Mode de paiement</dt><dd className="font-medium">{paymentModeLabels[draft.payment_mode]}</dd></div>
          <div><dt className="text-sm text-slate-600">Total à payer</dt><dd className="text-lg font-bold text-brand-800">{formatFCFA(draft.amount_total)}</dd></div>
        </dl>
        <p className="text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
        {failure && (
          <div role="alert" className="space-y-2 rounded-md bg-red-50 p-3 text-red-800">
            <p className="font-medium">{failure.message}</p>
            {failure.shortOf && (
              <button type="button" onClick={() => fix(failure.shortOf!)} className="min-h-11 w-full rounded-md border border-red-700 px-3 font-semibold">
                {failure.shortOf.available > 0 ? `Ramener la quantité à ${failure.shortOf.available}` : 'Retirer ce produit'}
              </button>
            )}
          </div>
        )}
        <button type="button" onClick={() => void confirm()} disabled={busy} className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-brand-700 px-4 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {busy ? 'Envoi en cours...' : failure && !failure.shortOf ? 'Réessayer' : 'Confirmer la commande'}
        </button>
        <a href={`/checkout?type=${type}`} className="block text-center text-sm text-brand-700 underline">Modifier la livraison ou le paiement</a>
      </section>
    </div>
  );
}
