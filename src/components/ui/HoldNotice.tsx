import { formatDateTime } from '../../domain/dates.ts';
import { cancelReasonLabels, type CancelReason, type OrderState, type PaymentMode, type SaleType } from '../../domain/orders.ts';

/** What an order's hold (src/domain/holds.ts) asks of its shopper, or why it was cancelled; nothing when neither applies. */
export function HoldNotice({
  order,
}: {
  order: {
    hold_until: string | null;
    payment_mode: PaymentMode;
    state: OrderState;
    cancel_reason: CancelReason | null;
    /** A credit order waits for its approvals (§6), not for a call. */
    type_sale?: SaleType;
  };
}) {
  if (order.state === 'cancel' && order.cancel_reason) {
    return (
      <p role="note" className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
        {cancelReasonLabels[order.cancel_reason]}.
      </p>
    );
  }
  if (!order.hold_until) return null;
  const by = formatDateTime(order.hold_until);
  return (
    <p role="note" className="rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
      {order.type_sale === 'creditorder'
        ? `Vos articles vous sont réservés jusqu’au ${by}, le temps que la boutique et votre compte parent valident la commande.`
        : order.payment_mode === 'online'
          ? `Payez avant le ${by} : vos articles vous sont réservés jusque-là, puis la commande est annulée.`
          : `Vos articles vous sont réservés jusqu’au ${by}, le temps que la boutique vous appelle pour confirmer.`}
    </p>
  );
}
