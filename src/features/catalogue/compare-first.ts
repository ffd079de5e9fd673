/** The server's read of the comparison (§2 `/products-compaire`) for its first view, from the cookie mirror. */
import type { Product } from '../../domain/catalogue.ts';
import { decodeMirror } from '../../domain/mirror.ts';
import type { ApiClient } from '../../lib/api.ts';
import { mirroredLines } from './server-data.ts';

/** The ids the cookie mirror named, and those products as the catalogue has them now (those no longer on sale left out). */
export interface CompareFirst {
  asked: number[];
  products: Product[];
}

/** What the comparison's first view draws; null when the API did not answer (the island then draws from storage). */
export async function compareFirst(client: ApiClient, cookie: string | undefined): Promise<CompareFirst | null> {
  const asked = decodeMirror(cookie);
  const lines = await mirroredLines(client, asked);
  return lines && { asked: asked.map((l) => l.id), products: lines.map((l) => l.product) };
}
