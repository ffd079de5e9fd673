/**
 * The pieces of `/checkout` (§2) drawn by the island and, as templates, by the server for the first-paint preview
 * (checkout-preview.ts): one markup for both, so the preview and the island never differ.
 */
import type { ReactNode } from 'react';
import { OrderLineItem, OrderLinesView } from '../../components/ui/OrderLines.tsx';
import { ORDER_SLOT, type OrderSumView } from '../../components/ui/order-lines-view.ts';
import type { SaleType } from '../../domain/orders.ts';
import { CHECKOUT_LABELS } from './checkout-labels.ts';

const CARD = 'rounded-lg bg-white p-4 shadow-sm';

/** The articles column: the lines, their total (and a pre-order's tranches), what stops the order, free delivery. */
export function Articles({ lines, sum, children }: { lines: ReactNode; sum: OrderSumView; children?: ReactNode }) {
  return (
    <section aria-labelledby="articles" className={CARD}>
      <h2 id="articles" className="mb-2 text-lg font-bold">Articles</h2>
      <OrderLinesView lines={lines} sum={sum} />
      {children}
      <p className="mt-4 text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
    </section>
  );
}

/** The empty collection's notice, across the whole width. */
export function EmptyCheckout({ type }: { type: SaleType }) {
  return (
    <div className="col-span-full rounded-lg bg-white p-6 text-center shadow-sm">
      <p className="mb-3">Votre {CHECKOUT_LABELS[type].what} est vide.</p>
      <a href="/boutique" className="font-semibold text-brand-700 underline">Continuer vos achats</a>
    </div>
  );
}

/**
 * What the server draws in the articles' place until the prices are known, sized by the frame's inline script
 * (reserve-lines.ts: `--lines`, `data-filled`): the lines' height and the total, or the empty notice's height.
 * Hidden while the preview stands in its place; `data-reserved` tells the preview it is still there.
 */
export function ReservedArticles({ type }: { type: SaleType }) {
  return (
    <div aria-busy="true" data-reserved className="col-span-full group-data-[drawn]:hidden group-data-[filled]:col-span-1">
      <p role="status" className="sr-only">Calcul des prix…</p>
      <div aria-hidden="true" className="rounded-lg bg-white p-6 text-center shadow-sm group-data-[filled]:hidden">
        <p className="mb-3">Chargement…</p>
        <span className="invisible">Continuer vos achats</span>
      </div>
      {/* The same boxes as Articles, without names or ids (those belong to the drawn articles). */}
      <div aria-hidden="true" inert className={`hidden ${CARD} group-data-[filled]:block`}>
        <p className="mb-2 text-lg font-bold">Articles</p>
        <ReservedLines tranches={type === 'preorder'} />
        <p className="mt-4 text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
      </div>
    </div>
  );
}

/** The lines' space (`--lines` lines, from the frame's inline script), the total and a pre-order's tranches, with no names or numbers. */
export function ReservedLines({ tranches }: { tranches: boolean }) {
  return (
    <div className="space-y-4">
      {/* A line is 5rem, a little more on phones where names and prices wrap. */}
      <div className="h-[calc(var(--lines,0)*5.75rem)] sm:h-[calc(var(--lines,0)*5rem)]" />
      <p className="flex justify-between border-t border-slate-200 pt-3 text-lg"><span>Total</span><strong>…</strong></p>
      {tranches && (
        <div className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
          {ORDER_SLOT.sum(true).tranches.map((t) => (
            <div key={t.label} className="flex items-center justify-between gap-2">
              <span>{t.label}</span>
              <span className="flex shrink-0 flex-col items-end"><strong>…</strong><span className="text-xs">à payer</span></span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The server's templates for the first-paint preview: the articles, a line with and without picture, the empty notice. */
export function CheckoutTemplates({ type }: { type: SaleType }) {
  return (
    <>
      <template data-template="filled"><Articles lines={null} sum={ORDER_SLOT.sum(type === 'preorder')} /></template>
      <template data-template="line"><OrderLineItem view={ORDER_SLOT.line} /></template>
      <template data-template="line-bare"><OrderLineItem view={{ ...ORDER_SLOT.line, image: null }} /></template>
      <template data-template="empty"><EmptyCheckout type={type} /></template>
    </>
  );
}
