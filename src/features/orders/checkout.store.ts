/** Checkout of a collection (§2 `/checkout`, `/commande-validation`): prices read again from the catalogue, a draft, then one order per attempt. */
import { atom } from 'nanostores';
import type { CheckoutForm, Order } from '../../domain/orders.schema.ts';
import { saleKinds, type SaleType } from '../../domain/orders.ts';
import { api, callApi } from '../../lib/api.ts';
import { getProductsByIds } from '../../lib/catalogue-api.ts';
import type { Product } from '../../domain/catalogue.ts';
import { MIRROR_MAX } from '../../domain/mirror.ts';
import { $session } from '../account/session.store.ts';
import { trackPurchase } from './purchase-event.ts';
import { markOrderedHere } from '../collections/popup.store.ts';
import { clearCollection, collections, removeFromCollection, setQuantity } from '../collections/collections.store.ts';
import type { Draft } from './draft.ts';
import { $draft } from './draft.store.ts';
import { postOrder } from './attempts.ts';
import { failure, type Via } from './orders.store.ts';
import { quoteLine, quotes, readyQuote, type ReadyQuote } from './quote.ts';
import type { WelcomeStanding } from '../../domain/welcome.ts';
import { welcomeStandingSchema } from '../../domain/welcome.schema.ts';

/** The collection priced from the catalogue as it is now (loading until then). */
export type Quote = { status: 'loading' } | ReadyQuote | { status: 'error'; message: string };
export const $quote = atom<Quote>({ status: 'loading' });

let pricing: Promise<void> = Promise.resolve();

/** Whether the shopper's next order gets the welcome offer; null when it cannot be read (no offer shown, the server decides anyway). */
const welcomeStanding = (client: NonNullable<Via['client']>): Promise<WelcomeStanding | null> =>
  callApi(welcomeStandingSchema, 'Erreur lors de la lecture de l’offre de bienvenue', '/api/offre-bienvenue', { client }).catch(() => null);

// The standing read once per page (per client): re-pricing after a quantity change asks only for the prices again.
const standings = new WeakMap<object, Promise<WelcomeStanding | null>>();
const standingOnce = (client: NonNullable<Via['client']>) => {
  const read = standings.get(client) ?? welcomeStanding(client);
  standings.set(client, read);
  return read;
};

