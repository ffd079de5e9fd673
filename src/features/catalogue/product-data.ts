/** Server-side data of a product page: the product (or why there is none) and the frame data. */
import type { AstroGlobal } from 'astro';
import { FetchError } from 'ofetch';
import type { Product } from '../../domain/catalogue.ts';
import { formatFCFA } from '../../domain/money.ts';
import { shopperPrice } from '../../domain/pricing.ts';
import { getProduct } from '../../lib/catalogue-api.ts';
import { CATALOGUE_CACHE, frameData, serverApi, type FrameData } from './server-data.ts';

/** A product page: found, unknown (404) or unavailable (the API failed). */
export type ProductData = { kind: 'found'; product: Product; frame: FrameData } | { kind: 'missing' | 'failed'; frame: FrameData };

/** Loads the product of the page's `id` and sets the page's status and Cache-Control; a malformed or unknown id is a 404. */
export async function loadProductData({ params, response }: Pick<AstroGlobal, 'params' | 'response'>): Promise<ProductData> {
  const client = serverApi();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const [frame, product] = await Promise.all([
    frameData(client),
    id > 0 ? getProduct(id, { client }).catch((e: unknown) => e) : Promise.resolve(new FetchError('id')),
  ]);
  if (!(product instanceof Error)) {
    response.headers.set('Cache-Control', CATALOGUE_CACHE);
    return { kind: 'found', product: product as Product, frame };
  }
  const status = product instanceof FetchError ? product.status : undefined;
  const missing = id === 0 || status === 404 || status === 400;
  response.status = missing ? 404 : 503;
  response.headers.set('Cache-Control', missing ? CATALOGUE_CACHE : 'no-store');
  return { kind: missing ? 'missing' : 'failed', frame };
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
