/**
 * What the comparison shows of each product (§2 `/products-compaire`), as text: computed once for the island and for
 * the first-paint preview (compare-preview.ts), which fills the server's templates with it, so both draw the same.
 */
import type { Product } from '../../domain/catalogue.ts';
import { fillSlots } from '../../lib/fill-slots.ts';
import { productImageSrc } from '../../lib/images.ts';
import { productHref } from './links.ts';
import { priceView, type PriceView } from './price-view.ts';

/** One compared product as drawn: link, name, picture, price, category, tags, availability, description. */
export interface CompareView extends PriceView { href: string; name: string; image: string; category: string; tags: string; availability: string; description: string }

/** A compared product's view. */
export function compareView(p: Product): CompareView {
  return {
    href: productHref(p.id),
    name: p.name,
    image: productImageSrc(p.image_256),
    ...priceView(p),
    category: p.categ_id ?? '—',
    tags: p.tags.length ? p.tags.map((t) => t.name).join(', ') : '—',
    availability: p.quantity > 0 ? `En stock (${p.quantity})` : 'Rupture de stock',
    description: p.description || '—',
  };
}

const FIELDS = ['href', 'name', 'image', 'price', 'was', 'category', 'tags', 'availability', 'description'] as const;

/** The placeholders of the `i`-th product in the server's templates (`{{name0}}`, …). */
export function compareSlots(i: number): CompareView {
  return Object.fromEntries(FIELDS.map((f) => [f, `{{${f}${i}}}`])) as unknown as CompareView;
}

/**
 * Fills a template drawn for `views.length` products with their text: a price without promotion loses its struck
 * list price (the island draws none), then every `{{field<i>}}` gets its product's text.
 */
export function fillCompare(html: string, views: readonly CompareView[]): string {
  const values: Record<string, string> = {};
  views.forEach((view, i) => {
    if (view.was === null) html = html.replace(new RegExp(`<s\\b(?:(?!</s>).)*\\{\\{was${i}\\}\\}</s>`), '');
    for (const f of FIELDS) values[`${f}${i}`] = view[f] ?? '';
  });
  return fillSlots(html, values);
}
