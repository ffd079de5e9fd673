import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { OrderLineItem } from '../../components/ui/OrderLines.tsx';
import { orderLineView, orderSumView } from '../../components/ui/order-lines-view.ts';
import { checkoutFormSchema } from '../../domain/orders.schema.ts';
import type { SaleType } from '../../domain/orders.ts';
import { Field, fieldErrors, FormMessage, Submit, useLive } from '../account/form-kit.tsx';
import { $quote, loadQuote, saveDraft } from './checkout.store.ts';
import { CHECKOUT_LABELS } from './checkout-labels.ts';
import { Articles, EmptyCheckout, ReservedArticles } from './CheckoutParts.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';

/**
 * §2 `/checkout`: the collection at the catalogue's prices, delivery address and phone, payment mode; then the validation
 * screen. The server draws the form (`phone` from the session cookie); until the prices are read again, the preview
 * (checkout-preview.ts) shows the stored lines and fills the form from an earlier draft, and a form sent is held.
 */
export default function CheckoutPage({ type, phone }: { type: SaleType; phone: string }) {
  const quote = useStore($quote);
  const labels = CHECKOUT_LABELS[type];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mounted = useLive();

  useEffect(() => {
    void loadQuote(type);
  }, [type]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = checkoutFormSchema.safeParse({ adresse: data.get('adresse'), telephone: data.get('telephone'), payment_mode: data.get('payment_mode') ?? undefined });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (!saveDraft(parsed.data)) return setErrors({ form: 'Votre panier a changé : vérifiez les articles ci-dessus.' });
    location.assign(`/commande-validation?type=${type}`);
  }

  if (quote.status === 'ready' && quote.lines.length === 0) return <EmptyCheckout type={type} />;
  const problems = quote.status === 'ready' ? quote.lines.filter((l) => l.problem) : [];
  return (
    <>
      {quote.status === 'loading' && <ReservedArticles type={type} />}
      {quote.status === 'error' && (
        <div className="space-y-3">
          <FormMessage text={quote.message} kind="error" />
          <button type="button" onClick={() => void loadQuote(type)} className="min-h-11 rounded-md border border-brand-700 px-4 font-semibold text-brand-700">Réessayer</button>
        </div>
      )}
      {quote.status === 'ready' && (
        <Articles lines={quote.lines.map((l) => <OrderLineItem key={l.product_id} view={orderLineView(l)} />)} sum={orderSumView({ amount_total: quote.amount_total, tranches: quote.tranches.map((t) => ({ ...t, state: 'due' })) })}>
          {problems.length > 0 && (
            <div role="alert" className="mt-4 space-y-2 rounded-md bg-red-50 p-3 text-red-800">
              {problems.map((l) => <p key={l.product_id} className="font-medium">{l.problem}</p>)}
              <a href={labels.cartHref} className="inline-block font-semibold underline">Modifier mon panier</a>
            </div>
          )}
        </Articles>
      )}
      {/* Live (a held submit goes on) once the prices are read again: a draft is only ever saved from a fresh quote. */}
      <form onSubmit={onSubmit} noValidate aria-labelledby="livraison" data-live={mounted !== undefined && quote.status === 'ready' ? '' : undefined} className="hidden h-fit space-y-4 rounded-lg bg-white p-4 shadow-sm group-data-[filled]:block">
        <h2 id="livraison" className="text-lg font-bold">Livraison et paiement</h2>
        <Field name="adresse" label="Adresse de livraison" autoComplete="street-address" hint="Quartier, rue, repère : le livreur vous appelle avant de passer." error={errors.adresse} />
        <Field name="telephone" label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={phone} error={errors.telephone} />
        <PaymentChoice defaultValue="domicile" error={errors.payment_mode} />
        <FormMessage text={errors.form} kind="error" />
        <Submit busy={problems.length > 0}>Continuer vers la validation</Submit>
        <a href={labels.cartHref} className="block text-center text-sm text-brand-700 underline">{labels.cart}</a>
      </form>
    </>
  );
}
