/** Server-side data of a product page: the product (or why there is none) and the frame data. */
import { FetchError } from 'ofetch';
import type { Product } from '../../domain/catalogue.ts';
import { formatFCFA } from '../../domain/money.ts';
import { shopperPrice } from '../../domain/pricing.ts';
import { getProduct } from '../../lib/catalogue-api.ts';
import { CATALOGUE_CACHE, frameData, serverApi, type FrameData } from './server-data.ts';

/** A product page: found, unknown (404) or unavailable (the API failed). */
export type ProductData =
  | { kind: 'found'; product: Product; frame: FrameData; status: 200; cacheControl: string }
  | { kind: 'missing' | 'failed'; frame: FrameData; status: 404 | 503; cacheControl: string };

/** Loads the product of a route parameter; a malformed or unknown id is a 404. */
export async function loadProductData(idParam: string | undefined): Promise<ProductData> {
  const client = serverApi();
  const id = /^\d{1,9}$/.test(idParam ?? '') ? Number(idParam) : 0;
  const [frame, product] = await Promise.all([
    frameData(client),
    id > 0 ? getProduct(id, { client }).catch((e: unknown) => e) : Promise.resolve(new FetchError('id')),
  ]);
  if (!(product instanceof Error)) return { kind: 'found', product: product as Product, frame, status: 200, cacheControl: CATALOGUE_CACHE };
  const status = product instanceof FetchError ? product.status : undefined;
  const missing = id === 0 || status === 404 || status === 400;
  return { kind: missing ? 'missing' : 'failed', frame, status: missing ? 404 : 503, cacheControl: missing ? CATALOGUE_CACHE : 'no-store' };
}

/** schema.org Product with its Offer in XOF (availability from the stock), as JSON safe to inline in HTML. */
export function productJsonLd(product: Product, url: string, image: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || undefined,
    image,
    sku: String(product.id),
    category: product.categ_id ?? undefined,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'XOF',
      price: shopperPrice(product),
      availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Meta description of a product page. */
export function productDescription(product: Product): string {
  const text = (product.description ?? '').replace(/\s+/g, ' ').trim();
  const price = formatFCFA(shopperPrice(product));
  return `${product.name} à ${price} à Dakar${text ? ` : ${text}` : ''}`.slice(0, 160);
}
