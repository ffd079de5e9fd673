import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, FormMessage, Submit } from '../account/form-kit.tsx';
import { $tracking, trackOrder, type Contact } from './tracking.store.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';

const CONTACTS: Array<{ id: Contact; label: string }> = [
  { id: 'telephone', label: 'Téléphone' },
  { id: 'email', label: 'E-mail' },
];
const loadTracked = () => import('./TrackedOrder.tsx');
const TrackedOrder = lazy(loadTracked);
const contactOf = (value: unknown): Contact => (value === 'email' ? 'email' : 'telephone');

/**
 * §2 `/tracking-order`: reference (`reference`, from `?ref=`, read by the page) plus phone or e-mail, then the order's
 * state as a timeline, its lines and total; works without an account. Hydrated at once; what was typed or chosen before
 * stays (the fields are the server's own).
 */
export default function OrderTracking({
  reference = '',
  providers,
}: {
  reference?: string;
  /** The online providers the shop offers (§2 'En ligne'), for the order found's 'Payer en ligne'. */
  providers: readonly PaymentProviderChoice[];
}) {
  const view = useStore($tracking);
  const [contact, setContact] = useState<Contact>('telephone');
  const form = useRef<HTMLFormElement>(null);

  // A kind of contact chosen before the island was live (the radios are the form's own, React leaves them as they are).
  useEffect(() => setContact(contactOf(form.current && new FormData(form.current).get('contact-kind'))), []);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    void loadTracked().catch(() => {});
    void trackOrder({
      reference: String(data.get('reference') ?? ''),
      contact: contactOf(data.get('contact-kind')),
      value: String(data.get('contact') ?? ''),
    });
  }

  const errors = view.status === 'failed' ? view.errors : {};
  const busy = view.status === 'busy';
  const phone = contact === 'telephone';
  return (
    <div className="space-y-6">
      <form
        ref={form}
        noValidate
        onSubmit={onSubmit}
        method="post"
        aria-label="Suivre une commande"
        className="space-y-4 rounded-lg bg-white p-4 shadow-sm"
      >
        <Field
          name="reference"
          label="Référence de commande"
          defaultValue={reference}
          autoComplete="off"
          hint="Par exemple BQ-7K3F9QMA : elle figure dans l’e-mail et le SMS de confirmation."
          error={errors.reference}
        />
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium text-slate-800">Contact donné à la commande</legend>
          <div className="grid grid-cols-2 gap-2">
            {CONTACTS.map((c) => (
              <label
                key={c.id}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="contact-kind"
                  value={c.id}
                  defaultChecked={c.id === 'telephone'}
                  onChange={() => setContact(c.id)}
                  className="size-5 accent-brand-700"
                />
                <span className="font-medium">{c.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {/* One field whose label follows the choice: what was typed stays when the choice changes. */}
        <Field
          name="contact"
          label={phone ? 'Téléphone donné à la commande' : 'E-mail donné à la commande'}
          type={phone ? 'tel' : 'email'}
          inputMode={phone ? 'tel' : 'email'}
          autoComplete={phone ? 'tel' : 'email'}
          error={errors.contact}
        />
        <FormMessage text={errors.form} kind="error" />
        <Submit busy={busy}>{busy ? 'Recherche en cours...' : 'Suivre ma commande'}</Submit>
      </form>
      {view.status === 'found' && (
        <Suspense fallback={null}>
          <TrackedOrder order={view.order} providers={providers} />
        </Suspense>
      )}
    </div>
  );
}
