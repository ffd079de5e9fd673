import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { bookingBody, orderBody } from '../../../tests/fixtures/orders.ts';
import { NO_MATCH, TRACKING_LIMIT } from './tracking.ts';

describe.each(testDatabases())('POST /api/tracking on $name', (kind) => {
  let t: TestApi;
  let guestOrder: { reference: string; amount_total: number };
  let userOrder: { reference: string };
  let n = 0;
  // Each test tracks from its own address, so the per-address limit of one does not spill into another.
  let ip: string;
  const track = (body: unknown) => t.json('/api/tracking', { method: 'POST', body, ip });

  beforeAll(async () => {
    t = await setupApi(kind);
    guestOrder = (await t.json('/api/commande-sans-partner', { method: 'POST', body: bookingBody(t.ids.product) })).body;
    const { access_token } = await t.login('customer');
    userOrder = (
      await t.json('/api/commandes', {
        method: 'POST',
        token: access_token,
        body: orderBody(t.ids.user.customer, [[t.ids.product.fer!, 1]], { adresse: 'Mermoz, Dakar' }),
      })
    ).body;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    ip = `203.0.113.${++n}`;
  });

  it('finds an order by reference and phone, showing its state, dates and lines but not who or where', async () => {
    const res = await track({ reference: guestOrder.reference, telephone: '77 555 44 33' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reference: guestOrder.reference,
      state: 'sale',
      amount_total: 210000,
      date_order: expect.any(String),
      dates: { cancelled: null },
    });
    expect(res.body.order_lines).toHaveLength(2);
    for (const hidden of ['adresse', 'name', 'email', 'telephone', 'partner_id', 'id']) expect(res.body).not.toHaveProperty(hidden);
    expect(JSON.stringify(res.body)).not.toContain('Sacré-Cœur');
  });

  it.each([
    ['by e-mail, any case', () => ({ reference: guestOrder.reference, email: 'AMINATA.DIOP@example.sn' })],
    [
      'typed in lower case without the prefix',
      () => ({ reference: guestOrder.reference.slice(3).toLowerCase(), telephone: '+221775554433' }),
    ],
    ['a logged-in order by its profile phone', () => ({ reference: userOrder.reference, telephone: '771112233' })],
    ['a logged-in order by its account e-mail', () => ({ reference: userOrder.reference, email: 'client@test.sn' })],
  ])('finds an order %s', async (_l, body) => {
    expect((await track(body())).status).toBe(200);
  });

  it('answers a wrong reference and a wrong contact alike', async () => {
    const wrongPhone = await track({ reference: guestOrder.reference, telephone: '770000000' });
    const wrongRef = await track({ reference: 'BQ-22222222', telephone: '775554433' });
    const malformedRef = await track({ reference: 'hello', telephone: '775554433' });
    const otherOrdersContact = await track({ reference: guestOrder.reference, email: 'client@test.sn' });
    for (const res of [wrongPhone, wrongRef, malformedRef, otherOrdersContact]) expect([res.status, res.body]).toEqual([404, NO_MATCH]);
  });

  it.each<[string, unknown, string]>([
    ['no contact', { reference: 'BQ-22222222' }, 'Indiquez le téléphone ou l’adresse e-mail donnés à la commande.'],
    ['no reference', { telephone: '775554433' }, 'La référence de commande est obligatoire.'],
    ['a bad phone', { reference: 'BQ-22222222', telephone: '12' }, 'Le numéro de téléphone est invalide.'],
    ['an unknown field', { reference: 'BQ-22222222', telephone: '775554433', id: 1 }, 'Champ inconnu : id.'],
  ])('refuses %s with a French 400', async (_l, body, message) => {
    expect(await track(body)).toMatchObject({ status: 400, body: { message } });
  });

  it(`allows ${TRACKING_LIMIT.points} tries a minute per address, then answers 429`, async () => {
    for (let i = 0; i < TRACKING_LIMIT.points; i++)
      expect((await track({ reference: 'BQ-22222222', telephone: '775554433' })).status).toBe(404);
    const refused = await track({ reference: guestOrder.reference, telephone: '775554433' });
    expect(refused).toMatchObject({ status: 429, body: { message: 'Trop de tentatives de suivi : veuillez réessayer dans une minute.' } });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    ip = '203.0.113.250';
    expect((await track({ reference: guestOrder.reference, telephone: '775554433' })).status).toBe(200);
  });
});
