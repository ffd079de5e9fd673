import type { Product } from '../../domain/catalogue.ts';
import ProductCard from './ProductCard.tsx';

/** A row of product cards on the home page (scrolls sideways on phones). */
export default function ProductShelf({ products }: { products: Product[] }) {
  return (
    <ul className="-mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.id} className="shelf-item">
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
