/** Server-side data of the home page's product sections. */
import type { AstroGlobal } from 'astro';
import type { Category, PackSummary, Product } from '../../domain/catalogue.ts';
import { filterProducts } from '../../lib/catalogue-api.ts';
import { CATALOGUE_CACHE, frameData, packsOnOffer, serverApi, type FrameData } from './server-data.ts';

/** Products per home section. */
const SHELF_SIZE = 8;

/** The home's sections; a section whose call failed is empty (and not shown). */
export interface HomeData {
  frame: FrameData;
  ramadan: Product[];
  promotions: Product[];
  selection: Product[];
  categories: Category[];
  packs: PackSummary[];
}

/** Loads the Ramadan flash sale (tag Ramadan, en promo), the promotions, a selection, the packs and the frame; sets the Cache-Control. */
export async function loadHomeData({ response }: Pick<AstroGlobal, 'response'>): Promise<HomeData> {
  const client = serverApi();
  const frame = await frameData(client);
  const ramadanTag = frame.tags.find((t) => t.name.trim().toLowerCase() === 'ramadan');
  const list = (p: Promise<{ products: Product[] }>) => p.then((l) => l.products).catch(() => null);
  const [ramadan, promotions, selection, packs] = await Promise.all([
    // A flash-sale card always shows a reduction: only the Ramadan products en promo.
    list(filterProducts({ limit: SHELF_SIZE, productType: 'promo', ...(ramadanTag ? { tag: ramadanTag.id } : {}) }, 'ramadan', { client })),
    list(filterProducts({ limit: SHELF_SIZE }, 'promo', { client })),
    list(filterProducts({ limit: SHELF_SIZE }, 'all', { client })),
    // The home promotes only packs that can be bought (§3 "Pack", availability.ts).
    packsOnOffer(client, { buyable: true }),
  ]);
  const failed = ramadan === null || promotions === null || selection === null || packs === null;
  response.headers.set('Cache-Control', failed ? 'no-store' : CATALOGUE_CACHE);
  return {
    frame,
    ramadan: ramadan ?? [],
    promotions: promotions ?? [],
    selection: selection ?? [],
    categories: frame.categories,
    packs: packs ?? [],
  };
}
