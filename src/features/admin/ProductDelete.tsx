import { useState } from 'react';
import type { Product } from '../../domain/catalogue.ts';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { removeProduct, withdrawProduct } from './products.store.ts';

const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-50';

/** Delete, asked first; a product still in an open order is refused, and 'Retirer de la vente' is offered instead. */
export function ProductDelete({ product: p }: { product: Product }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    const outcome = await removeProduct(p.id);
    setBusy(false);
    setAsking(false);
    if (outcome === 'deleted') {
      toastAfterNavigation(`Produit « ${p.name} » supprimé.`, { kind: 'success' });
      location.assign('/admin/produits');
    } else if (outcome !== 'failed') setRefused(outcome.refused);
  }
  async function withdraw() {
    setBusy(true);
    if (await withdrawProduct(p.id)) setRefused(null);
    setBusy(false);
  }

  return (
    <section aria-labelledby="supprimer" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="supprimer" className="text-lg font-bold">Supprimer</h2>
      {!asking && !refused && <button type="button" onClick={() => setAsking(true)} className={`${BUTTON} w-full border border-red-300 text-red-700`}>Supprimer le produit</button>}
      {asking && (
        <div role="group" aria-labelledby="sur" className="space-y-2 rounded-md bg-red-50 p-3">
          <p id="sur" className="font-semibold text-red-900">Supprimer « {p.name} » ? C’est définitif.</p>
          <div className="flex gap-2">
            <button type="button" disabled={busy} onClick={() => void remove()} className={`${BUTTON} flex-1 bg-red-700 text-white`}>Oui, supprimer</button>
            <button type="button" onClick={() => setAsking(false)} className={`${BUTTON} flex-1 border border-slate-300 bg-white`}>Non</button>
          </div>
        </div>
      )}
      {refused && (
        <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-amber-900">
          <p>{refused}</p>
          {p.sale_ok
            ? <button type="button" disabled={busy} onClick={() => void withdraw()} className={`${BUTTON} w-full bg-brand-700 text-white`}>Retirer de la vente</button>
            : <p className="font-semibold">Ce produit est déjà retiré de la vente.</p>}
        </div>
      )}
    </section>
  );
}
