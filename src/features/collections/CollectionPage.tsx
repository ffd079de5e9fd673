import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { CollectionKind } from '../../domain/collections.ts';
import { $isAuthenticated, $isCreditMember } from '../account/session.store.ts';
import { CollectionLine } from './CollectionLine.tsx';
import { Empty, Filled, NotAMember, Notice, Summary } from './CollectionParts.tsx';
import { collections } from './collections.store.ts';
import { lineView, summaryView } from './line-view.ts';

/** The credit cart's door: members with an accepted adhesion only (§6). */
function CreditGate({ children }: { children: ReactNode }) {
  const authenticated = useStore($isAuthenticated);
  const member = useStore($isCreditMember);
  useEffect(() => {
    if (!authenticated) window.location.replace('/login?redirect=/credit-cart');
  }, [authenticated]);
  if (!authenticated) return <Notice><p>Connectez-vous pour accéder à votre panier à crédit…</p></Notice>;
  if (!member) return <NotAMember />;
  return <>{children}</>;
}

function Lines({ kind }: { kind: CollectionKind }) {
  const lines = useStore(collections[kind]);
  if (lines.length === 0) return <Empty kind={kind} />;
  return (
    <Filled
      lines={lines.map((line) => <CollectionLine key={line.product.id} kind={kind} view={lineView(kind, line)} line={line} />)}
      summary={<Summary kind={kind} view={summaryView(kind, lines)} />}
    />
  );
}

/**
 * What the server draws before hydration, sized by the frame's inline script (CollectionScreen.astro): the lines'
 * height (`--lines` × the fixed line height) and the summary, or the empty notice's height when storage is empty.
 * Hidden while the preview (line-preview.ts) stands in its place; `data-reserved` tells the preview it is still there.
 */
function Reserved({ kind }: { kind: CollectionKind }) {
  return (
    <div aria-busy="true" data-reserved className="group-data-[drawn]:hidden">
      <div className="group-data-[filled]:hidden">
        <Notice>
          <p className="mb-3">Chargement…</p>
          <span aria-hidden="true" className="invisible">Continuer vos achats</span>
        </Notice>
      </div>
      <div aria-hidden="true" inert className="hidden group-data-[filled]:block">
        <Filled lines={<li className="h-[calc(var(--lines,0)*10rem)] sm:h-[calc(var(--lines,0)*7rem)]" />} summary={<Summary kind={kind} view={null} />} />
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
