/** The product comparison kept in browser storage (§2 `/products-compaire`): at most four products, read by hand. */
import type { Product } from './catalogue.ts';
import { readLineProduct } from './collections.ts';
import { FAIL, isBool, isInt, isObj, isText, opt, orNull } from './readers.ts';

/** Most products compared side by side. */
export const MAX_COMPARE = 4;

type Tag = Product['tags'][number];
const textOf =
  (max: number) =>
  (v: unknown): v is string =>
    isText(v, max);

function readTags(raw: unknown): Tag[] | typeof FAIL {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > 50) return FAIL;
  const tags = raw.map((t) => (isObj(t) && isInt(t.id) && isText(t.name, 200) ? { id: t.id, name: t.name } : null));
  return tags.every((t): t is Tag => t !== null) ? tags : FAIL;
}

/** Reads one compared product: a cart line's product plus the fields the table shows (unknown ones dropped); null when invalid. */
function readComparedProduct(raw: unknown): Product | null {
  const base = readLineProduct(raw);
  if (!base || !isObj(raw)) return null;
  const rest = {
    description: opt(raw.description, textOf(5000), ''),
    category_id:
      raw.category_id === undefined || raw.category_id === null ? raw.category_id : isInt(raw.category_id) ? raw.category_id : FAIL,
    image: orNull(raw.image, textOf(2000)),
    sale_ok: opt(raw.sale_ok, isBool, true),
    rang: opt(raw.rang, isInt, 0),
    quantity: opt(raw.quantity, isInt, 0),
    date: orNull(raw.date, textOf(40)),
    location: orNull(raw.location, textOf(300)),
    tags: readTags(raw.tags),
  };
  if (Object.values(rest).includes(FAIL)) return null;
  const { category_id, ...always } = rest;
  return { ...base, ...always, ...(category_id === undefined ? {} : { category_id }) } as Product;
}

/** Reads the stored comparison; null when it is not a list of at most four valid products. */
export function readCompared(raw: unknown): Product[] | null {
  if (!Array.isArray(raw) || raw.length > MAX_COMPARE) return null;
  const list = raw.map(readComparedProduct);
  return list.every((p): p is Product => p !== null) ? list : null;
}
