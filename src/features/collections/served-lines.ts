/** What the server draws of a collection screen (§4 "Collections"): the lines its cookie mirror names, at today's prices. */
import type { AstroGlobal } from 'astro';
import { toLineProduct, type CollectionKind, type Line } from '../../domain/collections.ts';
import { availability } from '../../domain/availability.ts';
import { decodeMirror, mirrorCookies } from '../../domain/mirror.ts';
import { mirroredLines, PERSONAL_SCREEN, serverApi } from '../catalogue/server-data.ts';

/** What a collection screen is first drawn with: its lines (null when the API did not answer) and each product's stock of now. */
export interface Served {
  lines: Line[] | null;
  /** Stock by product id (availability.ts): what each line is judged against. */
  stock: Record<number, number>;
  /** Mirrored products the cart cannot take now: no longer on sale (left out of the lines) or out of stock. */
  unavailable: number[];
}

/**
 * The lines of `kind` for the island's first render, from the cookie mirror and the catalogue of now (products no longer
 * on sale left out; date and location are the browser's, unknown here), and their stock. Marks the page personal.
 */
export async function servedLines(astro: Pick<AstroGlobal, 'cookies' | 'response'>, kind: CollectionKind): Promise<Served> {
  astro.response.headers.set('Cache-Control', PERSONAL_SCREEN);
  const mirror = decodeMirror(astro.cookies.get(mirrorCookies[kind])?.value);
  const found = await mirroredLines(serverApi(), mirror);
  if (!found) return { lines: null, stock: {}, unavailable: [] };
  const onSale = new Set(found.map((l) => l.product.id));
  return {
    lines: found.map(({ product, quantity }) => ({ product: toLineProduct(product), quantity, date: '', location: '' })),
    stock: Object.fromEntries(found.map(({ product }) => [product.id, product.quantity])),
    unavailable: [
      ...mirror.filter((l) => !onSale.has(l.id)).map((l) => l.id),
      ...found.filter(({ product }) => !product.sale_ok || !availability(product).canOrder).map(({ product }) => product.id),
    ],
  };
}
