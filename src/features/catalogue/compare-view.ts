/** What the comparison shows of each product (§2 `/products-compaire`), as text. */
import { availability } from '../../domain/availability.ts';
import type { Product } from '../../domain/catalogue.ts';
import { productImageSrc } from '../../lib/images.ts';
import { productHref } from './links.ts';
import { priceView, type PriceView } from './price-view.ts';

/** One compared product as drawn: link, name, picture, price, category, tags, availability, description. */
export interface CompareView extends PriceView {
  href: string;
  name: string;
  image: string;
  category: string;
  tags: string;
  availability: string;
  description: string;
}

/** A compared product's view. */
export function compareView(p: Product): CompareView {
  return {
    href: productHref(p.id),
    name: p.name,
    image: productImageSrc(p.image_256),
    ...priceView(p),
    category: p.categ_id ?? '—',
    tags: p.tags.length ? p.tags.map((t) => t.name).join(', ') : '—',
    availability: availability(p).label,
    description: p.description || '—',
  };
}
