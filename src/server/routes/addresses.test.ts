import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { bookingBody, nextGuest, orderBody, packLines } from '../../../tests/fixtures/orders.ts';

describe.each(testDatabases())('delivery addresses on $name', (kind) => {
  let t: TestApi;
  let customer: string;
  let member: string;
  let admin: string;
  const me = () => t.ids.user.customer;
  const base = (id = me()) => `/api/users/${id}/adresses`;
  const list = async (token = customer, id = me()) => (await t.json(base(id), { token })).body as Array<Record<string, unknown>>;
  const add = (body: unknown, token = customer, id = me()) => t.json(base(id), { method: 'POST', body, token });
  const clear = async (id = me(), token = customer) => {
    for (const a of await list(token, id)) await t.json(`${base(id)}/${a.id}`, { method: 'DELETE', token });
  };

  beforeAll(async () => {
    t = await setupApi(kind);
    customer = (await t.login('customer')).access_token;
    member = (await t.login('member')).access_token;
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());
  beforeEach(() => clear());

  it('adds, lists, changes and removes the owner’s addresses; the first one is the default', async () => {
    const home = await add({ label: ' Maison ', adresse: ' Sacré-Cœur 3, villa 12, Dakar ', telephone: '77 123 45 67' });
    expect(home).toMatchObject({
      status: 201,
      body: { label: 'Maison', adresse: 'Sacré-Cœur 3, villa 12, Dakar', telephone: '221771234567', is_default: true },
    });
    const office = await add({ label: 'Bureau', adresse: 'Plateau, Dakar', telephone: '+221 78 000 00 01' });
    expect(office.body).toMatchObject({ is_default: false, telephone: '221780000001' });
    const changed = await t.json(`${base()}/${office.body.id}`, { method: 'PUT', token: customer, body: { adresse: 'Plateau, rue 4' } });
    expect(changed.body).toMatchObject({ label: 'Bureau', adresse: 'Plateau, rue 4', is_default: false });
    expect((await list()).map((a) => a.label)).toEqual(['Maison', 'Bureau']);
    expect((await t.json(`${base()}/${office.body.id}`, { method: 'DELETE', token: customer })).status).toBe(200);
    expect((await list()).map((a) => a.label)).toEqual(['Maison']);
  });

  it('keeps exactly one default: choosing one un-sets the other, removing it promotes the oldest left', async () => {
    const a = (await add({ label: 'A', adresse: 'Dakar A', telephone: '771000001' })).body;
    const b = (await add({ label: 'B', adresse: 'Dakar B', telephone: '771000002' })).body;
    const c = (await add({ label: 'C', adresse: 'Dakar C', telephone: '771000003', is_default: true })).body;
    const defaults = async () => (await list()).filter((x) => x.is_default).map((x) => x.label);
    expect(await defaults()).toEqual(['C']);
    await t.json(`${base()}/${b.id}`, { method: 'PUT', token: customer, body: { is_default: true } });
    expect(await defaults()).toEqual(['B']);
    const unset = await t.json(`${base()}/${b.id}`, { method: 'PUT', token: customer, body: { is_default: false } });
    expect(unset).toMatchObject({ status: 400, body: { message: expect.stringContaining('par défaut') } });
    expect(await defaults()).toEqual(['B']);
    await t.json(`${base()}/${b.id}`, { method: 'DELETE', token: customer });
    expect(await defaults()).toEqual(['A']);
    expect((await list()).map((x) => x.id)).toEqual([a.id, c.id]);
  });

  it('keeps at most 5 addresses', async () => {
    for (let i = 1; i <= 5; i++) expect((await add({ label: `N${i}`, adresse: `Dakar ${i}`, telephone: '771000001' })).status).toBe(201);
    const sixth = await add({ label: 'N6', adresse: 'Dakar 6', telephone: '771000001' });
    expect(sixth).toMatchObject({ status: 400, body: { message: 'Vous gardez au plus 5 adresses : supprimez-en une d’abord.' } });
    expect(await list()).toHaveLength(5);
  });

  it.each([
    ['no address', { label: 'Maison', adresse: '  ', telephone: '771234567' }, "L'adresse est obligatoire."],
    ['a missing address', { label: 'Maison', telephone: '771234567' }, "L'adresse est obligatoire."],
    ['no phone', { label: 'Maison', adresse: 'Dakar', telephone: '' }, 'Le téléphone est obligatoire.'],
    ['a bad phone', { label: 'Maison', adresse: 'Dakar', telephone: '66 12' }, 'Le numéro de téléphone est invalide.'],
    ['no label', { label: '', adresse: 'Dakar', telephone: '771234567' }, 'Le nom de l’adresse est obligatoire (par exemple « Maison »).'],
    [
      'a long address',
      { label: 'M', adresse: 'x'.repeat(301), telephone: '771234567' },
      'L’adresse est trop longue (300 caractères au plus).',
    ],
    ['an unknown field', { label: 'M', adresse: 'Dakar', telephone: '771234567', user_id: 1 }, 'Champ inconnu : user_id.'],
    [
      'a text default',
      { label: 'M', adresse: 'Dakar', telephone: '771234567', is_default: 'oui' },
      'Le champ « is_default » doit valoir true ou false.',
    ],
    ['not JSON', '{', undefined],
  ])('refuses %s with a French 400', async (_, body, message) => {
    const res = await add(body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(await list()).toEqual([]);
  });

  it('refuses an empty change and a bad id', async () => {
    const a = (await add({ label: 'A', adresse: 'Dakar', telephone: '771000001' })).body;
    expect((await t.json(`${base()}/${a.id}`, { method: 'PUT', token: customer, body: {} })).status).toBe(400);
    expect((await t.json(`${base()}/abc`, { method: 'PUT', token: customer, body: { label: 'B' } })).status).toBe(400);
    expect((await t.json(`${base()}/999999`, { method: 'PUT', token: customer, body: { label: 'B' } })).status).toBe(404);
  });

  it('answers only the owner or an admin; a stranger gets 404 and changes nothing', async () => {
    const mine = (await add({ label: 'A', adresse: 'Dakar', telephone: '771000001' })).body;
    const stranger = [
      ['GET', base(), undefined],
      ['POST', base(), { label: 'X', adresse: 'Pirate', telephone: '771000009' }],
      ['PUT', `${base()}/${mine.id}`, { label: 'Pirate' }],
      ['DELETE', `${base()}/${mine.id}`, undefined],
    ] as const;
    for (const [method, path, body] of stranger) {
      expect((await t.json(path, { method, body, token: member })).status, `${method} ${path}`).toBe(404);
      expect((await t.json(path, { method, body })).status, `${method} ${path} without a token`).toBe(401);
    }
    // The member's own id with the customer's address id: not theirs either.
    const theirs = `${base(t.ids.user.member)}/${mine.id}`;
    expect((await t.json(theirs, { method: 'PUT', token: member, body: { label: 'Pirate' } })).status).toBe(404);
    expect((await t.json(theirs, { method: 'DELETE', token: member })).status).toBe(404);
    expect(await list()).toMatchObject([{ label: 'A', adresse: 'Dakar' }]);
    expect(await list(admin)).toMatchObject([{ label: 'A' }]);
    expect((await t.json(`${base()}/${mine.id}`, { method: 'PUT', token: admin, body: { label: 'Par l’admin' } })).status).toBe(200);
    expect(await list()).toMatchObject([{ label: 'Par l’admin' }]);
  });

  describe('orders take the default address, and are never made without one', () => {
    const order = (body: unknown, token = customer) => t.json('/api/commandes', { method: 'POST', token, body });
    const pack = (body: unknown, token = customer) => t.json('/api/commande-pack', { method: 'POST', token, body });
    const packBody = (over: Record<string, unknown> = {}) => ({
      type_order: 'pack',
      pack_code: 'PACK-TEST',
      order_lines: packLines(t.ids.product),
      ...over,
    });

    it.each([
      ['POST /api/commandes', () => order(orderBody(me(), [[t.ids.product.fer!, 1]]))],
      ['POST /api/commande-pack', () => pack(packBody())],
    ])('%s without an address, and none saved: 400 with the §5 message', async (_, send) => {
      const res = await send();
      expect(res).toMatchObject({ status: 400, body: { message: "L'adresse est obligatoire.", field: 'adresse' } });
    });

    it('an address given without a phone and none saved takes the account’s mobile; without one either: 400 with the §5 message', async () => {
      const [row] = await t.database.db.select({ phone: users.partnerPhone }).from(users).where(eq(users.id, me()));
      const taken = await order(orderBody(me(), [[t.ids.product.fer!, 1]], { adresse: 'Dakar' }));
      expect(taken).toMatchObject({ status: 201, body: { adresse: 'Dakar', telephone: row!.phone } });
      await t.database.db.update(users).set({ partnerPhone: null }).where(eq(users.id, me()));
      try {
        const res = await pack(packBody({ adresse: 'Dakar' }));
        expect(res).toMatchObject({ status: 400, body: { message: 'Le téléphone est obligatoire.', field: 'telephone' } });
      } finally {
        await t.database.db.update(users).set({ partnerPhone: row!.phone }).where(eq(users.id, me()));
      }
    });

    it('the default address and phone fill what the body leaves out; the body wins', async () => {
      await add({ label: 'Maison', adresse: 'Ouakam, cité Avion', telephone: '78 111 22 33' });
      const saved = await pack(packBody());
      expect(saved).toMatchObject({ status: 201, body: { adresse: 'Ouakam, cité Avion', telephone: '221781112233' } });
      const given = await order(orderBody(me(), [[t.ids.product.fer!, 1]], { adresse: 'Yoff, Dakar' }));
      expect(given).toMatchObject({ status: 201, body: { adresse: 'Yoff, Dakar', telephone: '221781112233' } });
      const both = await pack(packBody({ adresse: 'Ngor', telephone: '771234567' }));
      expect(both.body).toMatchObject({ adresse: 'Ngor', telephone: '221771234567' });
    });

    it('an admin ordering for a customer takes the customer’s default address', async () => {
      await add({ label: 'Maison', adresse: 'HLM 5, Dakar', telephone: '771112233' });
      const res = await order(orderBody(me(), [[t.ids.product.fer!, 1]]), admin);
      expect(res).toMatchObject({ status: 201, body: { partner_id: me(), adresse: 'HLM 5, Dakar' } });
    });

    it('a guest booking without an address is refused too', async () => {
      const guest = nextGuest();
      const res = await t.json('/api/commande-sans-partner', {
        method: 'POST',
        ip: guest.ip,
        body: bookingBody(t.ids.product, { adresse: undefined, telephone: guest.telephone }),
      });
      expect(res).toMatchObject({ status: 400, body: { message: "L'adresse est obligatoire." } });
    });
  });
});
