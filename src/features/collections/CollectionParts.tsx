/** The pieces of a collection screen (§4 "Collections"), drawn by its island on the server and in the browser. */
import type { ReactNode } from 'react';
import { collectionLineFit } from '../../domain/availability.ts';
import { collectionTotal, preorderPlan, type CollectionKind, type Line } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';
import { trancheLabel } from '../../domain/pricing.ts';
import { CollectionLine } from './CollectionLine.tsx';
import { COLLECTION_LABELS } from './collection-labels.ts';
import { clearCollection } from './collections.store.ts';
import { moveWishlistToCart } from './wishlist-to-cart.ts';

const BUTTON = 'rounded-md px-4 py-2 font-semibold';
// Which checkout each collection leads to (§2 `/checkout`); the wishlist has none.
const CHECKOUT_TYPE = { cart: 'order', preorder: 'preorder', creditOrder: 'creditorder', wishlist: 'order' } as const;

/** A white card with centred text (empty collection, gates). */
export function Notice({ children }: { children: ReactNode }) {
  return <div className="rounded-lg bg-white p-6 text-center shadow-sm">{children}</div>;
}

/** What the credit cart says to a shopper whose adhesion is not accepted (§6), with the way to the credit process. */
export function NotAMember() {
  return (
    <Notice>
      <p className="mb-3">Le panier à crédit est réservé aux membres dont l’adhésion a été acceptée.</p>
      <a href="/processus-de-commande-de-credit" className="font-semibold text-brand-700 underline">
        Découvrir le processus de commande à crédit
      </a>
    </Notice>
  );
}

/** The summary column (§4 "Pricing"): total, the pre-order's three tranches, checkout (when there is a total; held, saying why, while a line is short) and clear. */
function Summary({
  kind,
  lines,
  short,
  unavailable,
}: {
  kind: CollectionKind;
  lines: readonly Line[];
  short: boolean;
  unavailable: readonly number[];
}) {
  const labels = COLLECTION_LABELS[kind];
  const total = collectionTotal(kind, lines);
  const tranches = kind === 'preorder' ? preorderPlan(lines) : null;
  return (
    <section aria-labelledby="resume" data-keep-clear className="h-fit space-y-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="resume" className="text-lg font-bold">
        Récapitulatif
      </h2>
      <p className="flex justify-between text-lg">
        <span>Total</span>
        <strong data-testid="total">{formatFCFA(total)}</strong>
      </p>
      {tranches && (
        <dl className="space-y-1 text-sm">
          {tranches.map((amount, i) => (
            <div key={trancheLabel(i + 1)} className="flex justify-between">
              <dt>{trancheLabel(i + 1)}</dt>
              <dd className="font-semibold">{formatFCFA(amount)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
      {kind === 'wishlist' ? (
        <button
          type="button"
          onClick={() => moveWishlistToCart(unavailable)}
          className={`${BUTTON} w-full bg-brand-700 text-white hover:bg-brand-800`}
        >
          Tout ajouter au panier
        </button>
      ) : (
        total > 0 &&
        (short ? (
          <div className="space-y-1">
            <button
              type="button"
              disabled
              className={`${BUTTON} w-full bg-brand-700 text-white opacity-60`}
              aria-describedby="valider-raison"
            >
              Valider le Panier
            </button>
            <p id="valider-raison" className="text-sm text-red-800">
              Corrigez d’abord les articles signalés ci-dessus.
            </p>
          </div>
        ) : (
          <a
            href={`/checkout?type=${CHECKOUT_TYPE[kind]}`}
            className={`${BUTTON} block bg-brand-700 text-center text-white hover:bg-brand-800`}
          >
            Valider le Panier
          </a>
        ))
      )}
      <button
        type="button"
        onClick={() => clearCollection(kind)}
        className={`${BUTTON} w-full border border-red-300 text-red-700 hover:bg-red-50`}
      >
        {labels.clear}
      </button>
      <a href="/boutique" className="block text-center text-sm text-brand-700 underline">
        Continuer vos achats
      </a>
    </section>
  );
}

/** The empty collection's notice. */
function Empty({ kind }: { kind: CollectionKind }) {
  return (
    <Notice>
      <p className="mb-3">{COLLECTION_LABELS[kind].empty}</p>
      <a href="/boutique" className="font-semibold text-brand-700 underline">
        Continuer vos achats
      </a>
    </Notice>
  );
}

/** What shows until the browser's copy is read (the server could not know the lines): the empty notice's size. */
export function Loading() {
  return (
    <div aria-busy="true">
      <Notice>
        <p className="mb-3">Chargement…</p>
        <span aria-hidden="true" className="invisible">
          Continuer vos achats
        </span>
      </Notice>
    </div>
  );
}

/** A collection's lines beside (or, on phones, above) the summary, each judged against `stock`; the empty notice when it has none. `unavailable`: ids the cart cannot take now. */
export function Lines({
  kind,
  lines,
  stock = {},
  unavailable = [],
}: {
  kind: CollectionKind;
  lines: readonly Line[];
  stock?: Record<number, number>;
  unavailable?: readonly number[];
}) {
  if (lines.length === 0) return <Empty kind={kind} />;
  const short = lines.some((l) => !collectionLineFit(kind, l.product.name, l.quantity, stock[l.product.id]).fits);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-label="Articles" data-keep-clear className="rounded-lg bg-white px-4 shadow-sm">
        <ul>
          {lines.map((line) => (
            <CollectionLine key={line.product.id} kind={kind} line={line} stock={stock[line.product.id]} />
          ))}
        </ul>
      </section>
      <Summary kind={kind} lines={lines} short={short} unavailable={unavailable} />
    </div>
  );
}
