/** Deterministic product rows for the seeds: the demo catalogue with its drawn flags, and generated bulk products. */
import { CATALOGUE, type CatalogueItem } from './seed-catalogue.ts';
import { DEMO_PACKS, INTERNAL_PRODUCTS, LOCATIONS } from './seed-data.ts';

/** A product ready to insert, with category and tags by name. */
export interface SeedProduct {
  brand: string;
  name: string;
  description: string;
  category: string;
  listPrice: number;
  enPromo: boolean;
  promoPrice: number | null;
  preorderPrice: number | null;
  isCreditorder: boolean;
  creditorderPrice: number | null;
  saleOk: boolean;
  rang: number;
  quantity: number;
  date: string;
  location: string;
  tags: string[];
  imageSeed: number;
}

/** The fixed seed of the demo catalogue, so every database gets the same products. */
const DEMO_SEED = 20_26;
/** Lowest and highest price the seeds write, in FCFA. */
const MIN_PRICE = 5_000;
/** See MIN_PRICE. */
const MAX_PRICE = 3_000_000;

/** Mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A random element of a non-empty list. */
const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

// Shop prices end in 500 below 100 000 FCFA and in 1 000 above.
const step = (price: number) => (price >= 100_000 ? 1_000 : 500);

/** Rounds a price to the shop's step, in the given direction, kept within the allowed range. */
export function roundPrice(price: number, mode: 'down' | 'up' | 'nearest' = 'nearest'): number {
  const s = step(price);
  const f = mode === 'down' ? Math.floor : mode === 'up' ? Math.ceil : Math.round;
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, f(price / s) * s));
}

/** A promo price strictly below the list price (8–25 % off). */
function promoOf(listPrice: number, rng: () => number): number {
  const p = roundPrice(listPrice * (0.75 + rng() * 0.17), 'down');
  return p < listPrice ? p : listPrice - step(listPrice);
}

/** A credit price strictly above the list price (10–25 % more, paid in instalments). */
function creditOf(listPrice: number, rng: () => number): number {
  return Math.max(roundPrice(listPrice * (1.1 + rng() * 0.15), 'up'), listPrice + step(listPrice));
}

/** A pre-order price a little below the list price (5–12 % off, paid in three tranches). */
const preorderOf = (listPrice: number, rng: () => number) => Math.min(roundPrice(listPrice * (0.88 + rng() * 0.07), 'down'), listPrice);

