/** The pieces of `/commande-validation` (§2) the island draws. */
import type { ReactNode } from 'react';
import { OrderLinesView } from '../../components/ui/OrderLines.tsx';
import type { OrderSumView } from '../../components/ui/order-lines-view.ts';
import type { SaleType } from '../../domain/orders.ts';
import { CHECKOUT_LABELS } from './checkout-labels.ts';
import { ReservedLines } from './CheckoutParts.tsx';
import type { DeliveryView } from './draft.ts';
import { Fact } from '../../components/ui/Fact.tsx';
import { Panel } from '../../components/ui/Panel.tsx';

/** The draft's summary: its lines and total (tranches for a pre-order) beside the delivery, then `children` (the confirm button). */
export function Validation({
  type,
  lines,
  sum,
  delivery,
  children,
}: {
  type: SaleType;
  lines: ReactNode;
  sum: OrderSumView;
  delivery: DeliveryView;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <Panel id="recap" title="Récapitulatif" className="rounded-lg bg-white p-4 shadow-sm" heading="mb-2 text-lg font-bold">
        <OrderLinesView lines={lines} sum={sum} />
      </Panel>
      <Panel id="confirmer" title="Livraison et paiement" className="h-fit space-y-4 rounded-lg bg-white p-4 shadow-sm">
        <dl className="space-y-2">
          <Fact term="Adresse de livraison">{delivery.adresse}</Fact>
          <Fact term="Téléphone">{delivery.telephone}</Fact>
          <Fact term="Mode de paiement">{delivery.mode}</Fact>
          <Fact term="Total à payer" className="text-lg font-bold text-brand-800">
            {delivery.total}
          </Fact>
          {delivery.now && (
            <Fact term="Payé en ligne maintenant" className="font-semibold">
              {delivery.now}
            </Fact>
          )}
        </dl>
        <p className="text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
        {children}
        <a href={`/checkout?type=${type}`} className="block text-center text-sm text-brand-700 underline">
          Modifier la livraison ou le paiement
        </a>
      </Panel>
    </div>
  );
}

/** 'Confirmer la commande' (or what it says while sending, or after a failure). */
export function ConfirmButton({ label, busy, onClick }: { label: string; busy: boolean; onClick?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-brand-700 px-4 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
    >
      {label}
    </button>
  );
}

/** No draft to confirm (none, another type's, or too old): back to the checkout. */
export function NoDraft({ type }: { type: SaleType }) {
  const { what } = CHECKOUT_LABELS[type];
  return (
    <div className="rounded-lg bg-white p-6 text-center shadow-sm">
      <p className="mb-3">Aucune {what} à valider : reprenez-la depuis votre panier.</p>
      <a href={`/checkout?type=${type}`} className="font-semibold text-brand-700 underline">
        Reprendre la {what}
      </a>
    </div>
  );
}

/**
 * What the server draws until the island has read the draft from this browser: the summary's boxes for `count` lines
 * (the collection's cookie mirror), without names or numbers; a short notice when the mirror names none.
 */
export function ReservedValidation({ type, count }: { type: SaleType; count: number }) {
  const row = (
    <div>
      <p className="text-sm">…</p>
      <p className="font-medium">…</p>
    </div>
  );
  return (
    <div aria-busy="true">
      <p role="status" className={count > 0 ? 'sr-only' : 'text-slate-600'}>
        Chargement…
      </p>
      {count > 0 && (
        <div aria-hidden="true" inert className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="rounded-lg bg-white p-4 shadow-sm">
            <p className="mb-2 text-lg font-bold">Récapitulatif</p>
            <ReservedLines count={count} tranches={type === 'preorder'} />
          </div>
          <div className="h-fit space-y-4 rounded-lg bg-white p-4 shadow-sm">
            <p className="text-lg font-bold">Livraison et paiement</p>
            <div className="space-y-2">
              {row}
              {row}
              {row}
              <div>
                <p className="text-sm">…</p>
                <p className="text-lg font-bold">…</p>
              </div>
            </div>
            <p className="text-sm font-semibold">Livraison gratuite sur Dakar</p>
            <div className="min-h-12 rounded-md bg-slate-100" />
            <p className="text-center text-sm">…</p>
          </div>
        </div>
      )}
    </div>
  );
}
