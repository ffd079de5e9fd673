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
  astro.response.headers.set('Cache-Control', PERSONAL_SCREEN);
  const found = await mirroredLines(serverApi(), decodeMirror(astro.cookies.get(mirrorCookies[kind])?.value));
  if (!found) return null;
  return found.map(({ product, quantity }) => ({ product: toLineProduct(product), quantity, date: '', location: '' }));
}
