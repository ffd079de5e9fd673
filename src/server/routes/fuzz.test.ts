/**
 * Property-based fuzzing of every §7 route that takes input: spoilt path parameters, queries and bodies, from a visitor,
 * the customer, the admin and a forged token. Never a 5xx; every 4xx says what is wrong in French.
 * `FUZZ_RUNS` sets the runs per route (`npm test`: a few dozen; `npm run fuzz`: 1,000), `FUZZ_SEED` replays a failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import {
  deepBody,
  FUZZ_ROUTES,
  nastyString,
  paramValue,
  queryValue,
  rawBody,
  spoilt,
  type FuzzRoute,
  type Identity,
} from '../../../tests/fixtures/fuzz-routes.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// English words a default message would hold; French words or marks one of ours holds.
const ENGLISH = /\b(invalid|expected|received|required|must|should|not found|internal server error|unexpected|cannot)\b/i;
const FRENCH =
  /[éèêàçùâîôûœ’«»]|\b(le|la|les|de|des|du|un|une|est|pas|au|aux|ou|et|ce|cette|votre|vous|trop|requête|introuvable|invalide|identifiant|champ|produit|inconnue?|commande)\b/i;

/** Whether a 4xx body is `{ message }` with a French sentence. */
function frenchError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim().length > 0 && FRENCH.test(message) && !ENGLISH.test(message);
}

// encodeURIComponent throws on a lone surrogate: send it as the bytes a careless client would (an invalid UTF-8 sequence).
const encode = (s: string) =>
  s
    .replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => {
      const code = c.charCodeAt(0);
      const paired = code < 0xdc00 ? /[\udc00-\udfff]/.test(all[i + 1] ?? '') : /[\ud800-\udbff]/.test(all[i - 1] ?? '');
      return paired ? c : '\u0000SURROGATE\u0000';
    })
    .split('\u0000SURROGATE\u0000')
    .map(encodeURIComponent)
    .join('%ED%A0%80');

