/** The product form (§3 product fields): its values as the body of `POST`/`PUT /api/produits`, checked with that route's own schema. */
import { productInputSchema, type ProductInput } from '../../domain/product-input.ts';
import { fieldErrors } from '../account/form-kit.tsx';
import { PRODUCT_LABELS, relabel, wholeOrText } from '../../domain/catalogue-csv.ts';

/** A field's label as the form shows it, for messages that name it. */
export const formLabel = (field: keyof typeof PRODUCT_LABELS) => PRODUCT_LABELS[field];

/** The body the form's entries (`new FormData(form)`) describe; numbers read as people type them (`250 000`). */
export function productBodyOf(entries: ReadonlyArray<readonly [string, string]>): Record<string, unknown> {
  const get = (k: string) => entries.find(([n]) => n === k)?.[1]?.trim() ?? '';
  const has = (k: string) => entries.some(([n]) => n === k);
  // An empty optional price means "none"; an empty price, rank or stock is left for the schema to require or default.
  const price = (k: string) => (get(k) === '' ? null : wholeOrText(get(k)));
  const number = (k: string) => (get(k) === '' ? undefined : wholeOrText(get(k)));
  return {
    name: get('name'),
    description: get('description'),
    categ_id: get('categ_id') ? Number(get('categ_id')) : null,
    list_price: number('list_price'),
    promo_price: price('promo_price'),
    en_promo: has('en_promo'),
    preorder_price: price('preorder_price'),
    is_creditorder: has('is_creditorder'),
    creditorder_price: price('creditorder_price'),
    sale_ok: has('sale_ok'),
    rang: number('rang'),
    quantity: number('quantity'),
    tags: entries.filter(([n]) => n === 'tags').map(([, v]) => Number(v)),
  };
}

/** The body checked with the API's schema: the input, or the first French error of each field, naming it by its label. */
export function checkProduct(
  body: Record<string, unknown>,
): { ok: true; input: ProductInput } | { ok: false; errors: Record<string, string> } {
  const parsed = productInputSchema.safeParse(body);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = Object.entries(fieldErrors(parsed.error)).map(([field, text]) => [field, relabel(text, field, formLabel)]);
  return { ok: false, errors: Object.fromEntries(errors) };
}
