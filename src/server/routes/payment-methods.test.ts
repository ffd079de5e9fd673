import { afterEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { book, setStock } from '../../../tests/fixtures/orders.ts';
import { paymentMethodsSchema } from '../../domain/payment-methods.ts';
import { demoProvider } from '../payments/demo.ts';
import { demoOrangeProvider } from '../payments/demo-orange.ts';
import { waveProvider } from '../payments/wave.ts';

const page = (id: string) => `/api/payments/demo/${id}`;
const demoWave = (now: () => Date) => demoProvider({ webhookSecret: 'demo-secret-0123456789abcdef', pageUrl: page, now });
const demoOrange = (now: () => Date) => demoOrangeProvider({ pageUrl: page, now });
// Never called here: listing a provider reads nothing from it.
const realWave = () => waveProvider({ apiKey: 'wave_sn_prod_test', apiUrl: 'http://127.0.0.1:9', webhookSecret: null });

describe.each(testDatabases())('GET /api/paiement/moyens on $name', (kind) => {
  let t: TestApi | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.each([
    ['both', { payments: demoWave, orange: demoOrange }, ['wave', 'orange']],
    ['Wave only', { payments: demoWave, orange: null }, ['wave']],
    ['Orange Money only', { payments: null, orange: demoOrange }, ['orange']],
    ['none', { payments: null, orange: null }, []],
  ] as const)('%s: names the providers that take money, and the others answer 503', async (_, payments, on) => {
    t = await setupApi(kind, payments);
    const res = await t.json('/api/paiement/moyens');
    expect(res).toMatchObject({ status: 200, body: { providers: on, demo: on } });
    expect(paymentMethodsSchema.safeParse(res.body).success).toBe(true);
    // The same for everyone, and kept a short while (the providers change only with a restart).
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    const signedIn = await t.json('/api/paiement/moyens', { token: (await t.login('customer')).access_token });
    expect(signedIn.body).toEqual(res.body);

    // What the list says is what checkout does: a listed provider opens a session, another is refused as off.
    await setStock(t, { [t.ids.product.tvSamsung!]: 100, [t.ids.product.ventiPied!]: 100 });
    for (const provider of ['wave', 'orange'] as const) {
      const order = await book(t, 'online');
      const session = await t.json(`/api/paiement/${order.body.reference}/session`, {
        method: 'POST',
        ip: `198.51.100.${provider === 'wave' ? 1 : 2}`,
        headers: { 'Payment-Token': order.body.payment_token },
        body: { provider },
      });
      if ((on as readonly string[]).includes(provider)) expect(session.status).toBe(200);
      else expect(session).toMatchObject({ status: 503, body: { retry: false } });
    }
  });

  it('says which provider is the demonstration one', async () => {
    t = await setupApi(kind, { payments: realWave, orange: demoOrange });
    expect((await t.json('/api/paiement/moyens')).body).toEqual({ providers: ['wave', 'orange'], demo: ['orange'] });
  });

  it('an app given no payments runs both demonstration providers, as a developer’s shop does', async () => {
    t = await setupApi(kind);
    expect((await t.json('/api/paiement/moyens')).body).toEqual({ providers: ['wave', 'orange'], demo: ['wave', 'orange'] });
  });
});
