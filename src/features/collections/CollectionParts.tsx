/**
 * The pieces of a collection screen (§4 "Collections") drawn by the island and, as templates, by the server for the
 * first-paint preview (line-preview.ts): one markup for both, so the preview and the island never differ.
 */
import type { ReactNode } from 'react';
import type { CollectionKind } from '../../domain/collections.ts';
import { CollectionLine } from './CollectionLine.tsx';
import { COLLECTION_LABELS } from './collection-labels.ts';
import { clearCollection, moveWishlistToCart } from './collections.store.ts';
import { SLOT, type SummaryView } from './line-view.ts';

const BUTTON = 'rounded-md px-4 py-2 font-semibold';
// Which checkout each collection leads to (§2 `/checkout`); the wishlist has none.
const CHECKOUT_TYPE = { cart: 'order', preorder: 'preorder', creditOrder: 'creditorder', wishlist: 'order' } as const;
const TRANCHES = ['Première tranche (30 %)', 'Deuxième tranche (30 %)', 'Troisième tranche (40 %)'] as const;

/** A white card with centred text (empty collection, gates). */
export function Notice({ children }: { children: ReactNode }) {
  return <div className="rounded-lg bg-white p-6 text-center shadow-sm">{children}</div>;
}

/** What the credit cart says to a shopper whose adhesion is not accepted (§6), with the way to the credit process. */
export function NotAMember() {
  return (
    <Notice>
      <p className="mb-3">Le panier à crédit est réservé aux membres dont l’adhésion a été acceptée.</p>
      <a href="/processus-de-commande-de-credit" className="font-semibold text-brand-700 underline">Découvrir le processus de commande à crédit</a>
    </Notice>
  );
}

/** The summary column; `view` null draws the reserved placeholder of the same height (before the lines are known). */
export function Summary({ kind, view }: { kind: CollectionKind; view: SummaryView | null }) {
  const labels = COLLECTION_LABELS[kind];
  const tranches = kind === 'preorder' ? (view?.tranches ?? ['…', '…', '…']) : null;
  return (
    // The reserved placeholder (aria-hidden) leaves the id to the drawn summary, preview or island.
    <section aria-labelledby={view ? 'resume' : undefined} className="h-fit space-y-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id={view ? 'resume' : undefined} className="text-lg font-bold">Récapitulatif</h2>
      <p className="flex justify-between text-lg"><span>Total</span><strong data-testid={view ? 'total' : undefined}>{view ? view.total : '…'}</strong></p>
      {tranches && (
        <dl className="space-y-1 text-sm">
          {TRANCHES.map((label, i) => (
            <div key={label} className="flex justify-between"><dt>{label}</dt><dd className="font-semibold">{tranches[i]}</dd></div>
          ))}
        </dl>
      )}
      <p className="text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
      {kind === 'wishlist' ? (
        <button type="button" onClick={moveWishlistToCart} className={`${BUTTON} w-full bg-brand-700 text-white hover:bg-brand-800`}>Tout ajouter au panier</button>
      ) : (
        (!view || view.checkout) && <a href={`/checkout?type=${CHECKOUT_TYPE[kind]}`} className={`${BUTTON} block bg-brand-700 text-center text-white hover:bg-brand-800`}>Valider le Panier</a>
      )}
      <button type="button" onClick={() => clearCollection(kind)} className={`${BUTTON} w-full border border-red-300 text-red-700 hover:bg-red-50`}>{labels.clear}</button>
      <a href="/boutique" className="block text-center text-sm text-brand-700 underline">Continuer vos achats</a>
    </section>
  );
}

/** The empty collection's notice. */
export function Empty({ kind }: { kind: CollectionKind }) {
  return (
    <Notice>
      <p className="mb-3">{COLLECTION_LABELS[kind].empty}</p>
      <a href="/boutique" className="font-semibold text-brand-700 underline">Continuer vos achats</a>
    </Notice>
  );
}

/** A filled collection: its lines beside (or, on phones, above) the summary. */
export function Filled({ lines, summary }: { lines: ReactNode; summary: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-label="Articles" className="rounded-lg bg-white px-4 shadow-sm">
        <ul>{lines}</ul>
      </section>
      {summary}
    </div>
  );
}

/** The server's templates for the first-paint preview: a filled screen, one line and the empty notice, with `{{…}}` slots. */
export function PreviewTemplates({ kind }: { kind: CollectionKind }) {
  return (
    <>
      <template data-template="filled"><Filled lines={null} summary={<Summary kind={kind} view={SLOT.summary} />} /></template>
      <template data-template="line"><CollectionLine kind={kind} view={SLOT.line} /></template>
      <template data-template="empty"><Empty kind={kind} /></template>
    </>
  );
}
