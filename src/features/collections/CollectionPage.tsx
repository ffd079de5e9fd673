import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { collectionTotal, preorderPlan, type CollectionKind } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';
import { $isAuthenticated, $isCreditMember } from '../account/session.store.ts';
import { CollectionLine } from './CollectionLine.tsx';
import { COLLECTION_LABELS } from './collection-labels.ts';
import { clearCollection, collections, moveWishlistToCart } from './collections.store.ts';

const BUTTON = 'rounded-md px-4 py-2 font-semibold';
// Which checkout each collection leads to (§2 `/checkout`); the wishlist has none.
const CHECKOUT_TYPE = { cart: 'order', preorder: 'preorder', creditOrder: 'creditorder', wishlist: 'order' } as const;

function Notice({ children }: { children: ReactNode }) {
  return <div className="rounded-lg bg-white p-6 text-center shadow-sm">{children}</div>;
}

/** The credit cart's door: members with an accepted adhesion only (§6). */
function CreditGate({ children }: { children: ReactNode }) {
  const authenticated = useStore($isAuthenticated);
  const member = useStore($isCreditMember);
  useEffect(() => {
    if (!authenticated) window.location.replace('/login?redirect=/credit-cart');
  }, [authenticated]);
  if (!authenticated) return <Notice><p>Connectez-vous pour accéder à votre panier à crédit…</p></Notice>;
  if (!member)
    return (
      <Notice>
        <p className="mb-3">Le panier à crédit est réservé aux membres dont l’adhésion a été acceptée.</p>
        <a href="/processus-de-commande-de-credit" className="font-semibold text-brand-700 underline">Découvrir le processus de commande à crédit</a>
      </Notice>
    );
  return <>{children}</>;
}

/** The summary column; `total` null draws the reserved placeholder of the same height (before hydration). */
function Summary({ kind, total }: { kind: CollectionKind; total: number | null }) {
  const labels = COLLECTION_LABELS[kind];
  const lines = total === null ? [] : collections[kind].get();
  const tranches = kind === 'preorder' ? preorderPlan(lines) : null;
  return (
    <section aria-labelledby="resume" className="h-fit space-y-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="resume" className="text-lg font-bold">Récapitulatif</h2>
      <p className="flex justify-between text-lg"><span>Total</span><strong data-testid={total === null ? undefined : 'total'}>{total === null ? '…' : formatFCFA(total)}</strong></p>
      {tranches && (
        <dl className="space-y-1 text-sm">
          {(['Première tranche (30 %)', 'Deuxième tranche (30 %)', 'Troisième tranche (40 %)'] as const).map((label, i) => (
            <div key={label} className="flex justify-between"><dt>{label}</dt><dd className="font-semibold">{total === null ? '…' : formatFCFA(tranches[i] ?? 0)}</dd></div>
          ))}
        </dl>
      )}
      <p className="text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
      {kind === 'wishlist' ? (
        <button type="button" onClick={moveWishlistToCart} className={`${BUTTON} w-full bg-brand-700 text-white hover:bg-brand-800`}>Tout ajouter au panier</button>
      ) : (
        (total === null || total > 0) && <a href={`/checkout?type=${CHECKOUT_TYPE[kind]}`} className={`${BUTTON} block bg-brand-700 text-center text-white hover:bg-brand-800`}>Valider le Panier</a>
      )}
      <button type="button" onClick={() => clearCollection(kind)} className={`${BUTTON} w-full border border-red-300 text-red-700 hover:bg-red-50`}>{labels.clear}</button>
      <a href="/boutique" className="block text-center text-sm text-brand-700 underline">Continuer vos achats</a>
    </section>
  );
}

function Empty({ kind }: { kind: CollectionKind }) {
  return (
    <Notice>
      <p className="mb-3">{COLLECTION_LABELS[kind].empty}</p>
      <a href="/boutique" className="font-semibold text-brand-700 underline">Continuer vos achats</a>
    </Notice>
  );
}

function Lines({ kind }: { kind: CollectionKind }) {
  const lines = useStore(collections[kind]);
  if (lines.length === 0) return <Empty kind={kind} />;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-label="Articles" className="rounded-lg bg-white px-4 shadow-sm">
        <ul>
          {lines.map((line) => <CollectionLine key={line.product.id} kind={kind} line={line} />)}
        </ul>
      </section>
      <Summary kind={kind} total={collectionTotal(kind, lines)} />
    </div>
  );
}

/**
 * What the server draws before hydration, sized by the frame's inline script (CollectionScreen.astro): the lines'
 * height (`--lines` × the fixed line height) and the summary, or the empty notice's height when storage is empty.
 */
function Reserved({ kind }: { kind: CollectionKind }) {
  return (
    <div aria-busy="true">
      <div className="group-data-[filled]:hidden">
        <Notice>
          <p className="mb-3">Chargement…</p>
          <span aria-hidden="true" className="invisible">Continuer vos achats</span>
        </Notice>
      </div>
      <div aria-hidden="true" inert className="hidden gap-6 group-data-[filled]:grid lg:grid-cols-[1fr_20rem]">
        <section className="rounded-lg bg-white px-4 shadow-sm">
          <ul className="h-[calc(var(--lines,0)*10rem)] sm:h-[calc(var(--lines,0)*7rem)]" />
        </section>
        <Summary kind={kind} total={null} />
      </div>
    </div>
  );
}

/** A collection screen (cart, pre-order cart, wishlist or credit cart): lines, total, tranches, actions. */
export default function CollectionPage({ kind }: { kind: CollectionKind }) {
  // The lines live in browser storage: render them only once hydrated so server and client markup agree.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <Reserved kind={kind} />;
  return kind === 'creditOrder' ? <CreditGate><Lines kind={kind} /></CreditGate> : <Lines kind={kind} />;
}
