/** Server-side data of catalogue pages: the API client over loopback, the frame's categories and nav flags. */
import { FetchError } from 'ofetch';
import { packUnavailability } from '../../domain/availability.ts';
import type { Category, Pack, PackSummary, Product, ProductList, Tag } from '../../domain/catalogue.ts';
import type { MirrorLine } from '../../domain/mirror.ts';
import { createApi, type ApiClient } from '../../lib/api.ts';
import { filterProducts, getCategories, getPack, getPacks, getProductsByIds, getTags } from '../../lib/catalogue-api.ts';

/** Cache policy of a screen drawn from the shopper's own cookies (a cookie mirror, a pack, a payment): kept by no shared cache nor the background worker. */
export const PERSONAL_SCREEN = 'private, no-cache';

/** Cache policy of server-rendered catalogue pages (domain/freshness.ts): checked on every use, so a change shows at the next reload. */
export { CATALOGUE_CACHE } from '../../domain/freshness.ts';

/** Where pages rendered on the server call the API: INTERNAL_API_URL, else PUBLIC_API_URL, else this process over loopback. */
export function apiBaseURL(): string {
  return process.env.INTERNAL_API_URL || import.meta.env.PUBLIC_API_URL || `http://127.0.0.1:${process.env.PORT ?? 4321}`;
}

/** An API client for one server render (no tokens, short timeout). */
export function serverApi(): ApiClient {
  return createApi({
    baseURL: apiBaseURL(),
    timeout: 8000,
    // An unknown product is an answer (the page says 404), not a failure worth a log line.
    log: (message, error) => {
      if (!(error instanceof FetchError && error.status === 404)) console.error(message, error);
    },
  });
}

/** What the frame of a catalogue page needs from the API. */
export interface FrameData {
  categories: Category[];
  tags: Tag[];
  showPromo: boolean;
  showTabaski: boolean;
}

const exists = (list: PromiseSettledResult<ProductList>) => (list.status === 'fulfilled' ? list.value.total > 0 : true);

/** Categories, tags and whether promo / Tabaski products exist; a failed call leaves that part at its default. */
export async function frameData(client: ApiClient): Promise<FrameData> {
  const [categories, tags, promo, tabaski] = await Promise.allSettled([
    getCategories({ client }),
    getTags({ client }),
    filterProducts({ limit: 1 }, 'promo', { client }),
    filterProducts({ limit: 1 }, 'tabaski', { client }),
  ]);
  return {
    categories: categories.status === 'fulfilled' ? categories.value : [],
    tags: tags.status === 'fulfilled' ? tags.value : [],
    showPromo: exists(promo),
    showTabaski: exists(tabaski),
  };
}

/** §7 `GET /api/pack_product`: the packs on offer (those with a total; `buyable`: only those whose products are all in stock), or null when the call failed. */
export function packsOnOffer(client: ApiClient, { buyable = false } = {}): Promise<PackSummary[] | null> {
  return getPacks({ client }).then(
    (packs) => packs.filter((p) => p.produits.length > 0 && p.sommeTotal > 0 && !(buyable && packUnavailability(p.produits) !== null)),
    () => null,
  );
}

/** What a server render knows of the pack named by a code: the pack, or none (`offline` when the API did not answer). */
export type PackFound = { status: 'ready'; code: string; pack: Pack } | { status: 'missing'; code: string; offline: boolean };

/** §7 `GET /api/pack_product/{code}` for §2's pack cart; an unknown code or a pack without products is none. */
export async function packByCode(client: ApiClient, code: string): Promise<PackFound> {
  try {
    const pack = await getPack(code, { client });
    if (pack.produits.length > 0) return { status: 'ready', code, pack };
    return { status: 'missing', code, offline: false };
  } catch (err) {
    // No answer at all is worth another try from the page; an answer saying no is final.
    return { status: 'missing', code, offline: err instanceof FetchError && err.status === undefined };
  }
}

/** A mirrored line as a server render draws it: the product as the catalogue has it now, the mirror's quantity and the price it carries. */
export interface MirroredLine {
  product: Product;
  quantity: number;
  /** The unit price stored with the line in the browser (a collection's mirror), if the mirror says. */
  seen?: number;
}

/**
 * The lines of a list kept in browser storage, as its cookie mirror names them (`decodeMirror`, domain/mirror.ts), with the catalogue's
 * products of now (those no longer on sale left out); null when the API did not answer, so the island draws from storage.
 */
export async function mirroredLines(client: ApiClient, lines: readonly MirrorLine[]): Promise<MirroredLine[] | null> {
  if (lines.length === 0) return [];
  try {
    const ids = lines.map((l) => l.id);
    const found = new Map((await getProductsByIds(ids, { client })).map((p) => [p.id, p]));
    return lines.flatMap((l) => {
      const product = found.get(l.id);
      if (!product) return [];
      return [l.price === undefined ? { product, quantity: l.quantity } : { product, quantity: l.quantity, seen: l.price }];
    });
  } catch {
    return null;
  }
}
