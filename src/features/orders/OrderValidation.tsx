import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { OrderLineItem } from '../../components/ui/OrderLines.tsx';
import { orderDetailsPath, type SaleType } from '../../domain/orders.ts';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { toast } from '../frame/toast.store.ts';
import { fitToStock, OrderFailure, placeOrder } from './checkout.store.ts';
import { $draft, currentDraft } from './draft.store.ts';
import { draftView } from './draft.ts';
import { payOnline } from './payment.store.ts';
import { ConfirmButton, NoDraft, ReservedValidation, Validation } from './ValidationParts.tsx';

/**
 * §2 `/commande-validation`: the summary of the draft to confirm; one tap, one order, even when the answer is lost and
 * retried. The draft lives in this browser only: the server draws the summary's room (`count` lines, from the
 * collection's cookie mirror) and the island, hydrated at once, draws the draft there; 'Confirmer la commande' exists only then.
 */
export default function OrderValidation({ type, count }: { type: SaleType; count: number }) {
  useStore($draft);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  // The draft lives in this browser's storage: read it once hydrated so server and client markup agree.
  useEffect(() => setReady(true), []);
  if (!ready) return <ReservedValidation type={type} count={count} />;
  const draft = currentDraft(type);
  if (!draft) return <NoDraft type={type} />;

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

  const { lines, sum, delivery } = draftView(draft);
  return (
    <Validation type={type} lines={lines.map((l, i) => <OrderLineItem key={`${draft.lines[i]!.product_id}-${i}`} view={l} />)} sum={sum} delivery={delivery}>
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
      <ConfirmButton busy={busy} onClick={() => void confirm()} label={busy ? 'Envoi en cours...' : failure && !failure.shortOf ? 'Réessayer' : 'Confirmer la commande'} />
    </Validation>
  );
}
