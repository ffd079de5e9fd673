import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useMounted } from '../catalogue/use-mounted-store.ts';
import { providerLabels, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { rememberedProvider } from './payment-entry.store.ts';
import type { PaymentFirst } from './payment-first.ts';
import { PROVIDER_LOOK } from '../../components/ui/provider-look.ts';
import { $paymentScreen, payNow, payOnDelivery, watchPayment, type PaymentScreen } from './payment-screen.store.ts';
import { paymentView, trackingHref, type PaymentView } from './payment-view.ts';

const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold';
const TONE: Record<PaymentView['tone'], string> = { paid: 'text-emerald-800', waiting: 'text-brand-900', trouble: 'text-red-800' };
// 'Voir ma commande' is the main way on unless paying again is offered.
const ORDER_LOOK = { main: 'bg-brand-700 text-white hover:bg-brand-800', aside: 'border border-slate-300 text-slate-800' };

function Missing() {
  return (
    <div className="space-y-3 rounded-lg bg-white p-6 text-center shadow-sm">
      <p className="text-lg font-semibold">Nous ne retrouvons pas cette commande.</p>
      <p className="text-slate-700">Vérifiez la référence reçue par SMS ou e-mail, puis suivez votre commande.</p>
      <a href="/tracking-order" className="font-semibold text-brand-700 underline">
        Suivre une commande
      </a>
    </div>
  );
}

/** The way on while the payment is being checked or could not be read: check again, or follow the order. */
function WaysOn({ reference, live, again }: { reference: string | null; live: boolean; again: boolean }) {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {again && (
        <button
          type="button"
          disabled={!live}
          onClick={() => location.reload()}
          className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
        >
          Vérifier à nouveau
        </button>
      )}
      <a href={reference ? trackingHref(reference) : '/tracking-order'} className={`${BUTTON} border border-brand-700 text-brand-700`}>
        Suivre ma commande
      </a>
    </div>
  );
}

function Payment({
  s,
  token,
  live,
  providers,
}: {
  s: Extract<PaymentScreen, { status: 'ready' }>;
  token: string | null;
  live: boolean;
  providers: readonly PaymentProviderChoice[];
}) {
  // The provider chosen in this browser is read once live, so the server's markup and the first render agree.
  const v = paymentView(s.payment, s.gaveUp, live ? rememberedProvider(s.payment.reference) : undefined, providers);
  const { provider, other } = v;
  const heading = useRef<HTMLHeadingElement>(null);
  const acted = useRef(false);
  // The buttons tapped are gone once the order is paid on delivery: the focus goes to the heading, not the page's top.
  useEffect(() => {
    const focused = document.activeElement;
    // Fallen back to the page (or a container of the screen), or still on a removed button.
    if (!v.retry && acted.current && (!focused?.isConnected || focused.contains(heading.current))) heading.current?.focus();
  }, [v.retry]);
  // Disabled until hydrated (a tap always runs the action) and while one runs.
  const act = (look: string, action: () => Promise<void>, label: string) => (
    <button
      type="button"
      disabled={!live || s.busy}
      onClick={() => {
        acted.current = true;
        void action();
      }}
      className={`${BUTTON} ${look} ${s.busy ? 'opacity-60' : ''}`}
    >
      {label}
    </button>
  );
  return (
    <section aria-labelledby="etat" className="space-y-4 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="etat" ref={heading} tabIndex={-1} className={`text-2xl font-bold focus:outline-none ${TONE[v.tone]}`}>
        {v.title}
      </h2>
      <p className="text-slate-800">{v.text}</p>
      <dl className="grid grid-cols-2 gap-2">
        <dt className="text-slate-600">Référence</dt>
        <dd data-testid="payment-reference" className="font-mono font-semibold">
          {v.reference}
        </dd>
        <dt className="text-slate-600">Montant</dt>
        <dd data-testid="payment-amount" className="font-semibold">
          {v.amount}
        </dd>
        {v.progress && (
          <>
            <dt className="text-slate-600">Déjà payé</dt>
            <dd data-testid="payment-paid" className="font-semibold">
              {v.progress.paid}
            </dd>
            <dt className="text-slate-600">Reste à payer</dt>
            <dd data-testid="payment-left" className="font-semibold">
              {v.progress.left}
            </dd>
          </>
        )}
      </dl>
      {s.actionError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
          {s.actionError}
        </p>
      )}
      {(v.retry || v.resume) && (
        <div className="flex flex-col gap-3">
          {/* No provider offered: paying on delivery is the way on. */}
          {provider && (
            <>
              <p data-testid="payment-provider" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800">
                Paiement en ligne avec{' '}
                <span className={`rounded-md px-2 py-0.5 font-bold whitespace-nowrap ${PROVIDER_LOOK[provider].mark}`}>
                  {providerLabels[provider]}
                </span>
              </p>
              {act(
                'bg-brand-700 text-white hover:bg-brand-800',
                () => payNow(token, provider),
                v.retry ? 'Payer maintenant' : 'Réessayer le paiement',
              )}
            </>
          )}
          {other &&
            act(
              `border-2 border-slate-900 ${PROVIDER_LOOK[other].mark}`,
              () => payNow(token, other),
              `Payer avec ${providerLabels[other]}`,
            )}
          {act('border border-brand-700 text-brand-700', () => payOnDelivery(token), 'Payer à la livraison')}
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <a href={v.orderHref} className={`${BUTTON} ${v.retry || v.resume ? ORDER_LOOK.aside : ORDER_LOOK.main}`}>
          Voir ma commande
        </a>
        {v.instalmentsHref && (
          <a href={v.instalmentsHref} className={`${BUTTON} border border-brand-700 text-brand-700`}>
            Mes échéances
          </a>
        )}
        <a href="/boutique" className={`${BUTTON} border border-brand-700 text-brand-700`}>
          Continuer vos achats
        </a>
      </div>
    </section>
  );
}

/**
 * §2 `/payment-state`: where the payment of the order named by `?ref=` (or the one being paid in this browser) stands, as
 * the server says — never the query string. The server and the first client render draw `first`; once mounted, the
 * screen's store, which asks again while the provider may still confirm, and runs 'Payer maintenant' and 'Payer à la livraison'.
 */
export default function PaymentState({
  reference,
  token,
  first,
  providers,
}: PaymentFirst & {
  /** The online providers the shop offers (§2 'En ligne'), Wave first; none: only 'Payer à la livraison'. */
  providers: readonly PaymentProviderChoice[];
}) {
  const live = useStore($paymentScreen);
  const mounted = useMounted();
  useEffect(() => watchPayment(reference, { token, first }), [reference, token, first]);
  const s: PaymentScreen = mounted ? live : (first ?? { status: 'loading' });
  return (
    <div aria-live="polite">
      {s.status === 'loading' && (
        <>
          <p role="status" className="text-slate-600">
            Vérification du paiement…
          </p>
          <WaysOn reference={reference} live={mounted} again={false} />
        </>
      )}
      {s.status === 'none' && <Missing />}
      {s.status === 'error' && (
        <>
          <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
            {s.message}
          </p>
          <WaysOn reference={reference} live={mounted} again />
        </>
      )}
      {s.status === 'ready' && <Payment s={s} token={token} live={mounted} providers={providers} />}
    </div>
  );
}
