import { useTestStorageEngine } from '@nanostores/persistent';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { setStock } from '../../../tests/fixtures/orders.ts';
import { getProduct } from '../../lib/catalogue-api.ts';
import { idempotencyKeys, orders } from '../../server/db/schema-orders.ts';

useTestStorageEngine();
const c = await import('./checkout.store.ts');
const d = await import('./draft.store.ts');
const { $cart, $preorder, addToCart, addToPreorder, clearCollection } = await import('../collections/collections.store.ts');
const { $session } = await import('../account/session.store.ts');

const [pglite] = testDatabases();

describe('checkout store against the real API', () => {
  let t: TestApi;
  let accessToken: string | undefined;
  // A network that can lose an answer after the server has handled the request, as a phone losing signal would.
  const net = appNetwork(() => t.app, { token: () => accessToken });
  const { client } = net;
  const form = { adresse: 'HLM Grand Yoff, villa 4', telephone: '221771112233', payment_mode: 'domicile' as const };
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

  beforeAll(async () => {
    t = await setupApi(pglite!);
    const tokens = await t.login('customer');
    $session.set(tokens as unknown as Parameters<typeof $session.set>[0]);
    accessToken = tokens.access_token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clearCollection('cart');
    d.$draft.set(null);
    await setStock(t, { [t.ids.product.frigo!]: 5, [t.ids.product.congeCoffre!]: 5 });
  });

  async function cartOf(lines: Array<[string, number]>) {
    for (const [key, qty] of lines) {
      const product = await getProduct(t.ids.product[key]!, { client });
      for (let i = 0; i < qty; i++) addToCart(product);
    }
  }

  it('prices the cart from the catalogue, whatever the stored snapshot said', async () => {
    await cartOf([['congeCoffre', 2]]);
    $cart.set($cart.get().map((l) => ({ ...l, product: { ...l.product, promo_price: 1, list_price: 1 } })));
    await c.loadQuote('order', { client });
    expect(c.$quote.get()).toMatchObject({
      status: 'ready',
      amount_total: 430000,
      lines: [{ price_unit: 215000, quantity: 2, problem: null }],
    });
  });

  it('takes the server’s quote when it priced the very lines stored, else reads the prices again, and again on a change', async () => {
    await cartOf([['frigo', 2]]);
    await c.loadQuote('order', { client });
    const server = c.$quote.get() as Extract<ReturnType<typeof c.$quote.get>, { status: 'ready' }>;
    c.$quote.set({ status: 'loading' });
    // The server's figures are taken as they are: no call is made (a changed total shows it).
    const stop = c.followQuote('order', { ...server, amount_total: 1 }, { client });
    expect(c.$quote.get()).toMatchObject({ status: 'ready', amount_total: 1 });
    addToCart(await getProduct(t.ids.product.frigo!, { client }));
    expect(c.$quote.get().status).toBe('loading');
    await c.quoteSettled();
    expect(c.$quote.get()).toMatchObject({ status: 'ready', lines: [{ quantity: 3 }], amount_total: 3 * server.lines[0]!.price_unit });
    stop();

    // A server quote of other lines (a stale mirror) is not taken.
    const again = c.followQuote('order', server, { client });
    expect(c.$quote.get().status).toBe('loading');
    await c.quoteSettled();
    expect(c.$quote.get()).toMatchObject({ status: 'ready', lines: [{ quantity: 3 }] });
    again();
  });

  it('keeps its Idempotency-Key across a retry after a lost answer, makes one order, then drops the key', async () => {
    await cartOf([['frigo', 2]]);
    await c.loadQuote('order', { client });
    const draft = c.saveDraft(form)!;
    const before = await orderCount();

    net.loseAnswers(1);
    await expect(c.placeOrder({ client })).rejects.toBeInstanceOf(c.OrderFailure);
    expect(d.$draft.get()?.key).toBe(draft.key);
    expect($cart.get()).toHaveLength(1);
    expect(await orderCount()).toBe(before + 1);

    const g = globalThis as { window?: unknown; dataLayer?: Array<Record<string, unknown>> };
    g.window = globalThis;
    g.dataLayer = [];
    const order = await c.placeOrder({ client });
    delete g.window;
    expect(g.dataLayer.at(-1)).toMatchObject({
      event: 'purchase',
      orderId: order.reference,
      total: 550000,
      products: [{ id: t.ids.product.frigo, quantity: 2, price: 275000 }],
    });
    expect(await orderCount()).toBe(before + 1);
    const [key] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, draft.key));
    expect(key!.orderId).toBe(order.id);
    expect(order).toMatchObject({ amount_total: 550000, adresse: form.adresse, telephone: form.telephone });
    expect(d.$draft.get()).toBeNull();
    expect($cart.get()).toEqual([]);

    await cartOf([['frigo', 1]]);
    await c.loadQuote('order', { client });
    expect(c.saveDraft(form)!.key).not.toBe(draft.key);
  });

  it('sends one order for two taps', async () => {
    await cartOf([['frigo', 1]]);
    await c.loadQuote('order', { client });
    c.saveDraft(form);
    const before = await orderCount();
    const [a, b] = await Promise.all([c.placeOrder({ client }), c.placeOrder({ client })]);
    expect(a.id).toBe(b.id);
    expect(await orderCount()).toBe(before + 1);
  });

  it('names a product short of stock, refuses to draft it, and fits the line to what is left after a 409', async () => {
    await cartOf([['frigo', 3]]);
    await setStock(t, { [t.ids.product.frigo!]: 2 });
    await c.loadQuote('order', { client });
    const quote = c.$quote.get();
    expect(quote.status === 'ready' && quote.lines[0]!.problem).toBe(
      'Stock insuffisant pour « Réfrigérateur Nasco 2 portes » : il en reste 2.',
    );
    expect(c.saveDraft(form)).toBeNull();

    await setStock(t, { [t.ids.product.frigo!]: 5 });
    await c.loadQuote('order', { client });
    c.saveDraft(form);
    await setStock(t, { [t.ids.product.frigo!]: 1 });
    const failure = (await c.placeOrder({ client }).catch((e: unknown) => e)) as InstanceType<typeof c.OrderFailure>;
    expect(failure).toMatchObject({
      message: 'Stock insuffisant pour « Réfrigérateur Nasco 2 portes » : il en reste 1.',
      shortOf: { product_id: t.ids.product.frigo, available: 1 },
    });
    c.fitToStock('order', failure.shortOf!);
    expect($cart.get().map((l) => l.quantity)).toEqual([1]);
    expect(d.$draft.get()).toBeNull();
  });

  it('names a pre-order line whose product is back in stock with the server’s sentence, and takes it out after a refusal', async () => {
    const tv = t.ids.product.tvLg!;
    const sentence =
      'Le produit « Smart TV LG 55 pouces 4K » est en stock : il ne se pré-commande pas. Retirez-le de vos pré-commandes et commandez-le depuis le panier.';
    clearCollection('preorder');
    await setStock(t, { [tv]: 0 });
    addToPreorder(await getProduct(tv, { client }));
    await setStock(t, { [tv]: 3 });
    await c.loadQuote('preorder', { client });
    const quote = c.$quote.get();
    expect(quote.status === 'ready' && quote.lines[0]!.problem).toBe(sentence);
    expect(c.saveDraft(form)).toBeNull();

    await setStock(t, { [tv]: 0 });
    await c.loadQuote('preorder', { client });
    expect(c.saveDraft(form)).not.toBeNull();
    // The stock comes back between the checkout and the confirmation: the server refuses, naming it; nothing is written.
    await setStock(t, { [tv]: 3 });
    const before = await orderCount();
    const failure = (await c.placeOrder({ client }).catch((e: unknown) => e)) as InstanceType<typeof c.OrderFailure>;
    expect(failure).toMatchObject({ message: sentence, shortOf: { product_id: tv, available: 0 } });
    expect(await orderCount()).toBe(before);
    c.fitToStock('preorder', failure.shortOf!);
    expect($preorder.get()).toEqual([]);
    expect(d.$draft.get()).toBeNull();
  });

  it('only offers a recent draft of the same type', () => {
    d.$draft.set({
      type: 'order',
      lines: [{ product_id: 1, name: 'x', quantity: 1, price_unit: 1, price_subtotal: 1, image: null }],
      amount_total: 1,
      welcome_reduction: 0,
      ...form,
      commitment_date: '2026-11-21T10:00:00.000Z',
      key: 'k',
    });
    expect(d.currentDraft('order', new Date('2026-11-21T10:30:00Z'))?.key).toBe('k');
    expect(d.currentDraft('preorder', new Date('2026-11-21T10:30:00Z'))).toBeNull();
    expect(d.currentDraft('order', new Date('2026-11-21T11:01:00Z'))).toBeNull();
  });
});
