import { useState } from 'react';
import { INSTALMENT_TEXT, instalmentToPay } from '../../domain/instalment-payments.ts';
import { formatFCFA } from '../../domain/money.ts';
import type { Order } from '../../domain/orders.schema.ts';
import { offeredProvider, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { instalmentLabel } from '../../domain/schedule.ts';
import { ProviderChoice } from '../orders/ProviderChoice.tsx';

/**
 * A pre-order's or credit order's details (§6): its next instalment and « Payer cette échéance » (one instalment's
 * amount, never the whole total), with the provider choice as 'Payer en ligne' has; or why none can be paid yet.
 */
export function PayInstalment({
  order,
  providers,
}: {
  order: Pick<Order, 'reference' | 'type_sale' | 'state' | 'tranches' | 'credit'>;
  providers: readonly PaymentProviderChoice[];
}) {
  const [provider, setProvider] = useState<PaymentProviderChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const next = instalmentToPay(order, order.tranches);
  if (!next.ok)
    return next.message === INSTALMENT_TEXT.awaitingApproval ? (
      <div>
        <p className="text-sm text-slate-700">{next.message}</p>
      </div>
    ) : null;
  const line = order.tranches.find((t) => t.number === next.number)!;
  const label = instalmentLabel(line, order.credit?.months ?? null);
  const chosen = offeredProvider(provider, providers);
  if (!chosen) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Prochaine échéance : <strong>{label}</strong>, {formatFCFA(next.amount)}
      </p>
      <ProviderChoice providers={providers} value={chosen} onChange={setProvider} />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          void import('./instalments.store.ts')
            .then((m) => m.payInstalment(order.reference, next.number, chosen))
            .catch((err: Error) => {
              setError(err.message);
              setBusy(false);
            });
        }}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Ouverture du paiement…' : 'Payer cette échéance'}
      </button>
    </div>
  );
}
