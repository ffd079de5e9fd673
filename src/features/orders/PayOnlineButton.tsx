import { useEffect, useState } from 'react';
import { paymentStatePath } from '../../domain/orders.ts';
import { offeredProvider, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { rememberedProvider } from './payment-entry.store.ts';
import { ProviderChoice } from './ProviderChoice.tsx';

/**
 * §2 'En ligne' order not paid yet: one of the providers the shop offers (the one chosen for the order in this browser,
 * else the first), then one tap to the provider's page (or to `/payment-state`, which says why and offers the retry).
 * With no provider offered, only the way to `/payment-state`, which offers 'Payer à la livraison'.
 */
export function PayOnlineButton({
  order,
  providers,
}: {
  order: { reference: string; amount_total: number; payment_token?: string };
  providers: readonly PaymentProviderChoice[];
}) {
  const [busy, setBusy] = useState(false);
  const [provider, setProvider] = useState<PaymentProviderChoice | null>(() => offeredProvider(null, providers));
  // Browser storage is read once mounted, so the server's markup and the first render agree.
  useEffect(() => {
    const chosen = offeredProvider(rememberedProvider(order.reference), providers);
    if (chosen) setProvider(chosen);
  }, [order.reference, providers]);
  const state = (
    <a href={paymentStatePath(order.reference)} className="font-semibold text-brand-700 underline">
      Voir l’état du paiement
    </a>
  );
  if (!provider) return state;
  return (
    <div className="flex flex-col gap-3">
      <ProviderChoice providers={providers} value={provider} onChange={setProvider} />
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        // The payment code (API client, zod) loads with the tap; if it cannot, the payment screen offers the retry.
        onClick={() => {
          setBusy(true);
          void import('./payment.store.ts').then(
            (m) => m.payOnline(order, { provider }),
            () => location.assign(paymentStatePath(order.reference)),
          );
        }}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Ouverture du paiement…' : 'Payer en ligne'}
      </button>
      {state}
    </div>
  );
}
