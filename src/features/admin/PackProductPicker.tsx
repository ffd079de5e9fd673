import { useEffect, useId, useState } from 'react';
import { formatFCFA } from '../../domain/money.ts';
import { INPUT } from './admin-ui.ts';
import { searchPackProducts, type PackProduct } from './packs.store.ts';

type Found = { status: 'idle' | 'searching' } | { status: 'done'; products: PackProduct[] } | { status: 'error' };

/** Finds a product for sale by its name (from 2 letters, 300 ms after typing, §9) and adds it to the pack at its shopper price. */
export function PackProductPicker({ taken, onPick }: { taken: ReadonlySet<number>; onPick: (p: PackProduct) => void }) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const hint = useId();

  useEffect(() => {
    const needle = search.trim();
    if (needle.length < 2) {
      setFound({ status: 'idle' });
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setFound({ status: 'searching' });
      searchPackProducts(needle, abort.signal).then(
        (products) => setFound({ status: 'done', products }),
        () => void (abort.signal.aborted || setFound({ status: 'error' })),
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [search]);

  const status =
    found.status === 'searching'
      ? 'Recherche…'
      : found.status === 'error'
        ? 'La recherche a échoué. Vérifiez votre connexion.'
        : found.status === 'done'
          ? found.products.length === 0
            ? 'Aucun produit en vente ne correspond.'
            : `${found.products.length} produit${found.products.length > 1 ? 's' : ''} trouvé${found.products.length > 1 ? 's' : ''}`
          : 'Tapez au moins 2 lettres du nom.';
  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium">
        Ajouter un produit
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-describedby={hint}
          placeholder="ex. réfrigérateur"
          className={INPUT}
        />
      </label>
      <p id={hint} role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {found.status === 'done' && found.products.length > 0 && (
        <ul
          aria-label="Produits trouvés"
          className="max-h-[70vh] divide-y divide-slate-200 overflow-y-auto rounded-md ring-1 ring-slate-200"
        >
          {found.products.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                disabled={taken.has(p.id)}
                onClick={() => onPick(p)}
                className="flex min-h-11 w-full items-center justify-between gap-2 bg-white px-3 py-2 text-left text-sm hover:bg-brand-50 disabled:opacity-50"
              >
                <span>
                  <span className="sr-only">Ajouter </span>
                  {p.name}
                  {taken.has(p.id) && ' (déjà dans le pack)'}
                </span>
                <span className="shrink-0 font-semibold">{formatFCFA(p.price)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
