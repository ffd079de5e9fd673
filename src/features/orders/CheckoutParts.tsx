/** The pieces of `/checkout` (§2) the island draws; `ReservedLines` also stands in for `/commande-validation`'s summary. */
import type { ReactNode } from 'react';
import { OrderLinesView } from '../../components/ui/OrderLines.tsx';
import { orderSumView, type OrderSumView } from '../../components/ui/order-lines-view.ts';
import { trancheRows, type SaleType } from '../../domain/orders.ts';
import { CHECKOUT_LABELS } from './checkout-labels.ts';
import { Panel } from '../../components/ui/Panel.tsx';

const CARD = 'rounded-lg bg-white p-4 shadow-sm';

/** The articles column: the lines, their total (and a pre-order's tranches), what stops the order, free delivery. */
export function Articles({ lines, sum, children }: { lines: ReactNode; sum: OrderSumView; children?: ReactNode }) {
  return (
    <Panel id="articles" title="Articles" className={CARD} heading="mb-2 text-lg font-bold">
      <OrderLinesView lines={lines} sum={sum} />
      {children}
      <p className="mt-4 text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
    </Panel>
  );
}

/** The empty collection's notice. */
export function EmptyCheckout({ type }: { type: SaleType }) {
  return (
    <div className="rounded-lg bg-white p-6 text-center shadow-sm">
      <p className="mb-3">Votre {CHECKOUT_LABELS[type].what} est vide.</p>
      <a href="/boutique" className="font-semibold text-brand-700 underline">
        Continuer vos achats
      </a>
    </div>
  );
}

/** The articles' place while their prices are read: the same boxes as `Articles` for `count` lines, without names or figures. */
export function ReservedArticles({ type, count }: { type: SaleType; count: number }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Calcul des prix…
      </p>
      <div aria-hidden="true" inert className={CARD}>
        <p className="mb-2 text-lg font-bold">Articles</p>
        <ReservedLines count={count} tranches={type === 'preorder'} />
        <p className="mt-4 text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
      </div>
    </div>
  );
}

const DUE = orderSumView({ amount_total: 0, tranches: trancheRows(0).map((t) => ({ ...t, state: 'due' })) }).tranches;

/** `count` lines' room, the total and a pre-order's tranches, with no names or numbers (a line is taller on phones, where names wrap). */
export function ReservedLines({ count, tranches }: { count: number; tranches: boolean }) {
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike
          <li key={i} className="flex min-h-[5.75rem] items-center gap-3 py-3 sm:min-h-20">
            <span className="size-14 shrink-0 rounded-md bg-slate-100" />
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t border-slate-200 pt-3 text-lg">
        <span>Total</span>
        <strong>…</strong>
      </p>
      {tranches && (
        <div className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
          {DUE.map((t) => (
            <div key={t.label} className="flex items-center justify-between gap-2">
              <span>{t.label}</span>
              <span className="flex shrink-0 flex-col items-end">
                <strong>…</strong>
                <span className="text-xs">à payer</span>
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