/** The catalogue's product of each id, in order, null for one no longer on sale: one request per 200 lines, not one per line. */
async function productsNow(ids: readonly number[], client: NonNullable<Via['client']>): Promise<(Product | null)[]> {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += MIRROR_MAX) batches.push(ids.slice(i, i + MIRROR_MAX));
  const found = (await Promise.all(batches.map((batch) => getProductsByIds(batch, { client })))).flat();
  const byId = new Map(found.map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** Prices the collection of `type` with the catalogue's current prices and stock (§4 "Pricing"). */
export function loadQuote(type: SaleType, { client = api }: Via = {}): Promise<void> {
  $quote.set({ status: 'loading' });
  pricing = (async () => {
    const lines = collections[saleKinds[type]].get();
    try {
      const standing = standingOnce(client);
      const ids = lines.map((l) => l.product.id);
      const products = await productsNow(ids, client);
      const priced = lines.map((l, i) =>
        quoteLine(type, { id: l.product.id, name: l.product.name, image: l.product.image_256, quantity: l.quantity }, products[i] ?? null),
      );
      $quote.set(readyQuote(type, priced, await standing));
    } catch (err) {
      $quote.set({ status: 'error', message: failure(err, 'Impossible de charger les prix. Vérifiez votre connexion puis réessayez.') });
    }
  })();
  return pricing;
}

/** Settles when the prices being read are known (at once when none are being read). */
export const quoteSettled = (): Promise<void> => pricing;

/**
 * Keeps `$quote` for the collection of `type` from now on: the server's quote when it priced the very lines stored
 * here (read from their cookie mirror), else the prices read again; read again whenever the collection changes.
 * Returns what stops following.
 */
export function followQuote(type: SaleType, server: ReadyQuote | null, via: Via = {}): () => void {
  let first = true;
  return collections[saleKinds[type]].subscribe((lines) => {
    if (first && server && quotes(server, lines)) $quote.set(server);
    else void loadQuote(type, via);
    first = false;
  });
}

/** Keeps the delivery details with the quoted lines as a new draft (a new attempt, so a new key); `dueDay`, the credit terms' due day its schedule was shown with. */
export function saveDraft(form: CheckoutForm, now = new Date(), dueDay?: number): Draft | null {
  const quote = $quote.get();
  if (quote.status !== 'ready' || quote.lines.length === 0 || quote.lines.some((l) => l.problem)) return null;
  const { credit_months: months, ...details } = form;
  const draft: Draft = {
    type: quote.type,
    lines: quote.lines.map(({ problem: _p, available: _a, promo: _o, ...l }) => l),
    amount_total: quote.amount_total,
    welcome_reduction: quote.welcome.amount,
    ...details,
    credit: quote.type === 'creditorder' && months && dueDay ? { months, dueDay } : undefined,
    commitment_date: now.toISOString(),
    key: crypto.randomUUID(),
  };
  $draft.set(draft);
  return draft;
}

/**
 * Why placing failed: the server's French sentence and, when the refusal names a product, what fixes it: `shortOf` brings
 * its line down to the `available` units left, or takes it out (`available` 0, also for a product that can no longer be
 * ordered so, e.g. a pre-order of a product back in stock).
 */
export class OrderFailure extends Error {
  readonly shortOf: { product_id: number; available: number } | null;
  constructor(message: string, shortOf: { product_id: number; available: number } | null = null) {
    super(message);
    this.shortOf = shortOf;
  }
}

let inflight: Promise<Order> | null = null;

async function send(draft: Draft, client: NonNullable<Via['client']>): Promise<Order> {
  const body = {
    partner_id: $session.get()?.user_info.id,
    type_sale: draft.type,
    payment_mode: draft.payment_mode,
    state: 'sale',
    commitment_date: draft.commitment_date,
    order_lines: draft.lines.map((l) => ({ id: l.product_id, quantity: l.quantity, list_price: l.price_unit })),
    adresse: draft.adresse,
    telephone: draft.telephone,
    ...(draft.type === 'creditorder' && draft.credit ? { credit_months: draft.credit.months } : {}),
  };
  try {
    const order = await postOrder('/api/commandes', body, draft.key, client);
    // The order exists: the collection and the draft (with its key) are done with.
    clearCollection(saleKinds[draft.type]);
    $draft.set(null);
    trackPurchase(order);
    markOrderedHere();
    return order;
  } catch (err) {
    const data = (err as { data?: { product_id?: unknown; available?: unknown } }).data;
    const short =
      typeof data?.product_id === 'number'
        ? { product_id: data.product_id, available: typeof data.available === 'number' ? data.available : 0 }
        : null;
    throw new OrderFailure(
      failure(
        err,
        'La commande n’a pas pu être envoyée. Vérifiez votre connexion puis réessayez : elle ne sera pas enregistrée deux fois.',
      ),
      short,
    );
  }
}

/** §7 `POST /api/commandes` for the draft, with its `Idempotency-Key`; a second tap while one is in flight gets the same answer. */
export function placeOrder({ client = api }: Via = {}): Promise<Order> {
  const draft = $draft.get();
  if (!draft) return Promise.reject(new OrderFailure('Votre commande a expiré : reprenez-la depuis le panier.'));
  inflight ??= send(draft, client).finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Brings a line down to the stock left (or removes it when none is), after a 409, so the shopper keeps the rest. */
export function fitToStock(type: SaleType, shortOf: { product_id: number; available: number }): void {
  const kind = saleKinds[type];
  if (shortOf.available > 0) setQuantity(kind, shortOf.product_id, shortOf.available);
  else removeFromCollection(kind, shortOf.product_id);
  $draft.set(null);
}
