import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { bookingBody } from '../../../tests/fixtures/orders.ts';
import { decodeWaveEvent } from '../payments/wave.ts';
import { WebhookRefused } from '../payments/provider.ts';
import { rejectNul } from './guards.ts';
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './json-limits.ts';

const TOO_DEEP = { message: 'Le JSON est trop imbriqué (32 niveaux au plus).' };
const TOO_MANY = { message: 'Le JSON compte trop de champs (2 000 au plus).' };

/** `levels` nested lists or objects around 1: `[[1]]`, `{"a":{"a":1}}`. */
const nested = (shape: 'array' | 'object', levels: number) =>
  shape === 'array' ? `${'['.repeat(levels)}1${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** An object of `n` fields. */
const wide = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;

describe('jsonShapeProblem', () => {
  it.each<[string, string, string | null]>([
    ['nothing', '', null],
    ['a scalar', '"texte"', null],
    ['32 levels of lists', nested('array', 32), null],
    ['33 levels of lists', nested('array', 33), TOO_DEEP.message],
    ['32 levels of objects', nested('object', 32), null],
    ['33 levels of objects', nested('object', 33), TOO_DEEP.message],
    ['10 300 levels, never closed', '['.repeat(10_300), TOO_DEEP.message],
    ['brackets inside a string', `["${'['.repeat(40)}"]`, null],
    ['an escaped quote does not end the string', `["\\"${'['.repeat(40)}"]`, null],
    ['an escaped backslash then the closing quote', `["\\\\",${'['.repeat(33)}`, TOO_DEEP.message],
    ['stray closing brackets buy no room', `${']'.repeat(10)}${'['.repeat(33)}`, TOO_DEEP.message],
    ['siblings do not add up', `[${Array.from({ length: 100 }, () => nested('array', 31)).join(',')}]`, null],
    ['colons inside strings are not fields', `{"a":"${':'.repeat(5000)}"}`, null],
    ['2 000 fields', wide(2000), null],
    ['2 001 fields', wide(2001), TOO_MANY.message],
    ['2 001 fields spread over nested objects', `[${Array.from({ length: 3 }, () => wide(667)).join(',')}]`, TOO_MANY.message],
  ])('%s', (_l, text, expected) => expect(jsonShapeProblem(text)).toBe(expected));
});