// A counterexample may hold a megabyte of text: report its seed and its first characters, not all of it.
function shortReport(run: fc.RunDetails<[Call]>): void {
  if (!run.failed) return;
  const example = run.counterexample
    ? JSON.stringify(run.counterexample[0], (_k, v: unknown) =>
        typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}… (${v.length} caractères)` : v,
      )
    : '';
  const cause = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
  throw new Error(
    `Échec après ${run.numRuns} essais (FUZZ_SEED=${run.seed}, path ${run.counterexamplePath}) : ${example}\n${cause.slice(0, 1000)}`,
  );
}

// `looseId`: a numeric id of the path is spelt loosely, which must be refused (400), not read as a number.
interface Call {
  who: Identity;
  url: string;
  body?: BodyInit;
  type?: string;
  ip: string;
  headers: Record<string, string>;
  looseId?: boolean;
}

function callOf(route: FuzzRoute): fc.Arbitrary<Call> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => paramValue(route.params?.[n] ?? '1')));
  const query = route.query ? queryValue(route.query) : fc.constant([] as Array<[string, string]>);
  const body: fc.Arbitrary<{ body?: BodyInit; type?: string }> = route.raw
    ? rawBody(route.raw).map((b) => ({ body: b, type: route.raw }))
    : route.body !== undefined
      ? fc.oneof(
          { arbitrary: spoilt(route.body).map((b) => ({ body: JSON.stringify(b), type: 'application/json' })), weight: 9 },
          { arbitrary: nastyString.map((s) => ({ body: s, type: 'application/json' })), weight: 1 },
          { arbitrary: deepBody(route.body).map((s) => ({ body: s, type: 'application/json' })), weight: 2 },
        )
      : fc.constant({});
  const header = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 });
  const headers = fc.record({ 'Guest-Id': header, 'Idempotency-Key': header }, { requiredKeys: [] });
  return fc
    .record({ who: fc.constantFrom<Identity>('anon', 'client', 'admin', 'forged'), params, query, body, ip: fc.ipV4(), headers })
    .map(({ who, params: values, query: pairs, body: b, ip, headers: h }) => {
      let path = route.path;
      names.forEach((n, i) => {
        const v = values[i]!;
        path = path.replace(`:${n}`, 'escaped' in v ? v.escaped : encode(v.text));
      });
      const search = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
      return { who, url: search ? `${path}?${search}` : path, body: b.body, type: b.type, ip, headers: h };
    });
}

// Run first on every route, whatever FUZZ_RUNS: ids spelt loosely in each path parameter, and bodies nested past the limit.
const LOOSE_IDS = ['0x10', '1e1', '+5', ' 5', '5.0', '-1', '0', '007', '2147483648', '１６'];
const DEEP = [`${'['.repeat(10_300)}${']'.repeat(10_300)}`, `${'{"a":'.repeat(10_300)}1${'}'.repeat(10_300)}`];
function extremes(route: FuzzRoute): Call[] {
  // An upload route is sent its own type of body: the id, not the transport guard, is what is tried.
  const upload = route.raw
    ? { type: route.raw, body: route.raw === 'text/csv' ? 'nom;prix\nX;1000\n' : Uint8Array.from([0x89, 0x50, 0x4e, 0x47]) }
    : {};
  const base = { who: 'admin' as const, ip: '192.0.2.1', headers: {}, ...upload };
  const good = route.path.replace(/:(\w+)/g, (_m, n: string) => route.params?.[n] ?? '1');
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const numeric = (n: string) => /^(id|partnerId|number)$/.test(n) && /^\d+$/.test(route.params?.[n] ?? '1');
  const ids = names.flatMap((n) =>
    LOOSE_IDS.map((id) => ({
      ...base,
      url: route.path.replace(/:(\w+)/g, (_m, k: string) => (k === n ? encode(id) : (route.params?.[k] ?? '1'))),
      looseId: numeric(n),
    })),
  );
  const deep = route.body !== undefined ? DEEP.map((body) => ({ ...base, url: good, body, type: 'application/json' })) : [];
  return [...ids, ...deep];
}

describe.each(testDatabases())('fuzzing every §7 route that takes input on $name', (kind) => {
  let t: TestApi;
  const tokens: Record<Identity, string | undefined> = {
    anon: undefined,
    client: undefined,
    admin: undefined,
    forged: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.Zm9yZ2Vk',
  };

  beforeAll(async () => {
    t = await setupApi(kind);
  }, 180_000);
  afterAll(() => t?.close());
  // A run may have logged someone out or deleted them: sign in again when the token stopped working, if the account is still there.
  beforeEach(async () => {
    for (const [who, user] of [
      ['client', 'customer'],
      ['admin', 'admin'],
    ] as const) {
      const token = tokens[who];
      if (token && (await t.json(`/api/users/${t.ids.user[user]}/compte`, { token })).status !== 401) continue;
      tokens[who] = await t.login(user).then(
        (r) => r.access_token,
        () => 'compte-supprimé',
      );
    }
  }, 120_000);

  it.each(FUZZ_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: never a 5xx, always a French 4xx',
    async (_name, route) => {
      // fast-check counts examples within numRuns: they come on top of the random calls.
      const examples = extremes(route).map((call): [Call] => [call]);
      await fc.assert(
        fc.asyncProperty(callOf(route), async (call) => {
          const headers = new Headers(call.headers);
          const token = tokens[call.who];
          if (token) headers.set('Access-Token', token);
          if (call.type) headers.set('Content-Type', call.type);
          const env = { incoming: { socket: { remoteAddress: call.ip, remotePort: 40000, remoteFamily: 'IPv4' } } };
          const res = await t.app.request(call.url, { method: route.method, headers, body: call.body }, env);
          const text = await res.text();
          t.logs.length = 0;
          t.mail.length = 0;
          expect(res.status, `${route.method} ${call.url.slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
          if (call.looseId) expect(res.status, `${route.method} ${call.url} → ${text.slice(0, 300)}`).toBe(400);
          if (res.status >= 400) {
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = text;
            }
            expect(frenchError(body), `${route.method} ${call.url.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`).toBe(true);
          }
        }),
        { numRuns: RUNS + examples.length, seed: SEED, endOnFailure: true, reporter: shortReport, examples },
      );
    },
    Math.max(60_000, RUNS * 2000),
  );
});

describe('frenchError', () => {
  it.each<[unknown, boolean]>([
    [{ message: 'Le champ « quantité » doit être compris entre 1 et 99.' }, true],
    [{ message: 'Ressource introuvable.' }, true],
    [{ message: 'Produit inconnu : 2021395274.' }, true],
    [{ message: 'Invalid input: expected number, received string' }, false],
    [{ message: 'Not Found' }, false],
    [{ message: '' }, false],
    ['Internal Server Error', false],
    [{ error: 'Requête invalide.' }, false],
  ])('%j → %s', (body, french) => expect(frenchError(body)).toBe(french));
});
