import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { setStock } from '../../../tests/fixtures/orders.ts';
import { orders } from '../../server/db/schema-orders.ts';
import { $session } from '../account/session.store.ts';
import { showPendingToast } from '../frame/flash-toast.ts';
import { $toasts } from '../frame/toast.store.ts';
import { memoryStorage } from '../../../tests/fixtures/fake-browser.ts';
import { $payment } from './payment-entry.store.ts';
import * as s from './pack.store.ts';

const [pglite] = testDatabases();
const guest = {
  prenom: 'Aminata',
  nom: 'Diop',
  email: 'Aminata.Diop@exemple.sn',
  telephone: '77 555 44 33',
  adresse: 'Sacré-Cœur 3, villa 12, Dakar',
};
const toasts = () => $toasts.get().map((t) => [t.message, t.kind]);

describe('§5 booking form rules', () => {
  it.each([
    ['no first name', { prenom: '  ' }, 'prenom', 'Le prénom est obligatoire.'],
    ['no last name', { nom: '' }, 'nom', 'Le nom est obligatoire.'],
    ['no e-mail', { email: '' }, 'email', "L'adresse email est obligatoire."],
    ['an e-mail with a space', { email: 'aminata diop@exemple.sn' }, 'email', "L'adresse email est invalide."],
    ['an e-mail without a domain', { email: 'aminata@' }, 'email', "L'adresse email est invalide."],
    ['no phone', { telephone: '' }, 'telephone', 'Le téléphone est obligatoire.'],
    ['a fixed line (221 then 3)', { telephone: '33 800 00 00' }, 'telephone', 'Le numéro de téléphone est invalide.'],
    ['a phone too short', { telephone: '77 123' }, 'telephone', 'Le numéro de téléphone est invalide.'],
    ['a phone too long', { telephone: '221 77 123 45 678' }, 'telephone', 'Le numéro de téléphone est invalide.'],
    ['no address', { adresse: '' }, 'adresse', "L'adresse est obligatoire."],
  ])('refuses %s beside its field', (_l, over, field, message) => {
    const result = s.checkBooking({ ...guest, ...over });
    expect('errors' in result && result.errors).toEqual({ [field]: message });
  });

  it('gives every missing field its own message at once', () => {
    const result = s.checkBooking({ prenom: '', nom: '', email: '', telephone: '', adresse: '' });
    expect('errors' in result && result.errors).toEqual({
      prenom: 'Le prénom est obligatoire.',
      nom: 'Le nom est obligatoire.',
      email: "L'adresse email est obligatoire.",
      telephone: 'Le téléphone est obligatoire.',
      adresse: "L'adresse est obligatoire.",
    });
  });

  it.each([
    ['77 555 44 33', '221775554433'],
    ['+221 76 000 11 22', '221760001122'],
    ['221781234567', '221781234567'],
  ])('adds the 221 prefix: %s → %s', (telephone, normalised) => {
    const result = s.checkBooking({ ...guest, telephone });
    expect('data' in result && result.data.telephone).toBe(normalised);
  });
});

describe('the pack the server drew', () => {
  it('is taken over as it is, keeping a payment mode picked before the island woke, with no toast of its own', () => {
    $toasts.set([]);
    s.choosePaymentMode('online');
    const pack = { name: 'Pack Test', sommeTotal: 1000, produits: [{ id: 1, name: 'Four', quantity: 1, price_unit: 1000, image: null }] };
    s.showPack({ status: 'ready', code: 'PACK-TEST', pack });
    expect(s.$packView.get()).toEqual({ status: 'ready', code: 'PACK-TEST', pack });
    expect(s.$paymentMode.get()).toBe('online');
    s.showPack({ status: 'missing', code: 'PACK-X', offline: false });
    expect(s.$packView.get()).toEqual({ status: 'missing', code: 'PACK-X', offline: false });
    expect($toasts.get()).toEqual([]);
  });
});