describe('the NUL and surrogate guard on its own', () => {
  // Without the shape limit in front: its walk over the parsed body must hold however deep the body is.
  const app = new Hono().use(rejectNul).post('/', (c) => c.json({ ok: true }));
  const send = (body: string) => app.request('/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  it('finds a NUL at the bottom of 10 300 levels, without a stack overflow', async () => {
    const res = await send(`${'{"a":['.repeat(10_300)}"x\\u0000"${']}'.repeat(10_300)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'La requête contient un caractère nul, qui n’est pas admis.' });
  });

  it('lets a clean body of 10 300 levels through to the route', async () => {
    expect((await send(nested('array', 10_300))).status).toBe(200);
  });

  it('reports the first bad text in document order', async () => {
    const res = await send('["\\ud800", {"b": "\\u0000"}]');
    expect(await res.json()).toEqual({
      message: 'La requête contient un caractère Unicode mal formé (demi-paire de substitution), qui n’est pas admis.',
    });
  });
});

describe('the Wave event decoder', () => {
  it('refuses an event whose data nests 10 300 levels as unreadable, without a stack overflow', () => {
    const body = `{"id":"EV_deep","type":"checkout.session.completed","data":${nested('object', 10_300)}}`;
    expect(() => decodeWaveEvent(body)).toThrow(new WebhookRefused(400, 'Webhook refusé : session de paiement illisible.'));
  });
});

describe.each(testDatabases())('JSON nesting and field limits on $name', (kind) => {
  let t: TestApi;
  let token: string;
  let n = 0;
  beforeAll(async () => {
    t = await setupApi(kind);
    token = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());
  // Tracking counts tries per address: each call comes from a new one.
  const post = (path: string, body: string, auth?: string, method = 'POST') =>
    t.json(path, { method, body, token: auth, ip: `203.0.113.${++n % 250}` });

  it('the limits are the ones the messages name', () => {
    expect([MAX_JSON_DEPTH, MAX_JSON_KEYS]).toEqual([32, 2000]);
  });

  const routes: Array<[string, string, boolean]> = [
    ['POST', '/api/commande-sans-partner', false],
    ['POST', '/api/tracking', false],
    ['POST', '/api/termeRecherche', false],
    ['POST', '/api/commandes', true],
    ['PUT', '/api/users/me', true],
  ];
  describe.each(routes)('%s %s', (method, path, signedIn) => {
    it.each(['array', 'object'] as const)(
      '20 KB and more of %s nesting (10 300 levels) answers the French 400, never a 500',
      async (shape) => {
        const body = nested(shape, 10_300);
        expect(body.length).toBeGreaterThan(20_000);
        expect(await post(path, body, signedIn ? token : undefined, method)).toMatchObject({ status: 400, body: TOO_DEEP });
      },
    );

    it.each(['array', 'object'] as const)(
      '%s nesting inside a field: 33 levels are refused, 32 get the route’s own answer',
      async (shape) => {
        const within = (levels: number) => `{"reference":${nested(shape, levels - 1)},"name":${nested(shape, levels - 1)}}`;
        expect(await post(path, within(MAX_JSON_DEPTH + 1), signedIn ? token : undefined, method)).toMatchObject({
          status: 400,
          body: TOO_DEEP,
        });
        const own = await post(path, within(MAX_JSON_DEPTH), signedIn ? token : undefined, method);
        expect(own.status).toBe(400);
        expect(own.body.message).not.toBe(TOO_DEEP.message);
      },
    );

    it('2 001 fields are refused, 2 000 get the route’s own answer', async () => {
      expect(await post(path, wide(MAX_JSON_KEYS + 1), signedIn ? token : undefined, method)).toMatchObject({
        status: 400,
        body: TOO_MANY,
      });
      const own = await post(path, wide(MAX_JSON_KEYS), signedIn ? token : undefined, method);
      expect(own.status).toBe(400);
      expect(own.body.message).not.toBe(TOO_MANY.message);
    });
  });

  it('brackets and colons inside strings count for nothing: a booking whose texts are full of them is placed', async () => {
    const text = `[{:"\\"[{${'['.repeat(40)}`;
    const res = await t.json('/api/commande-sans-partner', {
      method: 'POST',
      body: bookingBody(t.ids.product, { adresse: `Dakar ${text}`.slice(0, 300), name: `Awa ${'{'.repeat(60)}`.slice(0, 60) }),
    });
    expect(res.status).toBe(201);
  });

  it('a body that is not JSON, deep or not, is still reported as bad JSON', async () => {
    expect(await post('/api/tracking', '{"reference": [[[')).toMatchObject({
      status: 400,
      body: { message: 'Le corps de la requête n’est pas un JSON valide.' },
    });
    expect(await post('/api/tracking', `{"reference": ${'['.repeat(40)}`)).toMatchObject({ status: 400, body: TOO_DEEP });
  });

  it('the payments webhook answers the French 400 to a deep body, before anything decodes it', async () => {
    const body = `{"id":"EV_deep","type":"checkout.session.completed","data":${nested('object', 10_300)}}`;
    expect(
      await t.json('/api/payments/wave/webhook', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', 'Wave-Signature': 't=1,v1=00' },
      }),
    ).toMatchObject({ status: 400, body: TOO_DEEP });
  });

  it('the demonstration payment form: a deeply bracketed field name is just an unknown choice', async () => {
    const res = await t.app.request('/api/payments/demo/demo-nowhere', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `outcome${'[a]'.repeat(10_000)}=paid&${'outcome.a'.repeat(2000)}=paid`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Choix de démonstration inconnu.' });
  });
});
