import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { OrderLines } from '../../components/ui/OrderLines.tsx';
import { OrderTimeline } from '../../components/ui/OrderTimeline.tsx';
import { StateBadge } from '../../components/ui/StateBadge.tsx';
import { formatDateTime } from '../../domain/dates.ts';
import { awaitsOnlinePayment, paymentModeLabels, paymentStatusLabels } from '../../domain/orders.ts';
import type { TrackedOrder } from '../../domain/orders.schema.ts';
import { Field, FormMessage, Submit } from '../account/form-kit.tsx';
import { PayOnlineButton } from './PayOnlineButton.tsx';
import { $tracking, trackOrder, type Contact } from './tracking.store.ts';

const CONTACTS: Array<{ id: Contact; label: string }> = [
  { id: 'telephone', label: 'Téléphone' },
  { id: 'email', label: 'E-mail' },
];
const CARD = 'rounded-lg bg-white p-4 shadow-sm';

function Tracked({ order }: { order: TrackedOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order]);
  return (
    <section aria-labelledby="suivi" className={`${CARD} space-y-5`}>
      <div className="space-y-1">
        <h2 id="suivi" ref={heading} tabIndex={-1} className="text-xl font-bold text-brand-900 focus:outline-none">Commande <span data-testid="order-reference">{order.reference}</span></h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StateBadge state={order.state} />
          <span>Passée le {formatDateTime(order.date_order)}</span>
        </p>
        <p className="text-sm text-slate-700">Paiement : {paymentModeLabels[order.payment_mode]} · <span data-testid="payment-status">{paymentStatusLabels[order.payment_status]}</span></p>
      </div>
      {awaitsOnlinePayment(order) && <PayOnlineButton order={order} />}
      <OrderTimeline order={order} />
      <OrderLines order={order} />
    </section>
  );
}

/** §2 `/tracking-order`: reference plus phone or e-mail, then the order's state as a timeline, its lines and total; works without an account. */
export default function OrderTracking() {
  const view = useStore($tracking);
  const [contact, setContact] = useState<Contact>('telephone');
  const [reference, setReference] = useState('');

  // `?ref=` (from a confirmation or the payment screen) fills the reference.
  useEffect(() => setReference(new URLSearchParams(location.search).get('ref')?.trim() ?? ''), []);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    void trackOrder({ reference: String(data.get('reference') ?? ''), contact, value: String(data.get('contact') ?? '') });
  }

  const errors = view.status === 'failed' ? view.errors : {};
  const busy = view.status === 'busy';
  return (
    <div className="space-y-6">
      <form noValidate onSubmit={onSubmit} aria-label="Suivre une commande" className={`${CARD} space-y-4`}>
        <Field key={reference} name="reference" label="Référence de commande" defaultValue={reference} autoComplete="off" hint="Par exemple BQ-7K3F9QMA : elle figure dans l’e-mail et le SMS de confirmation." error={errors.reference} />
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium text-slate-800">Contact donné à la commande</legend>
          <div className="grid grid-cols-2 gap-2">
            {CONTACTS.map((c) => (
              <label key={c.id} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 has-checked:border-brand-700 has-checked:bg-brand-50">
                <input type="radio" name="contact-kind" value={c.id} checked={contact === c.id} onChange={() => setContact(c.id)} className="size-5 accent-brand-700" />
                <span className="font-medium">{c.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {contact === 'telephone'
          ? <Field key="telephone" name="contact" label="Téléphone donné à la commande" type="tel" inputMode="tel" autoComplete="tel" error={errors.contact} />
          : <Field key="email" name="contact" label="E-mail donné à la commande" type="email" inputMode="email" autoComplete="email" error={errors.contact} />}
        <FormMessage text={errors.form} kind="error" />
        <Submit busy={busy}>{busy ? 'Recherche en cours...' : 'Suivre ma commande'}</Submit>
      </form>
      {view.status === 'found' && <Tracked order={view.order} />}
    </div>
  );
}
