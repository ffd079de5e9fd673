import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { $guestId } from '../collections/guest.store.ts';
import { $suggestions, clearSuggestions, reportSearchTerm, suggest } from './search.store.ts';

const [pglite] = testDatabases();

describe('search store against the real API', () => {
  let t: TestApi;
  let admin: string;
  const net = appNetwork(() => t.app, { keyOf: (url) => url.searchParams.get('search') ?? '' });
  const { client, logged, hold } = net;
  // What left the browser, as the assertions read it.
  const sent = () =>
    net.sent.map((s) => ({
      method: s.method,
      path: s.url.pathname,
      query: Object.fromEntries(s.url.searchParams),
      guest: s.headers.get('guest-id'),
      body: s.body,
      status: s.status,
    }));
  const via = { client };
  const names = () => $suggestions.get().products.map((p) => p.name);
  const stats = async () => (await t.json('/api/admin/recherches', { token: admin })).body;

  beforeAll(async () => {
    t = await setupApi(pglite!);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    net.reset();
    clearSuggestions();
  });

  describe('suggest', () => {
    it.each(['', ' ', 'a', ' b '])('asks nothing below 2 characters (%j)', async (term) => {
      await suggest(term, via);
      expect(sent()).toEqual([]);
      expect($suggestions.get()).toEqual({ term: '', status: 'idle', products: [] });
    });

    it('asks the listing for 5 products matching the trimmed term', async () => {
      await suggest('  ventilateur ', via);
      expect(sent()).toHaveLength(1);
      expect(sent()[0]).toMatchObject({ method: 'GET', path: '/api/produits-filtrer', status: 200 });
      expect(sent()[0]!.query).toEqual({ search: 'ventilateur', limit: '5' });
      expect($suggestions.get()).toMatchObject({ term: 'ventilateur', status: 'done' });
      expect(names().toSorted()).toEqual(['Ventilateur de table Sharp', 'Ventilateur sur pied Binatone']);
    });

    it('shows at most 5 when more match', async () => {
      // 'ur' is in eight of the fixtures' names (congélateurs, téléviseur, réfrigérateur, climatiseur, ventilateurs, mixeur).
      await suggest('ur', via);
      expect($suggestions.get().status).toBe('done');
      expect(names()).toHaveLength(5);
      for (const name of names()) expect(name.toLowerCase()).toContain('ur');
    });

    it('keeps the last products on screen while the next answer travels', async () => {
      await suggest('ventilateur', via);
      const release = hold('mixeur');
      const next = suggest('mixeur', via);
      expect($suggestions.get()).toMatchObject({ term: 'mixeur', status: 'loading' });
      expect(names()).toHaveLength(2);
      release();
      await next;
      expect($suggestions.get()).toMatchObject({ term: 'mixeur', status: 'done' });
      expect(names()).toEqual(['Mixeur Moulinex 1,5 L']);
    });

    it('drops a late answer to an older term', async () => {
      const releaseOld = hold('ventilateur');
      const old = suggest('ventilateur', via);
      await suggest('mixeur', via);
      releaseOld();
      await old;
      expect($suggestions.get()).toMatchObject({ term: 'mixeur', status: 'done' });
      expect(names()).toEqual(['Mixeur Moulinex 1,5 L']);
    });

    it('drops an answer arriving after the list was cleared', async () => {
      const release = hold('mixeur');
      const pending = suggest('mixeur', via);
      clearSuggestions();
      release();
      await pending;
      expect($suggestions.get()).toEqual({ term: '', status: 'idle', products: [] });
    });

    it('shows a failure as an error with no products, logged once in French', async () => {
      net.offline(true);
      await suggest('mixeur', via);
      expect($suggestions.get()).toEqual({ term: 'mixeur', status: 'error', products: [] });
      expect(logged).toEqual(['Erreur lors de la récupération des produits']);
    });
  });

  describe('suggestions that find nothing', () => {
    it('are reported once per word, with the visitor’s id, and words that find products never', async () => {
      await suggest('Plancha ', via);
      await suggest('plancha', via);
      await suggest('ventilateur', via);
      await expect.poll(() => sent().filter((s) => s.path === '/api/termeRecherche/sans-resultat')).toHaveLength(1);
      const miss = sent().find((s) => s.path === '/api/termeRecherche/sans-resultat');
      expect(miss).toMatchObject({ method: 'POST', body: { terme: 'Plancha' }, guest: $guestId.get(), status: 201 });
      expect($guestId.get()).toMatch(/^[A-Za-z0-9-]{8,64}$/);
      expect((await stats()).none).toContainEqual({ terme: 'plancha', count: 1 });
      expect(sent().filter((s) => s.method === 'POST')).toHaveLength(1);
    });
  });

  describe('reportSearchTerm', () => {
    it('posts the trimmed term, its source and the visitor’s id, and the back office counts it', async () => {
      await reportSearchTerm('  Téléviseur ', 'en-promo', via);
      expect(sent()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/termeRecherche',
          body: { terme: 'Téléviseur', source: 'en-promo' },
          guest: $guestId.get(),
          status: 201,
        }),
      ]);
      expect((await stats()).top).toContainEqual(expect.objectContaining({ terme: 'téléviseur', count: 1 }));
    });

    it('sends nothing for a blank term, and never throws when the network fails', async () => {
      await reportSearchTerm('   ', 'boutique', via);
      expect(sent()).toEqual([]);
      net.offline(true);
      await expect(reportSearchTerm('tv', 'boutique', via)).resolves.toBeUndefined();
      expect(logged).toEqual(['Erreur lors de l’enregistrement du terme de recherche']);
    });
  });
});
