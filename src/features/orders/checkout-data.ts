/** What the server draws of the checkout screens (§2 `/checkout`, `/commande-validation`) from the collection's cookie mirror. */
import type { AstroCookies } from 'astro';
import { decodeMirror, mirrorCookies } from '../../domain/mirror.ts';
import { saleKinds, type SaleType } from '../../domain/orders.ts';
import { welcomeFirstView } from '../account/member-reads.ts';
import { mirroredLines, serverApi } from '../catalogue/server-data.ts';
import { quoteLine, readyQuote, type ReadyQuote, type SeenPrice } from './quote.ts';

/**
 * The mirrored lines of the collection of `type` priced now (null when the API did not answer), how many the mirror names,
 * and the prices the mirror says the lines were stored with (so a price that moved is named from the first paint).
 */
export async function checkoutData(
  cookies: AstroCookies,
  type: SaleType,
): Promise<{ server: ReadyQuote | null; count: number; seen: SeenPrice[] }> {
  const mirror = decodeMirror(cookies.get(mirrorCookies[saleKinds[type]])?.value);
  const [found, welcome] = await Promise.all([mirroredLines(serverApi(), mirror), welcomeFirstView({ cookies })]);
  const server =
    found &&
    readyQuote(
      type,
      found.map(({ product, quantity }) =>
        quoteLine(type, { id: product.id, name: product.name, image: product.image_256, quantity }, product),
      ),
      welcome,
    );
  const seen = (found ?? []).flatMap((l) => (l.seen === undefined ? [] : [{ id: l.product.id, price: l.seen }]));
  return { server, count: mirror.length, seen };
}
