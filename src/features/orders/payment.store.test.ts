import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { setStock } from '../../../tests/fixtures/orders.ts';
import type { ApiClient } from '../../lib/api.ts';
import { demoProvider } from '../../server/payments/demo.ts';
import * as pack from './pack.store.ts';
import { $payment, rememberedProvider } from './payment-entry.store.ts';
import { checkoutUrl, rememberPayment } from './payment.store.ts';

const [pglite] = testDatabases();
const guest = { prenom: 'Fatou', nom: 'Sow', email: 'fatou.sow@exemple.sn', adresse: 'Mermoz, Dakar' };

/** An HTTP client reaching `t`'s API, and the bodies of the checkout calls it sent. */
function clientOf(t: TestApi): { client: ApiClient; bodies: () => unknown[] } {
  const net = appNetwork(() => t.app);
  return { client: net.client, bodies: () => net.sent.filter((r) => r.url.pathname.endsWith('/session')).map((r) => r.body) };
}

/** A guest's pack order paid 'En ligne' (phone `telephone`), made through the pack cart. */
async function onlineOrder(t: TestApi, client: ApiClient, telephone: string) {
  await setStock(t, { [t.ids.product.tvSamsung!]: 20, [t.ids.product.ventiPied!]: 40 });
  await pack.loadPack('PACK-TEST', { client });
  pack.choosePaymentMode('online');
  return (await pack.submitBooking({ ...guest, telephone }, { client }))!;
}

/** The API on `t`, as the browser reaches it (a window set only once the database is open: PGlite would think it runs in a browser). */
async function browserOn(t: TestApi): Promise<TestApi> {
  (globalThis as { window?: unknown }).window = globalThis;
  return t;
}
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});
beforeEach(() => $payment.set(null));

describe('choosing the provider when paying online (§2 `/payment-state`)', () => {
  let t: TestApi;
  let via: ReturnType<typeof clientOf>;
  beforeAll(async () => {
    t = await browserOn(await setupApi(pglite!));
    via = clientOf(t);
  });
  afterAll(() => t.close());

  it('opens Orange Money when chosen, keeps it for the order’s next try, and switches to Wave when asked', async () => {
    const order = await onlineOrder(t, via.client, '77 600 00 01');
    const orange = await checkoutUrl(order.reference, order.amount_total, order.payment_token, { client: via.client, provider: 'orange' });
    expect(orange).toMatch(/\/api\/payments\/demo\/demo-om-[\w-]+$/);
    expect(rememberedProvider(order.reference)).toBe('orange');
    // 'Réessayer le paiement' with nothing said: the provider chosen for this order, its session still open.
    expect(await checkoutUrl(order.reference, order.amount_total, null, { client: via.client })).toBe(orange);
    const wave = await checkoutUrl(order.reference, order.amount_total, null, { client: via.client, provider: 'wave' });
    expect(wave).toMatch(/\/api\/payments\/demo\/demo-(?!om-)[\w-]+$/);
    expect($payment.get()).toEqual({
      order: order.reference,
      totalAmount: order.amount_total,
      token: order.payment_token,
      provider: 'wave',
    });
    expect(via.bodies().slice(-3)).toEqual([{ provider: 'orange' }, { provider: 'orange' }, { provider: 'wave' }]);
  });

  it('sends no choice when none was made (the server pays with Wave), and a choice is only kept for its own order', async () => {
    const order = await onlineOrder(t, via.client, '77 600 00 02');
    const before = via.bodies().length;
    rememberPayment('BQ-AUTREXYZ', 1000, null, 'orange');
    expect(rememberedProvider(order.reference)).toBeUndefined();
    const url = await checkoutUrl(order.reference, order.amount_total, order.payment_token, { client: via.client });
    expect(url).toMatch(/\/api\/payments\/demo\/demo-(?!om-)[\w-]+$/);
    // One checkout call, with no body.
    expect(via.bodies().slice(before)).toEqual([undefined]);
    expect(rememberedProvider(order.reference)).toBeUndefined();
  });
});

describe('a shop with Wave only', () => {
  let t: TestApi;
  beforeAll(async () => {
    delete (globalThis as { window?: unknown }).window;
    t = await browserOn(
      await setupApi(pglite!, {
        payments: (now) => demoProvider({ webhookSecret: 'w'.repeat(32), pageUrl: (id) => `/api/payments/demo/${id}`, now }),
      }),
    );
  });
  afterAll(() => t.close());

  it('refuses Orange Money with the server’s French sentence; Wave still opens', async () => {
    const { client } = clientOf(t);
    const order = await onlineOrder(t, client, '77 600 00 03');
    await expect(checkoutUrl(order.reference, order.amount_total, order.payment_token, { client, provider: 'orange' })).rejects.toThrow(
      'Le paiement en ligne n’est pas disponible sur cette boutique pour le moment.',
    );
    expect(await checkoutUrl(order.reference, order.amount_total, null, { client, provider: 'wave' })).toMatch(/demo-[\w-]+$/);
  });
});
