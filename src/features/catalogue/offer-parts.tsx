/** The parts every product offer shares (§2 "Product card", product page): its availability and the wishlist heart. */
import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon.tsx';
import type { Availability } from '../../domain/availability.ts';
import type { Product } from '../../domain/catalogue.ts';
import { $wishlist, removeFromCollection } from '../collections/collections.store.ts';
import { toast } from '../frame/toast.store.ts';
import { collect } from './collect.ts';
import { useMounted } from './use-mounted-store.ts';

/** 'En stock', 'Plus que N' or 'Rupture de stock' (domain/availability.ts), coloured by how much is left. */
export function StockBadge({ offer }: { offer: Availability }) {
  return <p className={`stock-${offer.state}`}>{offer.label}</p>;
}

/** Whether `id` is in the wishlist; false on the server and while hydrating (the server never reads browser storage). */
function useSaved(id: number): boolean {
  const lines = useStore($wishlist);
  return useMounted() && lines.some((l) => l.product.id === id);
}

/** §4 wishlist: a saved product is taken out (with a toast), another added ('Produit ajouté'). */
function toggleWishlist(product: Product, saved: boolean): void {
  if (!saved) return void collect('addToWishlist', product);
  removeFromCollection('wishlist', product.id);
  toast('Produit retiré de la liste de souhaits', { kind: 'success', duration: 2000 });
}

/** The wishlist heart: filled once saved, its name saying what a tap does; `label` writes the action beside it (the product page, where the product is named already). */
export function WishlistHeart({ product, className, label = false }: { product: Product; className: string; label?: boolean }) {
  const saved = useSaved(product.id);
  const name = saved ? `Retirer ${product.name} de la liste de souhaits` : `Ajouter ${product.name} à la liste de souhaits`;
  return (
    <button
      type="button"
      onClick={() => toggleWishlist(product, saved)}
      aria-label={label ? undefined : name}
      className={`${className}${saved ? ' is-saved' : ''}`}
    >
      <Icon name="heart" size={20} />
      {label && (saved ? 'Retirer de la liste de souhaits' : 'Ajouter à la liste de souhaits')}
    </button>
  );
}
