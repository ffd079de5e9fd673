import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { searchTermDays, searchTerms } from '../db/schema-search.ts';
import { TERMS_PER_ADDRESS, TERMS_PER_WINDOW, WINDOW_SECONDS } from './search-terms.ts';

describe.each(testDatabases())('POST /api/termeRecherche on $name', (kind) => {
  let t: TestApi;
  const post = (body: unknown, guest = 'visiteur-a', token?: string, ip?: string) =>
    ip
      ? Promise.resolve(
          t.app.request(
            '/api/termeRecherche',
            { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'Guest-Id': guest } },
            { incoming: { socket: { remoteAddress: ip } } },
          ),
        ).then(async (r: Response) => ({ status: r.status, body: await r.json(), headers: r.headers }))
      : t.json('/api/termeRecherche', { method: 'POST', body, headers: { 'Guest-Id': guest }, token });
  const stored = () => t.database.db.select().from(searchTerms).orderBy(asc(searchTerms.id));

  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
  });
  afterAll(() => t.close());

  it('stores the term, trimmed and cut to 100 characters, with its source', async () => {
    const res = await post({ terme: '  Réfrigérateur   Nasco ', source: 'boutique' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ terme: 'Réfrigérateur Nasco', source: 'boutique' });
    expect((await post({ terme: 'x'.repeat(300), source: 'promo-korite' })).status).toBe(201);
    const rows = await stored();
    expect(rows.map((r) => [r.terme, r.source, r.visitor])).toEqual([
      ['Réfrigérateur Nasco', 'boutique', 'guest:visiteur-a'],
      ['x'.repeat(100), 'promo-korite', 'guest:visiteur-a'],
    ]);
  });

  it.each<[string, unknown, string]>([
    ['an unknown source', { terme: 'tv', source: 'promo-tabaski' }, 'source'],
    ['an empty term', { terme: '   ', source: 'boutique' }, 'terme'],
    ['a missing term', { source: 'en-promo' }, 'terme'],
    ['a term that is not text', { terme: 42, source: 'en-promo' }, 'terme'],
    ['a huge term', { terme: 'x'.repeat(1001), source: 'en-promo' }, 'terme'],
    ['an unknown field', { terme: 'tv', source: 'boutique', extra: 1 }, 'extra'],
  ])('refuses %s with a French 400 and writes nothing', async (_label, body, field) => {
    const before = (await stored()).length;
    const res = await post(body, 'visiteur-bb');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toMatch(/«|Champ inconnu/);
    expect((await stored()).length).toBe(before);
  });

  it(`answers 429 in French past ${TERMS_PER_WINDOW} terms a minute per visitor, then lets them through again`, async () => {
    for (let i = 0; i < TERMS_PER_WINDOW; i++) expect((await post({ terme: `t${i}`, source: 'en-promo' }, 'rapide-01')).status).toBe(201);
    const refused = await post({ terme: 'encore', source: 'en-promo' }, 'rapide-01');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Trop de recherches en peu de temps : veuillez réessayer dans une minute.');
    expect(refused.headers.get('Retry-After')).toBe(String(WINDOW_SECONDS));
    expect((await stored()).filter((r) => r.terme === 'encore')).toEqual([]);
    // Another visitor is not affected.
    expect((await post({ terme: 'autre', source: 'boutique' }, 'lent-0001')).status).toBe(201);
    t.clock.advance(WINDOW_SECONDS + 1);
    expect((await post({ terme: 'encore', source: 'en-promo' }, 'rapide-01')).status).toBe(201);
  });

  it('also caps one address, whatever guest ids it sends, and records it', async () => {
    t.clock.advance(WINDOW_SECONDS + 1);
    for (let i = 0; i < TERMS_PER_ADDRESS; i++) {
      expect(
        (await post({ terme: `a${i}`, source: 'boutique' }, `guest-${String(i).padStart(4, '0')}`, undefined, '10.0.0.9')).status,
      ).toBe(201);
    }
    const refused = await post({ terme: 'encore', source: 'boutique' }, 'guest-nouveau', undefined, '10.0.0.9');
    expect(refused.status).toBe(429);
    expect((await post({ terme: 'ailleurs', source: 'boutique' }, 'guest-nouveau', undefined, '10.0.0.10')).status).toBe(201);
    const last = (await stored()).at(-1)!;
    expect([last.visitor, last.ip]).toEqual(['guest:guest-nouveau', '10.0.0.10']);
  });

  it('counts a signed-in user by account, whatever guest id is sent', async () => {
    const { access_token } = await t.login('customer');
    await post({ terme: 'climatiseur', source: 'boutique' }, 'nimporte-01', access_token);
    const last = (await stored()).at(-1)!;
    expect(last.visitor).toMatch(/^user:\d+$/);
  });

  it('counts each term for its day, trimmed and lower-cased, in the same write', async () => {
    t.clock.advance(WINDOW_SECONDS + 1);
    const day = t.clock.now.toISOString().slice(0, 10);
    for (const [terme, guest] of [
      ['Ventilateur ', 'jour-0001'],
      ['ventilateur', 'jour-0002'],
      ['VENTILATEUR', 'jour-0003'],
    ] as const) {
      expect((await post({ terme, source: 'boutique' }, guest)).status).toBe(201);
    }
    const rows = await t.database.db.select().from(searchTermDays).where(eq(searchTermDays.terme, 'ventilateur'));
    expect(rows).toEqual([{ day, terme: 'ventilateur', count: 3 }]);
    // A refused term is not counted.
    for (let i = 0; i < TERMS_PER_WINDOW; i++) await post({ terme: 'ventilateur', source: 'boutique' }, 'jour-rapide');
    const after = await t.database.db.select().from(searchTermDays).where(eq(searchTermDays.terme, 'ventilateur'));
    expect(after[0]!.count).toBe(3 + TERMS_PER_WINDOW);
    expect((await post({ terme: 'ventilateur', source: 'boutique' }, 'jour-rapide')).status).toBe(429);
    expect((await t.database.db.select().from(searchTermDays).where(eq(searchTermDays.terme, 'ventilateur')))[0]!.count).toBe(
      3 + TERMS_PER_WINDOW,
    );
  });

  it('two instances on one database share one budget per visitor and per address', async () => {
    t.clock.advance(WINDOW_SECONDS + 1);
    const other = t.twin();
    const send = (json: TestApi['json'], guest: string, ip: string) =>
      json('/api/termeRecherche', { method: 'POST', body: { terme: 'tv', source: 'boutique' }, headers: { 'Guest-Id': guest }, ip });
    for (let i = 0; i < TERMS_PER_WINDOW; i++)
      expect((await send(i % 2 ? t.json : other.json, 'deux-instances', '10.1.0.1')).status).toBe(201);
    expect((await send(t.json, 'deux-instances', '10.1.0.1')).status).toBe(429);
    expect((await send(other.json, 'deux-instances', '10.1.0.1')).status).toBe(429);

    t.clock.advance(WINDOW_SECONDS + 1);
    for (let i = 0; i < TERMS_PER_ADDRESS; i++) {
      expect((await send(i % 2 ? t.json : other.json, `adresse-${String(i).padStart(4, '0')}`, '10.1.0.2')).status).toBe(201);
    }
    expect((await send(t.json, 'adresse-nouvelle', '10.1.0.2')).status).toBe(429);
    expect((await send(other.json, 'adresse-nouvelle', '10.1.0.2')).status).toBe(429);
  }, 180_000);
});
