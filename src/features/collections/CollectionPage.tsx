import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ReadableAtom } from 'nanostores';
import type { CollectionKind, Line } from '../../domain/collections.ts';
import { $isAuthenticated, $isCreditMember } from '../account/session.store.ts';
import { Lines, Loading, NotAMember, Notice } from './CollectionParts.tsx';
import { collections, refreshProducts } from './collections.store.ts';

/** A browser store's value, live; `server` while rendered on the server and while hydrating (the server never reads a browser store). */
function useHydrated<T, S>(store: ReadableAtom<T>, server: S): T | S {
  return useSyncExternalStore<T | S>(
    (changed) => store.listen(changed),
    () => store.get(),
    () => server,
  );
}

/** The credit cart's door (§6): members with an accepted adhesion only; the server let only members in. */
function CreditGate({ children }: { children: ReactNode }) {
  const authenticated = useHydrated($isAuthenticated, true);
  const member = useHydrated($isCreditMember, true);
  useEffect(() => {
    if (!authenticated) window.location.replace('/login?redirect=/credit-cart');
  }, [authenticated]);
  if (!authenticated)
    return (
      <Notice>
        <p>Connectez-vous pour accéder à votre panier à crédit…</p>
      </Notice>
    );
  if (!member) return <NotAMember />;
  return <>{children}</>;
}

/**
 * A collection screen (§4 "Collections": cart, pre-order cart, wishlist or credit cart): lines, total, tranches, actions.
 * The server and the hydrating browser draw `lines`, what the server found from the cookie mirror at today's prices (null
 * when it could not know: a loading notice); then the island draws the stored lines, which the cookie mirrors, after
 * taking today's prices into them, so a screen whose cookie and storage agree does not move.
 */
export default function CollectionPage({
  kind,
  lines,
  stock = {},
  unavailable,
}: {
  kind: CollectionKind;
  lines: Line[] | null;
  /** Each product's stock as the server read it (availability.ts): short lines say so, with their fix. */
  stock?: Record<number, number>;
  /** Products the cart cannot take now (the wishlist's 'Tout ajouter au panier' leaves them and says so). */
  unavailable?: number[];
}) {
  const shown = useHydrated(collections[kind], lines);
  useEffect(() => {
    if (lines)
      refreshProducts(
        kind,
        lines.map((l) => l.product),
      );
  }, [kind, lines]);
  const screen = shown ? <Lines kind={kind} lines={shown} stock={stock} unavailable={unavailable} /> : <Loading />;
  return kind === 'creditOrder' ? <CreditGate>{screen}</CreditGate> : screen;
}
