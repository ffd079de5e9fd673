import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { OrderLineItem } from '../../components/ui/OrderLines.tsx';
import { checkoutFormSchema } from '../../domain/orders.schema.ts';
import { saleKinds, type SaleType } from '../../domain/orders.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import type { CreditTerms } from '../../domain/schedule.ts';
import { Field, fieldErrors, FormMessage, PhoneField, Submit } from '../account/form-kit.tsx';
import { useMounted } from '../catalogue/use-mounted-store.ts';
import { collections } from '../collections/collections.store.ts';
import { $quote, fitToStock, followQuote, loadQuote, quoteSettled, saveDraft, type Quote } from './checkout.store.ts';
import { CHECKOUT_LABELS } from './checkout-labels.ts';
import { CreditMonths } from './CreditMonths.tsx';
import { Articles, EmptyCheckout, ReservedArticles } from './CheckoutParts.tsx';
import type { Draft } from './draft.ts';
import { currentDraft } from './draft.store.ts';
import { PaymentChoice } from './PaymentChoice.tsx';
import { quoteView, seenPrices, type QuoteLine, type ReadyQuote, type SeenPrice } from './quote.ts';
import { RetryButton } from '../../components/ui/RetryButton.tsx';

const FIX = 'min-h-11 rounded-md border border-red-700 bg-white px-3 font-semibold text-red-800 hover:bg-red-100';

/** What stops a line, on the line, with its one-tap fix (§4): 'Réduire à N' or 'Retirer'. */
function LineProblem({ type, line }: { type: SaleType; line: QuoteLine }) {
  if (!line.problem) return null;
  const to = line.available ?? 0;
  const fix = () => fitToStock(type, { product_id: line.product_id, available: to });
  return (
    <div className="flex w-full flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{line.problem}</p>
      <button type="button" onClick={fix} className={FIX}>
        {to > 0 ? `Réduire à ${to}` : 'Retirer'}
        <span className="sr-only"> : {line.name}</span>
      </button>
    </div>
  );
}

/** Puts an earlier draft's address, phone, payment mode and provider in the fields the shopper has not changed yet. */
function fillForm(form: HTMLFormElement, draft: Draft | null): void {
  if (!draft) return;
  for (const name of ['adresse', 'telephone'] as const) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement && input.value === input.defaultValue) input.value = draft[name];
  }
  // A choice not yet changed takes the draft's; a provider the shop no longer offers has no card: the one offered stays.
  for (const [name, value] of [
    ['payment_mode', draft.payment_mode],
    ['payment_provider', draft.payment_provider ?? 'wave'],
  ]) {
    const checked = form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);
    const radio = form.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"][value="${value}"]`);
    if (radio && (!checked || checked.defaultChecked)) radio.checked = true;
  }
}

interface Props {
  type: SaleType;
  /** The phone of the default delivery address, else the member's from the session cookie: the form's default. */
  phone: string;
  /** The default delivery address of the profile ('' without one): the form's default. */
  adresse?: string;
  /** The lines the cookie mirror named, priced by the server; null when the API did not answer. */
  server: ReadyQuote | null;
  /** How many lines the cookie mirror named (the room kept while prices are read). */
  count: number;
  /** The prices the cookie mirror says its lines were stored with. */
  seen?: SeenPrice[];
  /** The online providers the shop offers (§2 'En ligne'), Wave first; none: only 'A domicile'. */
  providers: readonly PaymentProviderChoice[];
  /** The shop's credit terms (§6), for a credit checkout: the months offered, in place of the payment mode. */
  terms?: CreditTerms | null;
}

/**
 * §2 `/checkout`: the collection at the catalogue's prices, delivery address and phone, payment mode; then the validation
 * screen. The server draws the lines its cookie mirror names at the prices of now; once hydrated, the island follows the
 * stored collection (prices read again when it is not what the server priced) and fills the form from an earlier draft.
 * The form cannot be sent before that (its button is disabled), and a form sent while prices are read waits for them.
 */
