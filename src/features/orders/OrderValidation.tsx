import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { OrderLineItem } from '../../components/ui/OrderLines.tsx';
import { orderDetailsPath, type SaleType } from '../../domain/orders.ts';
import { useMounted } from '../catalogue/use-mounted-store.ts';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { toast } from '../frame/toast.store.ts';
import { fitToStock, OrderFailure, placeOrder } from './checkout.store.ts';
import { $draft, currentDraft } from './draft.store.ts';
import { draftView } from './draft.ts';
import { payOnline } from './payment.store.ts';
import { quoteView, type ReadyQuote } from './quote.ts';
import { ConfirmButton, NoDraft, ReservedValidation, Validation } from './ValidationParts.tsx';

interface Props {
  type: SaleType;
  /** The collection's lines its cookie mirror names, priced by the server (the draft's lines, as a rule); null when the API did not answer. */
  server: ReadyQuote | null;
  /** How many lines the cookie mirror named (the room kept when the server could not price them). */
  count: number;
}

/**
 * §2 `/commande-validation`: the summary of the draft to confirm; one tap, one order, even when the answer is lost and
 * retried. The draft lives in this browser only: the server draws the collection's lines from its cookie mirror (or
 * their room), with 'Confirmer la commande' disabled; hydrated at once, the island draws the draft in their place.
 */
export default function OrderValidation({ type, server, count }: Props) {
  useStore($draft);
  // The draft lives in this browser's storage: read once hydrated, so server and client markup agree.
  const live = useMounted();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  // The draft being placed: placing it drops it from storage, and the summary stays until the next page shows, so a
  // second tap of a double tap lands on the busy button, never on what would move under it.
  const [placing, setPlacing] = useState<ReturnType<typeof currentDraft>>(null);
  if (!live) {
    if (!server?.lines.length) return <ReservedValidation type={type} count={count} />;
    const { lines, sum } = quoteView(server);
    return (
      <Validation
        type={type}
        lines={lines.map((l, i) => <OrderLineItem key={server.lines[i]?.product_id} view={l} />)}
        sum={sum}
        delivery={{ adresse: '…', telephone: '…', mode: '…', total: sum.total }}
      >
        <ConfirmButton label="Confirmer la commande" busy />
      </Validation>
    );
  }
  const draft = currentDraft(type) ?? placing;
  if (!draft) return <NoDraft type={type} />;
  // Read before placing the order, which drops the draft.
  const provider = draft.payment_provider;

  async function confirm() {
    setBusy(true);
    setPlacing(draft);
    setFailure(null);
    try {
      const order = await placeOrder();
      toastAfterNavigation('Commande créé avec succés', { kind: 'success' });
      // Paying online: on to the provider's page (or to /payment-state, which offers the retry).
      if (order.payment_mode === 'online') await payOnline(order, { provider });
      else location.assign(orderDetailsPath(order.type_sale, order.id));
    } catch (err) {
      toast('Commande non validé ', { kind: 'error' });
      setFailure(err instanceof OrderFailure ? err : new OrderFailure(String(err)));
      setPlacing(null);
      setBusy(false);
    }
  }

  const { lines, sum, delivery } = draftView(draft);
  return (
    <Validation
      type={type}
      lines={lines.map((l, i) => <OrderLineItem key={draft.lines[i]?.product_id} view={l} />)}
      sum={sum}
      delivery={delivery}
    >
      {failure && (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 p-3 text-red-800">
          <p className="font-medium">{failure.message}</p>
          {failure.shortOf && (
            <button
              type="button"
              onClick={() => {
                if (failure.shortOf) fitToStock(type, failure.shortOf);
                location.assign(`/checkout?type=${type}`);
              }}
              className="min-h-11 w-full rounded-md border border-red-700 px-3 font-semibold"
            >
              {failure.shortOf.available > 0 ? `Ramener la quantité à ${failure.shortOf.available}` : 'Retirer ce produit'}
            </button>
          )}
        </div>
      )}
      <ConfirmButton
        busy={busy}
        onClick={() => void confirm()}
        label={busy ? 'Envoi en cours...' : failure && !failure.shortOf ? 'Réessayer' : 'Confirmer la commande'}
      />
    </Validation>
  );
}
