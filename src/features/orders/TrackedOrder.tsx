import { useEffect, useRef } from 'react';
import { OrderLines } from '../../components/ui/OrderLines.tsx';
import { OrderTimeline } from '../../components/ui/OrderTimeline.tsx';
import { StateBadge } from '../../components/ui/StateBadge.tsx';
import { formatDateTime } from '../../domain/dates.ts';
import { awaitsOnlinePayment, paymentModeLabels, paymentStatusLabels } from '../../domain/orders.ts';
import type { TrackedOrder as Order } from '../../domain/orders.schema.ts';
import { HoldNotice } from '../../components/ui/HoldNotice.tsx';
import { CreditApprovals } from '../../components/ui/CreditApprovals.tsx';
import { creditPaymentText } from '../../domain/credit-approval.ts';
import { PayOnlineButton } from './PayOnlineButton.tsx';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';

/** §2 `/tracking-order`'s answer: the order found, its state as a timeline, its lines and total (loaded with the first search). */
export default function TrackedOrder({ order, providers }: { order: Order; providers: readonly PaymentProviderChoice[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `order` is the trigger: each answer found is brought into view, its heading at the top, and takes the focus.
  useEffect(() => {
    const h = heading.current;
    if (!h) return;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    h.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    h.focus({ preventScroll: true });
  }, [order]);
  return (
    // data-keep-clear: the floating contacts step aside while they would lie over the answer (frame-script.ts).
    <section aria-labelledby="suivi" data-keep-clear className="scroll-mt-4 space-y-5 rounded-lg bg-white p-4 shadow-sm">
      <div className="space-y-1">
        <h2 id="suivi" ref={heading} tabIndex={-1} className="scroll-mt-4 text-xl font-bold text-brand-900 focus:outline-none">
          Commande <span data-testid="order-reference">{order.reference}</span>
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StateBadge state={order.state} />
          <span>Passée le {formatDateTime(order.date_order)}</span>
        </p>
        <p className="text-sm text-slate-700">
          Paiement :{' '}
          {order.credit ? (
            <span data-testid="payment-status">{creditPaymentText(order.credit.months)}</span>
          ) : (
            <>
              {paymentModeLabels[order.payment_mode]} ·{' '}
              <span data-testid="payment-status">{paymentStatusLabels[order.payment_status]}</span>
            </>
          )}
        </p>
      </div>
      <CreditApprovals credit={order.credit} />
      <HoldNotice order={order} />
      {awaitsOnlinePayment(order) && <PayOnlineButton order={order} providers={providers} />}
      <OrderTimeline order={order} />
      <OrderLines order={order} />
    </section>
  );
}
