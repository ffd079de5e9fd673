import { useState } from 'react';
import type { Product } from '../../domain/catalogue.ts';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { removeProduct } from './products.store.ts';

const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-50';

/** Delete, asked first; a product that orders name is withdrawn from sale instead, and the section says so plainly. */
export function ProductDelete({ product: p }: { product: Product }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [retired, setRetired] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    const removal = await removeProduct(p.id);
    setBusy(false);
    setAsking(false);
    if (removal?.outcome === 'deleted') {
      toastAfterNavigation(`Produit « ${p.name} » supprimé.`, { kind: 'success' });
      location.assign('/admin/produits');
    } else if (removal) setRetired(removal.message);
  }

  return (
    <section aria-labelledby="supprimer" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="supprimer" className="text-lg font-bold">
        Supprimer
      </h2>
      {!asking && !retired && (
        <button type="button" onClick={() => setAsking(true)} className={`${BUTTON} w-full border border-red-300 text-red-700`}>
          Supprimer le produit
        </button>
      )}
      {asking && (
        <fieldset aria-labelledby="sur" aria-describedby="sur-commandes" className="min-w-0 space-y-2 rounded-md bg-red-50 p-3">
          <p id="sur" className="font-semibold text-red-900">
            Supprimer « {p.name} » ? C’est définitif.
          </p>
          <p id="sur-commandes" className="text-sm text-red-900">
            S’il figure dans des commandes, il est retiré de la vente au lieu d’être supprimé.
          </p>
          <div className="flex gap-2">
            <button type="button" disabled={busy} onClick={() => void remove()} className={`${BUTTON} flex-1 bg-red-700 text-white`}>
              Oui, supprimer
            </button>
            <button type="button" onClick={() => setAsking(false)} className={`${BUTTON} flex-1 border border-slate-300 bg-white`}>
              Non
            </button>
          </div>
        </fieldset>
      )}
      {retired && (
        <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">Produit non supprimé : retiré de la vente.</p>
          <p>{retired}</p>
          <p className="text-sm">
            Il n’apparaît plus dans la boutique et ne peut plus être commandé ; ses commandes le gardent. Pour le remettre en vente, cochez
            « En vente » puis enregistrez.
          </p>
        </div>
      )}
    </section>
  );
}