export default function CheckoutPage({ type, phone, adresse = '', server, count, seen = [], providers, terms = null }: Props) {
  const live = useMounted();
  const current = useStore($quote);
  const stored = useStore(collections[saleKinds[type]]);
  // Until hydrated, the server's quote: the same markup on both sides.
  const quote: Quote = live ? current : (server ?? { status: 'loading' });
  const labels = CHECKOUT_LABELS[type];
  // A credit order is paid in monthly instalments (§6): the months offered replace the payment mode.
  const credit = type === 'creditorder' ? terms : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  useEffect(() => followQuote(type, server), [type, server]);
  const withDraft = useCallback(
    (form: HTMLFormElement | null) => {
      if (form && live) fillForm(form, currentDraft(type));
    },
    [live, type],
  );

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = checkoutFormSchema.safeParse({
      adresse: data.get('adresse'),
      telephone: data.get('telephone'),
      payment_mode: data.get('payment_mode') ?? undefined,
      payment_provider: data.get('payment_provider') ?? undefined,
      credit_months: data.has('credit_months') ? Number(data.get('credit_months')) : undefined,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    // A draft is only ever saved from fresh prices: a form sent while they are read waits for them.
    setSending(true);
    await quoteSettled();
    if (!saveDraft(parsed.data, new Date(), credit?.dueDay)) {
      setSending(false);
      return setErrors({ form: 'Votre panier a changé : vérifiez les articles ci-dessus.' });
    }
    location.assign(`/commande-validation?type=${type}`);
  }

  if (quote.status === 'ready' && quote.lines.length === 0) return <EmptyCheckout type={type} />;
  const problems = quote.status === 'ready' ? quote.lines.filter((l) => l.problem) : [];
  const ready = quote.status === 'ready' ? quote : null;
  // Each line's price is compared with the one stored with it (§4 "Pricing"): the mirror's on the server, storage's once hydrated.
  const view = ready && quoteView(ready, live ? seenPrices(type, stored) : seen);
  const draftMonths = live && credit ? currentDraft(type)?.credit?.months : undefined;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      {quote.status === 'loading' && <ReservedArticles type={type} count={live ? collections[saleKinds[type]].get().length : count} />}
      {quote.status === 'error' && (
        <div className="space-y-3">
          <FormMessage text={quote.message} kind="error" />
          <RetryButton onRetry={() => void loadQuote(type)} />
        </div>
      )}
      {view && (
        <Articles
          lines={view.lines.map((l, i) => (
            <OrderLineItem key={ready.lines[i]!.product_id} view={l} note={<LineProblem type={type} line={ready.lines[i]!} />} />
          ))}
          sum={view.sum}
        >
          {ready.welcome.note && (
            <p data-testid="welcome-note" className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              {ready.welcome.note}
            </p>
          )}
        </Articles>
      )}
      <form
        ref={withDraft}
        onSubmit={(e) => void onSubmit(e)}
        method="post"
        noValidate
        aria-labelledby="livraison"
        className="h-fit space-y-4 rounded-lg bg-white p-4 shadow-sm"
      >
        <h2 id="livraison" className="text-lg font-bold">
          Livraison et paiement
        </h2>
        <Field
          name="adresse"
          label="Adresse de livraison"
          autoComplete="street-address"
          hint="Quartier, rue, repère : le livreur vous appelle avant de passer."
          defaultValue={adresse}
          error={errors.adresse}
        />
        <PhoneField name="telephone" label="Téléphone" defaultValue={phone} error={errors.telephone} />
        {credit ? (
          <>
            <input type="hidden" name="payment_mode" value="domicile" />
            <CreditMonths
              key={draftMonths ?? 0}
              terms={credit}
              total={ready ? ready.amount_total : null}
              initial={draftMonths}
              error={errors.credit_months}
            />
          </>
        ) : (
          <PaymentChoice providers={providers} defaultValue="domicile" error={errors.payment_mode} />
        )}
        <FormMessage text={errors.form} kind="error" />
        {/* Disabled until hydrated, so a form sent before goes nowhere (as a POST, it would come back to this page, emptied). */}
        <Submit busy={!live || sending || problems.length > 0}>Continuer vers la validation</Submit>
        {/* A greyed button says why beside it. */}
        {problems.length > 0 && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {problems.length > 1 ? `${problems.length} articles sont à corriger` : 'Un article est à corriger'} ci-dessus (stock ou
            disponibilité) avant de continuer.
          </p>
        )}
        <a href={labels.cartHref} className="block text-center text-sm text-brand-700 underline">
          {labels.cart}
        </a>
      </form>
    </div>
  );
}
