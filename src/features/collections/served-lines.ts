/** What the server draws of a collection screen (§4 "Collections"): the lines its cookie mirror names, at today's prices. */
import type { AstroGlobal } from 'astro';
import { toLineProduct, type CollectionKind, type Line } from '../../domain/collections.ts';
import { decodeMirror, mirrorCookies } from '../../domain/mirror.ts';
import { mirroredLines, PERSONAL_SCREEN, serverApi } from '../catalogue/server-data.ts';

/**
 * The lines of `kind` for the island's first render, from the cookie mirror and the catalogue of now (products no longer
 * on sale left out; date and location are the browser's, unknown here); null when the API did not answer. Marks the page
 * personal.
 */
export async function servedLines(astro: Pick<AstroGlobal, 'cookies' | 'response'>, kind: CollectionKind): Promise<Line[] | null> {
  return (await servedCollection(astro, kind)).lines;
}

/**
 * servedLines, with the ids of the mirrored products the cart cannot take now: out of stock, or no longer on sale (then
 * left out of the lines). Both empty-handed (null, none) when the API did not answer.
 */
export async function servedCollection(
  astro: Pick<AstroGlobal, 'cookies' | 'response'>,
  kind: CollectionKind,
): Promise<{ lines: Line[] | null; unavailable: number[] }> {
  astro.response.headers.set('Cache-Control', PERSONAL_SCREEN);
  const mirror = decodeMirror(astro.cookies.get(mirrorCookies[kind])?.value);
  const found = await mirroredLines(serverApi(), mirror);
  if (!found) return { lines: null, unavailable: [] };
  const onSale = new Set(found.map((l) => l.product.id));
  return {
    lines: found.map(({ product, quantity }) => ({ product: toLineProduct(product), quantity, date: '', location: '' })),
    unavailable: [
      ...mirror.filter((l) => !onSale.has(l.id)).map((l) => l.id),
      ...found.filter(({ product }) => !product.sale_ok || product.quantity <= 0).map(({ product }) => product.id),
    ],
  };
}