describe('pack cart store against the real API', () => {
  let t: TestApi;
  let token: string | undefined;
  // Every request the store sends, and answers lost after the server handled them (a phone losing signal).
  const net = appNetwork(() => t.app, { token: () => token });
  const { client } = net;
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
  const posts = (path: string) =>
    net.sent.filter((r) => r.url.pathname === path).map((r) => ({ path, key: r.headers.get('idempotency-key') }));

  beforeAll(async () => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = memoryStorage();
    t = await setupApi(pglite!);
    (globalThis as { window?: unknown }).window = globalThis;
  });
  afterAll(async () => {
    delete (globalThis as { window?: unknown }).window;
    await t.close();
  });
  beforeEach(async () => {
    net.reset();
    token = undefined;
    $session.set(null);
    $toasts.set([]);
    (globalThis as { dataLayer?: unknown[] }).dataLayer = [];
    await setStock(t, { [t.ids.product.tvSamsung!]: 20, [t.ids.product.ventiPied!]: 40 });
  });

  async function logInCustomer() {
    const tokens = await t.login('customer');
    token = tokens.access_token;
    $session.set(tokens as unknown as Parameters<typeof $session.set>[0]);
    s.setPackDelivery({ adresse: 'Mermoz, villa 7, Dakar', telephone: '77 111 22 33' });
  }

  it('loads a pack by its code and warns a visitor to log in', async () => {
    await s.loadPack('PACK-TEST', { client });
    expect(s.$packView.get()).toMatchObject({
      status: 'ready',
      code: 'PACK-TEST',
      pack: { name: 'Pack Test Tabaski', sommeTotal: 210000 },
    });
    expect(toasts()).toEqual([['Merci de vous connecter pour confirmer votre commande', 'warning']]);
    expect(s.$paymentMode.get()).toBeNull();
  });

  it.each(['NOPE', 'PACK-OLD'])('shows the empty state and §8’s toast for %s', async (code) => {
    await s.loadPack(code, { client });
    expect(s.$packView.get()).toEqual({ status: 'missing', code, offline: false });
    expect(toasts()).toEqual([["Le pack n'est plus d'actualité ou indisponible.", 'warning']]);
  });

  it('offers another try when the lookup got no answer at all', async () => {
    net.offline(true);
    await s.loadPack('PACK-TEST', { client });
    net.offline(false);
    expect(s.$packView.get()).toEqual({ status: 'missing', code: 'PACK-TEST', offline: true });
    expect(toasts()).toEqual([["Le pack n'est plus d'actualité ou indisponible.", 'warning']]);
    await s.loadPack('PACK-TEST', { client });
    expect(s.$packView.get()).toMatchObject({ status: 'ready', code: 'PACK-TEST' });
  });

  it('asks for a payment mode before anything, then opens the booking dialog for a visitor', async () => {
    await s.loadPack('PACK-TEST', { client });
    $toasts.set([]);
    expect(await s.validatePackCart({ client })).toBeNull();
    expect(s.$paymentError.get()).toBe('Veuillez choisir un mode de paiement');
    expect(toasts()).toEqual([['Veuillez choisir un mode de paiement', 'error']]);
    expect(s.$booking.get().open).toBe(false);
    s.choosePaymentMode('online');
    expect(s.$paymentError.get()).toBeNull();
    expect(toasts()).toEqual([]);
    expect(await s.validatePackCart({ client })).toBeNull();
    expect(s.$booking.get().open).toBe(true);
    expect(posts('/api/commande-sans-partner')).toEqual([]);
  });

  it('sends nothing while the booking form is wrong', async () => {
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('online');
    expect(await s.submitBooking({ ...guest, telephone: '33 800 00 00' }, { client })).toBeNull();
    expect(s.$booking.get().errors).toEqual({ telephone: 'Le numéro de téléphone est invalide.' });
    expect(posts('/api/commande-sans-partner')).toEqual([]);
  });

  it('keeps the booking’s Idempotency-Key across a retry after a lost answer, makes one order, then drops the key', async () => {
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('domicile');
    const before = await orderCount();

    net.loseAnswers(1);
    expect(await s.submitBooking(guest, { client })).toBeNull();
    expect(s.$booking.get()).toMatchObject({
      open: true,
      busy: false,
      failed: true,
      errors: { form: expect.stringContaining('elle ne sera pas enregistrée deux fois') },
    });
    expect(toasts()).toContainEqual(['Commande non validé ', 'error']);
    expect(await orderCount()).toBe(before + 1);

    const order = await s.submitBooking(guest, { client });
    const [first, retry] = posts('/api/commande-sans-partner');
    expect(first!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry!.key).toBe(first!.key);
    expect(await orderCount()).toBe(before + 1);
    // Server prices and the contact as the server normalised it.
    expect(order).toMatchObject({
      type_order: 'pack',
      payment_mode: 'domicile',
      amount_total: 210000,
      partner_id: null,
      name: 'Aminata Diop',
      telephone: '221775554433',
      email: 'aminata.diop@exemple.sn',
      order_lines: [
        { product_id: t.ids.product.tvSamsung, quantity: 1, price_unit: 180000 },
        { product_id: t.ids.product.ventiPied, quantity: 2, price_unit: 15000 },
      ],
    });
    expect(s.$packView.get()).toEqual({ status: 'booked', reference: order!.reference, payment_mode: 'domicile' });
    expect(s.$booking.get()).toMatchObject({ open: false, busy: false });
    showPendingToast();
    expect(toasts()).toContainEqual(['Commande créé avec succés', 'success']);
    expect(toasts()).toContainEqual([s.bookedText(order!.reference), 'info']);
    expect((globalThis as { dataLayer?: unknown[] }).dataLayer?.at(-1)).toMatchObject({
      event: 'purchase',
      orderId: order!.reference,
      total: 210000,
    });

    // The same shopper books the same pack again: a new attempt, a new key, a second order.
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('domicile');
    const again = await s.submitBooking(guest, { client });
    const third = posts('/api/commande-sans-partner')[2]!;
    expect(third.key).not.toBe(first!.key);
    expect(again!.reference).not.toBe(order!.reference);
    expect(await orderCount()).toBe(before + 2);
  });

  it('a new content is a new attempt: changing the address after a failure does not reuse the key', async () => {
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('online');
    net.loseAnswers(1);
    await s.submitBooking(guest, { client });
    await s.submitBooking({ ...guest, adresse: 'Ouakam, cité Avion 8' }, { client });
    const [a, b] = posts('/api/commande-sans-partner');
    expect(b!.key).not.toBe(a!.key);
  });

  it('makes one order for two taps on “Valider ma réservation”', async () => {
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('online');
    const before = await orderCount();
    // Another household: the server takes three bookings a day per phone number.
    const neighbour = { ...guest, telephone: '77 555 44 34' };
    const [a, b] = await Promise.all([s.submitBooking(neighbour, { client }), s.submitBooking(neighbour, { client })]);
    expect(a!.id).toBe(b!.id);
    expect(posts('/api/commande-sans-partner')).toHaveLength(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('orders a pack for a logged-in user, one order across a lost answer, key dropped after success', async () => {
    await logInCustomer();
    await s.loadPack('PACK-TEST', { client });
    expect(toasts()).toEqual([]);
    s.choosePaymentMode('domicile');
    const before = await orderCount();

    net.loseAnswers(1);
    expect(await s.validatePackCart({ client })).toBeNull();
    expect(s.$packOrder.get()).toMatchObject({ busy: false, failure: expect.stringContaining('Vérifiez votre connexion') });
    expect(toasts()).toEqual([['Commande non validé ', 'error']]);

    const order = await s.validatePackCart({ client });
    const [first, retry] = posts('/api/commande-pack');
    expect(retry!.key).toBe(first!.key);
    expect(order).toMatchObject({ partner_id: t.ids.user.customer, type_order: 'pack', payment_mode: 'domicile', amount_total: 210000 });
    expect(await orderCount()).toBe(before + 1);
    // The page leaves for the order's details: the success toast shows there.
    expect(toasts()).not.toContainEqual(['Commande créé avec succés', 'success']);
    showPendingToast();
    expect(toasts()).toContainEqual(['Commande créé avec succés', 'success']);

    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('domicile');
    await s.validatePackCart({ client });
    expect(posts('/api/commande-pack')[2]!.key).not.toBe(first!.key);
    expect(await orderCount()).toBe(before + 2);
  });

  it('remembers the provider picked for a guest’s order paid online; a new pack starts with Wave', async () => {
    await s.loadPack('PACK-TEST', { client });
    expect(s.$paymentProvider.get()).toBe('wave');
    s.choosePaymentMode('online');
    s.choosePaymentProvider('orange');
    const order = await s.submitBooking({ ...guest, telephone: '77 555 44 36' }, { client });
    expect($payment.get()).toEqual({ order: order!.reference, totalAmount: 210000, token: order!.payment_token, provider: 'orange' });
    await s.loadPack('PACK-TEST', { client });
    expect(s.$paymentProvider.get()).toBe('wave');
  });

  it('remembers the provider picked for a logged-in order paid online, for its details’ “Payer en ligne”', async () => {
    await logInCustomer();
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('online');
    s.choosePaymentProvider('orange');
    const order = await s.validatePackCart({ client });
    expect($payment.get()).toMatchObject({ order: order!.reference, totalAmount: 210000, provider: 'orange' });
  });

  it('asks a logged-in user for the delivery address and phone (§5 messages) and sends them with the order', async () => {
    await logInCustomer();
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('domicile');
    s.setPackDelivery({ adresse: '  ', telephone: '' });
    expect(await s.validatePackCart({ client })).toBeNull();
    expect(s.$deliveryErrors.get()).toEqual({ adresse: "L'adresse est obligatoire.", telephone: 'Le téléphone est obligatoire.' });
    s.setPackDelivery({ telephone: '66 12' });
    expect(s.$deliveryErrors.get()).toEqual({ adresse: "L'adresse est obligatoire." });
    s.setPackDelivery({ adresse: 'Ouakam, cité Avion' });
    expect(await s.validatePackCart({ client })).toBeNull();
    expect(s.$deliveryErrors.get()).toEqual({ telephone: 'Le numéro de téléphone est invalide.' });
    expect(posts('/api/commande-pack')).toHaveLength(0);
    s.setPackDelivery({ telephone: '78 111 22 33' });
    const order = await s.validatePackCart({ client });
    expect(order).toMatchObject({ adresse: 'Ouakam, cité Avion', telephone: '221781112233' });
    expect(posts('/api/commande-pack')).toHaveLength(1);
  });

  it('shows the server’s French reason when the stock is short, with §8’s toast', async () => {
    await logInCustomer();
    await s.loadPack('PACK-TEST', { client });
    s.choosePaymentMode('online');
    await setStock(t, { [t.ids.product.ventiPied!]: 1 });
    expect(await s.validatePackCart({ client })).toBeNull();
    expect(s.$packOrder.get().failure).toMatch(/^Stock insuffisant pour « .+ » : il en reste 1\.$/);
    expect(toasts()).toEqual([['Commande non validé ', 'error']]);
  });
});
