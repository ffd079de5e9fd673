import { useState } from 'react';
import type { Product } from '../../domain/catalogue.ts';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { AskFirst, Panel } from './AdminPanel.tsx';
import { removeProduct } from './products.store.ts';

/** Delete, asked first; a product that orders name is withdrawn from sale instead, and the section says so plainly. */
export function ProductDelete({ product: p }: { product: Product }) {
  const [busy, setBusy] = useState(false);
  const [retired, setRetired] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    const removal = await removeProduct(p.id);
    setBusy(false);
    if (removal?.outcome === 'deleted') {
      toastAfterNavigation(`Produit « ${p.name} » supprimé.`, { kind: 'success' });
      location.assign('/admin/produits');
    } else if (removal) setRetired(removal.message);
  }

  return (
    <Panel id="supprimer" title="Supprimer">
      {retired ? (
        <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">Produit non supprimé : retiré de la vente.</p>
          <p>{retired}</p>
          <p className="text-sm">
            Il n’apparaît plus dans la boutique et ne peut plus être commandé ; ses commandes le gardent. Pour le remettre en vente, cochez
            « En vente » puis enregistrez.
          </p>
        </div>
      ) : (
        <AskFirst
          id="sur"
          ask="Supprimer le produit"
          question={`Supprimer « ${p.name} » ? C’est définitif.`}
          details="S’il figure dans des commandes, il est retiré de la vente au lieu d’être supprimé."
          yes="Oui, supprimer"
          busy={busy}
          onYes={remove}
        />
      )}
    </Panel>
  );
}
