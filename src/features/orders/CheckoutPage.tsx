import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { OrderLines } from '../../components/ui/OrderLines.tsx';
import { checkoutFormSchema } from '../../domain/orders.schema.ts';
import type { PaymentMode, SaleType } from '../../domain/orders.ts';
import { $session } from '../account/session.store.ts';
import { Field, fieldErrors, FormMessage, Submit } from '../account/form-kit.tsx';
import { $quote, currentDraft, loadQuote, saveDraft } from './checkout.store.ts';
import { CHECKOUT_LABELS } from './checkout-labels.ts';
import { PaymentChoice } from './PaymentChoice.tsx';

/** §2 `/checkout`: the collection at the catalogue's prices, delivery address and phone, payment mode; then the validation screen. */
export default function CheckoutPage({ type }: { type: SaleType }) {
  const quote = useStore($quote);
  const session = useStore($session);
  const labels = CHECKOUT_LABELS[type];
  const earlier = currentDraft(type);
  const [mode, setMode] = useState<PaymentMode | null>(earlier?.payment_mode ?? 'domicile');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    void loadQuote(type);
  }, [type]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = checkoutFormSchema.safeParse({ adresse: data.get('adresse'), telephone: data.get('telephone'), payment_mode: mode ?? undefined });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (!saveDraft(parsed.data)) return setErrors({ form: 'Votre panier a changé : vérifiez les articles ci-dessus.' });
    location.assign(`/commande-validation?type=${type}`);
  }

  if (quote.status === 'loading') return <p role="status" className="text-slate-600">Calcul des prix…</p>;
  if (quote.status === 'error') {
    return (
      <div className="space-y-3">
        <FormMessage text={quote.message} kind="error" />
        <button type="button" onClick={() => void loadQuote(type)} className="min-h-11 rounded-md border border-brand-700 px-4 font-semibold text-brand-700">Réessayer</button>
      </div>
    );
  }
  if (quote.lines.length === 0) {
    return (
      <div className="rounded-lg bg-white p-6 text-center shadow-sm">
        <p className="mb-3">Votre {labels.what} est vide.</p>
        <a href="/boutique" className="font-semibold text-brand-700 underline">Continuer vos achats</a>
      </div>
    );
  }
  const problems = quote.lines.filter((l) => l.problem);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="articles" className="rounded-lg bg-white p-4 shadow-sm">
        <h2 id="articles" className="mb-2 text-lg font-bold">Articles</h2>
        <OrderLines order={{ order_lines: quote.lines, amount_total: quote.amount_total, tranches: quote.tranches.map((t) => ({ ...t, state: 'due' as const })) }} />
        {problems.length > 0 && (
          <div role="alert" className="mt-4 space-y-2 rounded-md bg-red-50 p-3 text-red-800">
            {problems.map((l) => <p key={l.product_id} className="font-medium">{l.problem}</p>)}
            <a href={labels.cartHref} className="inline-block font-semibold underline">Modifier mon panier</a>
          </div>
        )}
        <p className="mt-4 text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
      </section>
      <form onSubmit={onSubmit} noValidate aria-labelledby="livraison" className="h-fit space-y-4 rounded-lg bg-white p-4 shadow-sm">
        <h2 id="livraison" className="text-lg font-bold">Livraison et paiement</h2>
        <Field name="adresse" label="Adresse de livraison" autoComplete="street-address" defaultValue={earlier?.adresse} hint="Quartier, rue, repère : le livreur vous appelle avant de passer." error={errors.adresse} />
        <Field name="telephone" label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={earlier?.telephone ?? session?.user_info.partner_phone ?? ''} error={errors.telephone} />
        <PaymentChoice value={mode} onChange={setMode} error={errors.payment_mode} />
        <FormMessage text={errors.form} kind="error" />
        <Submit busy={problems.length > 0}>Continuer vers la validation</Submit>
        <a href={labels.cartHref} className="block text-center text-sm text-brand-700 underline">{labels.cart}</a>
      </form>
    </div>
  );
}