function isoDay(now: Date, daysBefore: number): string {
  return new Date(now.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
}

/** Indices 0..n-1 in a seeded random order. */
function shuffled(n: number, rng: () => number): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

const TABASKI_CATEGORIES = new Set(['CONGELATEUR', 'REFRIGERATEUR', 'CUISINIERE', 'MIXEUR', 'TELEVISION']);
const RAMADAN_CATEGORIES = new Set(['REFRIGERATEUR', 'CONGELATEUR', 'MIXEUR', 'FONTAINE A EAU', 'VENTILATEUR', 'MICRO-ONDES']);

/** Seasonal and marketing tags of a product, drawn from its category, name and age. */
function tagsOf(item: CatalogueItem, ageDays: number, rng: () => number): string[] {
  const tags: string[] = [];
  if (RAMADAN_CATEGORIES.has(item.category) && rng() < 0.5) tags.push('Ramadan');
  if (TABASKI_CATEGORIES.has(item.category) && rng() < 0.5) tags.push('Tabaski');
  if (ageDays < 30) tags.push('Nouveauté');
  if (rng() < 0.15) tags.push('Meilleure vente');
  if (/inverter|solaire|A\+/i.test(`${item.name} ${item.description}`)) tags.push("Économie d'énergie");
  if ((item.brand === 'Samsung' || item.brand === 'LG') && rng() < 0.5) tags.push('Garantie 2 ans');
  return tags;
}

const isSeasonal = (tag: string) => tag === 'Ramadan' || tag === 'Tabaski';
// Share of the seasonal products drawn without a promo that get one (the others leave the season).
const SEASONAL_PROMO = 0.4;

/** What a row gets: promo, pre-order, credit; `inPack` keeps a product sold in a pack from being pre-ordered. */
interface Flags {
  promo: boolean;
  preorder: boolean;
  credit: boolean;
  inPack?: boolean;
}

/** Turns a catalogue item into a row. A pre-order product is not here yet (preorder.ts): it has no stock. */
function toRow(item: CatalogueItem, i: number, rng: () => number, now: Date, flags: Flags): SeedProduct {
  const ageDays = Math.floor(rng() * 180);
  const promoPrice = flags.promo ? promoOf(item.listPrice, rng) : null;
  // Drawn whatever `inPack` says, and the stock for every product, so the draws after them stay the same.
  const drawnPreorder = flags.preorder ? preorderOf(item.listPrice, rng) : null;
  const preorderPrice = flags.inPack ? null : drawnPreorder;
  const creditorderPrice = flags.credit ? creditOf(item.listPrice, rng) : null;
  const stock = rng() < 0.12 ? 0 : 1 + Math.floor(rng() * 40);
  return {
    brand: item.brand,
    name: item.name,
    description: item.description,
    category: item.category,
    listPrice: item.listPrice,
    enPromo: flags.promo,
    promoPrice,
    preorderPrice,
    isCreditorder: flags.credit,
    creditorderPrice,
    saleOk: true,
    rang: (i + 1) * 10,
    quantity: preorderPrice !== null ? 0 : stock,
    date: isoDay(now, ageDays),
    location: pick(rng, LOCATIONS),
    tags: tagsOf(item, ageDays, rng),
    imageSeed: i + 1,
  };
}

/** The demo catalogue: 20 % promo products drawn, every Ramadan or Tabaski one en promo, 25 % pre-order (out of stock, never in a pack), 25 % credit (from 50 000 FCFA). */
export function demoProducts(now: Date = new Date()): SeedProduct[] {
  const rng = prng(DEMO_SEED);
  const n = CATALOGUE.length;
  const promo = new Set(shuffled(n, rng).slice(0, Math.round(n * 0.2)));
  const preorder = new Set(shuffled(n, rng).slice(0, Math.round(n * 0.25)));
  const credit = new Set(
    shuffled(n, rng)
      .filter((i) => CATALOGUE[i]!.listPrice >= 50_000)
      .slice(0, Math.round(n * 0.25)),
  );
  // A pack is sold from stock (§3 "Pack"): its products are never the pre-order ones.
  const packed = new Set(DEMO_PACKS.flatMap((p) => p.lines.map((l) => l.product)));
  const drawn = CATALOGUE.map((item, i) =>
    toRow(item, i, rng, now, { promo: promo.has(i), preorder: preorder.has(i), credit: credit.has(i), inPack: packed.has(item.name) }),
  );
  // The seasonal sales (Ramadan, Tabaski) are flash sales: each of their products has a real promo price. A seasonal
  // product drawn without a promo either gets one or leaves the season, so promotions stay about a quarter of the shop.
  // Its own generator, so the rest of the catalogue stays as drawn.
  const seasonal = prng(DEMO_SEED + 1);
  const sale = drawn.map((p) => {
    if (p.enPromo || !p.tags.some(isSeasonal)) return p;
    if (seasonal() < SEASONAL_PROMO) return { ...p, enPromo: true, promoPrice: promoOf(p.listPrice, seasonal) };
    return { ...p, tags: p.tags.filter((t) => !isSeasonal(t)) };
  });
  const internal = INTERNAL_PRODUCTS.map(
    (p, i): SeedProduct => ({
      ...p,
      brand: 'Boutique',
      enPromo: false,
      promoPrice: null,
      preorderPrice: null,
      isCreditorder: false,
      creditorderPrice: null,
      saleOk: false,
      rang: 10_000 + i,
      quantity: 0,
      date: isoDay(now, 365),
      location: LOCATIONS[0],
      tags: [],
      imageSeed: 1_000 + i,
    }),
  );
  return [...sale, ...internal];
}

/** One generated bulk product: a variant of a catalogue model with its own reference, price and flags. */
export function bulkProduct(rng: () => number, model: CatalogueItem, index: number, now: Date): SeedProduct {
  // Capped so that the credit price (up to 25 % more) still fits under MAX_PRICE.
  const listPrice = Math.min(roundPrice(model.listPrice * (0.7 + rng() * 0.6)), 2_700_000);
  const ref = `${model.brand.slice(0, 2).toUpperCase()}-${1000 + Math.floor(rng() * 9000)}`;
  const item: CatalogueItem = { ...model, listPrice, name: `${model.name} (réf. ${ref})` };
  const flags = { promo: listPrice >= 10_000 && rng() < 0.2, preorder: rng() < 0.25, credit: listPrice >= 50_000 && rng() < 0.3 };
  return { ...toRow(item, index, rng, now, flags), imageSeed: 0 };
}
