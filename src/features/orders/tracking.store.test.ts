import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { bookingBody, setStock } from '../../../tests/fixtures/orders.ts';
import { $tracking, trackOrder } from './tracking.store.ts';

const [pglite] = testDatabases();

describe('tracking store against the real API', () => {
  let t: TestApi;
  const net = appNetwork(() => t.app);
  const { client } = net;
  let reference: string;

  beforeAll(async () => {
    t = await setupApi(pglite!);
    await setStock(t, { [t.ids.product.tvSamsung!]: 5, [t.ids.product.ventiPied!]: 10 });
    const booked = await t.json('/api/commande-sans-partner', { method: 'POST', body: bookingBody(t.ids.product) });
    expect(booked.status).toBe(201);
    reference = booked.body.reference;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    net.reset();
    $tracking.set({ status: 'idle' });
  });

  it('finds a guest’s order by its reference and phone, as typed by a shopper', async () => {
    await trackOrder({ reference: ` ${reference.toLowerCase()} `, contact: 'telephone', value: '77 555 44 33' }, { client });
    expect($tracking.get()).toMatchObject({
      status: 'found',
      order: {
        reference,
        state: 'sale',
        amount_total: 210000,
        payment_mode: 'online',
        dates: { confirmed: null },
        order_lines: [
          { quantity: 1, price_unit: 180000 },
          { quantity: 2, price_unit: 15000 },
        ],
      },
    });
    const view = $tracking.get();
    // Who ordered and where it goes are not part of the answer.
    expect(view.status === 'found' && Object.keys(view.order)).not.toContain('telephone');
  });

  it('finds it by e-mail too', async () => {
    await trackOrder({ reference, contact: 'email', value: 'AMINATA.DIOP@example.sn' }, { client });
    expect($tracking.get()).toMatchObject({ status: 'found', order: { reference } });
  });

  it.each([
    ['a wrong phone', { reference: 'REF', contact: 'telephone', value: '77 000 00 00' }],
    ['a wrong e-mail', { reference: 'REF', contact: 'email', value: 'autre@example.sn' }],
    ['an unknown reference', { reference: 'BQ-22222222', contact: 'telephone', value: '77 555 44 33' }],
  ] as const)('says nothing matches for %s', async (_l, values) => {
    await trackOrder({ ...values, reference: values.reference === 'REF' ? reference : values.reference }, { client });
    expect($tracking.get()).toEqual({
      status: 'failed',
      errors: { form: 'Aucune commande ne correspond à cette référence et à ce contact.' },
    });
  });

  it.each([
    [
      'no reference',
      { reference: ' ', contact: 'telephone', value: '77 555 44 33' },
      { reference: 'La référence de commande est obligatoire.' },
    ],
    [
      'no phone',
      { reference: 'BQ-22222222', contact: 'telephone', value: '' },
      { contact: 'Indiquez le téléphone ou l’adresse e-mail donnés à la commande.' },
    ],
    [
      'no e-mail',
      { reference: 'BQ-22222222', contact: 'email', value: '' },
      { contact: 'Indiquez le téléphone ou l’adresse e-mail donnés à la commande.' },
    ],
    [
      'a wrong phone shape',
      { reference: 'BQ-22222222', contact: 'telephone', value: '33 800 00 00' },
      { contact: 'Le numéro de téléphone est invalide.' },
    ],
    ['a wrong e-mail shape', { reference: 'BQ-22222222', contact: 'email', value: 'awa@' }, { contact: "L'adresse email est invalide." }],
  ] as const)('puts the message beside the field for %s, without calling', async (_l, values, errors) => {
    await trackOrder(values, { client });
    expect($tracking.get()).toMatchObject({ status: 'failed', errors });
    expect(net.sent).toEqual([]);
  });

  it('shows the server’s message once the tries run out (429)', async () => {
    for (let i = 0; i < 12; i++) await trackOrder({ reference: 'BQ-22222222', contact: 'telephone', value: '77 555 44 33' }, { client });
    expect($tracking.get()).toEqual({
      status: 'failed',
      errors: { form: 'Trop de tentatives de suivi : veuillez réessayer dans une minute.' },
    });
  });
});
