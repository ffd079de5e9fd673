import { useEffect, useState } from 'react';
import { formatFCFA } from '../../domain/money.ts';
import { orderDetailsPath, paymentStatusLabels } from '../../domain/orders.ts';
import type { PaymentState } from '../../domain/orders.schema.ts';
import { failure, readPaymentState } from './orders.store.ts';
import { $payment, checkoutUrl, switchToDelivery } from './payment.store.ts';

/** How often and how long a pending payment is checked again. */
const POLL = { everyMs: 5000, times: 12 };
type View = { status: 'loading' } | { status: 'none' } | { status: 'error'; message: string } | { status: 'ready'; payment: PaymentState; gaveUp: boolean };

const TEXT: Record<PaymentState['payment_status'], string> = {
  paid: 'Merci ! Votre paiement est bien arrivé : nous préparons votre commande.',
  pending: 'Nous attendons la confirmation de votre paiement. Cette page se met à jour toute seule.',
  failed: 'Le paiement n’a pas abouti. Votre commande est conservée : vous pouvez réessayer ou payer à la livraison.',
  cancelled: 'Le paiement a été annulé. Votre commande est conservée : vous pouvez réessayer ou payer à la livraison.',
  unpaid: 'Vous réglerez votre commande à la livraison.',
};
const NOT_STARTED = 'Le paiement en ligne n’a pas pu démarrer : le service de paiement n’a pas répondu. Votre commande est bien enregistrée : réessayez, ou payez à la livraison.';
const GAVE_UP = 'Le paiement n’est pas encore confirmé. La boutique vous confirmera votre commande par SMS dès qu’il arrive.';
const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60';

/** Whether the shopper may pay again or switch to delivery: a payment that ended without money, or one that never started. */
const canRetry = (p: PaymentState) => p.payment_mode === 'online' && p.state !== 'cancel' && p.state !== 'delivered'
  && (p.payment_status === 'failed' || p.payment_status === 'cancelled' || (p.payment_status === 'pending' && !p.checkout_open));

/** §2 `/payment-state`: where the payment of the order named by `?ref=` (or the one being paid in this browser) stands, as the server says — never the query string. */
export default function PaymentStatePage() {
  const [view, setView] = useState<View>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    const ref = new URLSearchParams(location.search).get('ref')?.trim() || $payment.get()?.order;
    if (!ref) return setView({ status: 'none' });
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (left: number) => {
      try {
        const payment = await readPaymentState(ref);
        if (stop) return;
        if (!payment) return setView({ status: 'none' });
        const waiting = payment.payment_status === 'pending' && payment.checkout_open;
        const again = waiting && left > 0;
        setView({ status: 'ready', payment, gaveUp: waiting && !again });
        if (again) timer = setTimeout(() => void check(left - 1), POLL.everyMs);
      } catch (err) {
        if (!stop) setView({ status: 'error', message: failure(err, 'Impossible de vérifier le paiement. Vérifiez votre connexion puis rechargez la page.') });
      }
    };
    void check(POLL.times);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, []);

  if (view.status === 'loading') return <p role="status" className="text-slate-600">Vérification du paiement…</p>;
  if (view.status === 'error') return <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">{view.message}</p>;
  if (view.status === 'none') {
    return (
      <div className="space-y-3 rounded-lg bg-white p-6 text-center shadow-sm">
        <p className="text-lg font-semibold">Nous ne retrouvons pas cette commande.</p>
        <p className="text-slate-700">Vérifiez la référence reçue par SMS ou e-mail, puis suivez votre commande.</p>
        <a href="/tracking-order" className="font-semibold text-brand-700 underline">Suivre une commande</a>
      </div>
    );
  }
  const p = view.payment;

  async function payNow() {
    setBusy(true);
    setActionError(null);
    try {
      location.assign(await checkoutUrl(p.reference, p.amount_total));
    } catch (err) {
      setActionError((err as Error).message);
      setBusy(false);
    }
  }
  async function payOnDelivery() {
    setBusy(true);
    setActionError(null);
    try {
      setView({ status: 'ready', payment: await switchToDelivery(p.reference), gaveUp: false });
    } catch (err) {
      setActionError((err as Error).message);
    }
    setBusy(false);
  }

  const retry = canRetry(p);
  const tone = p.payment_status === 'paid' ? 'text-emerald-800' : (p.payment_status === 'pending' && !retry) || p.payment_status === 'unpaid' ? 'text-brand-900' : 'text-red-800';
  const orderHref = p.id ? orderDetailsPath(p.type_sale, p.id) : `/tracking-order?ref=${encodeURIComponent(p.reference)}`;
  const text = view.gaveUp ? GAVE_UP : p.payment_status === 'pending' && retry ? NOT_STARTED : TEXT[p.payment_status];
  return (
    <section aria-labelledby="etat" aria-live="polite" className="space-y-4 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="etat" className={`text-2xl font-bold ${tone}`}>{paymentStatusLabels[p.payment_status]}</h2>
      <p className="text-slate-800">{text}</p>
      <dl className="grid grid-cols-2 gap-2">
        <dt className="text-slate-600">Référence</dt><dd data-testid="payment-reference" className="font-mono font-semibold">{p.reference}</dd>
        <dt className="text-slate-600">Montant</dt><dd data-testid="payment-amount" className="font-semibold">{formatFCFA(p.amount_total)}</dd>
      </dl>
      {actionError && <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">{actionError}</p>}
      {retry && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="button" disabled={busy} onClick={() => void payNow()} className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>Payer maintenant</button>
          <button type="button" disabled={busy} onClick={() => void payOnDelivery()} className={`${BUTTON} border border-brand-700 text-brand-700`}>Payer à la livraison</button>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <a href={orderHref} className={`${BUTTON} ${retry ? 'border border-slate-300 text-slate-800' : 'bg-brand-700 text-white hover:bg-brand-800'}`}>Voir ma commande</a>
        <a href="/boutique" className={`${BUTTON} border border-brand-700 text-brand-700`}>Continuer vos achats</a>
      </div>
    </section>
  );
}
