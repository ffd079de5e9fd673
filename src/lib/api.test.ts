import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { FetchError } from 'ofetch';
import type { RefreshAnswer } from '../domain/auth.ts';
import { createApi, deleteTokens, getTokens, type ApiClient } from './api.ts';
import * as catalogue from './catalogue-api.ts';

// Only the network is faked: a `fetch` that answers like the API would, recording every request.
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | null;
  body: unknown;
}
type Handler = (req: Seen) => Response | Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthorized = () => json({ message: 'Authentification requise : jeton d’accès absent, invalide ou expiré.' }, 401);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fakeNetwork(handler: Handler) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://same-origin.test');
    init?.signal?.throwIfAborted();
    const headers = new Headers(init?.headers);
    const req: Seen = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      token: headers.get('access-token'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(req);
    return handler(req);
  };
  return { fetch: fetch as typeof globalThis.fetch, seen, to: (path: string) => seen.filter((r) => r.path === path) };
}

/** A client over the fake network, with tokens kept in a plain object as tokens.store would keep them. */
function setup(handler: Handler, initial: { access?: string; refresh?: string } = { access: 'old-access', refresh: 'refresh-1' }) {
  const net = fakeNetwork(handler);
  const stored: { access?: string | undefined; refresh?: string | undefined; expiresIn?: number | undefined } = { ...initial };
  const log = vi.fn();
  const client = createApi({
    baseURL: 'http://shop.test',
    fetch: net.fetch,
    log,
    getAccessToken: () => stored.access,
    getRefreshToken: () => stored.refresh,
    onTokens: (a: RefreshAnswer) => {
      Object.assign(stored, { access: a.access_token, refresh: a.refresh_token, expiresIn: a.expires_in });
    },
  });
  return { client, net, stored, log };
}

const product = { id: 7, name: 'Réfrigérateur 300 L', list_price: 250_000 };
const REFRESH = '/api/auth/refresh_token';
const fresh = { access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 900, refresh_expires_in: 2_592_000 };

/** The API: /api/produits/7 needs 'new-access'; the refresh endpoint is configurable. */
function backend(
  refresh: Handler = async () => {
    await sleep(5);
    return json(fresh);
  },
): Handler {
  return async (req) => {
    if (req.path === REFRESH) return refresh(req);
    await sleep(1);
    return req.token === 'new-access' ? json(product) : unauthorized();
  };
}

describe('createApi: headers', () => {
  it('sends the Access-Token header when a token exists, and JSON', async () => {
    const { client, net } = setup(() => json({ ok: true }), { access: 'abc' });
    await client('/api/commandes', { method: 'POST', body: { a: 1 } });
    const [req] = net.seen;
    expect(req).toMatchObject({ method: 'POST', path: '/api/commandes', token: 'abc', body: { a: 1 } });
  });

  it('sends no Access-Token header without a token', async () => {
    const { client, net } = setup(() => json([]), {});
    await client('/api/categories');
    expect(net.seen[0]?.token).toBeNull();
  });
});

describe('createApi: refresh on 401', () => {
  it('10 parallel calls with an expired token make exactly one refresh, and each is retried once with the new token', async () => {
    const { client, net } = setup(backend());
    const answers = await Promise.all(Array.from({ length: 10 }, () => client('/api/produits/7')));
    expect(answers).toEqual(Array(10).fill(product));
    expect(net.to(REFRESH)).toHaveLength(1);
    expect(net.to(REFRESH)[0]).toMatchObject({ method: 'POST', body: { refresh_token: 'refresh-1' }, token: null });
    const calls = net.to('/api/produits/7');
    expect(calls).toHaveLength(20);
    expect(calls.filter((c) => c.token === 'old-access')).toHaveLength(10);
    expect(calls.filter((c) => c.token === 'new-access')).toHaveLength(10);
  });

  it('stores the new access token, refresh token and expires_in', async () => {
    const { client, stored } = setup(backend());
    await client('/api/produits/7');
    expect(stored).toEqual({ access: 'new-access', refresh: 'refresh-2', expiresIn: 900 });
  });

  it('does not refresh again for a 401 that arrives after the refresh is done', async () => {
    let n = 0;
    const { client, net } = setup(async (req) => {
      if (req.path === REFRESH) return json(fresh);
      // Staggered answers: some 401s come back long after the first one started the refresh.
      if (req.token !== 'new-access') {
        await sleep(5 * n++);
        return unauthorized();
      }
      return json(product);
    });
    await Promise.all(Array.from({ length: 5 }, () => client('/api/produits/7')));
    expect(net.to(REFRESH)).toHaveLength(1);
  });

  it('a failed refresh is logged once and every call rejects with its original 401, without a second refresh', async () => {
    const { client, net, stored, log } = setup(backend(() => json({ message: 'Jeton de rafraîchissement invalide.' }, 401)));
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => client('/api/produits/7')));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const error = (r as PromiseRejectedResult).reason as FetchError;
      expect(error).toBeInstanceOf(FetchError);
      expect(error.status).toBe(401);
      expect(String(error.request)).toContain('/api/produits/7');
      expect(error.data).toEqual({ message: 'Authentification requise : jeton d’accès absent, invalide ou expiré.' });
    }
    expect(net.to(REFRESH)).toHaveLength(1);
    expect(net.to('/api/produits/7')).toHaveLength(3);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Erreur lors du rafraîchissement du jeton', expect.any(Error));
    expect(stored).toEqual({ access: 'old-access', refresh: 'refresh-1' });
  });

  it('a call sent after a failed refresh may try again (the failure may have been the network)', async () => {
    let attempts = 0;
    const { client, net } = setup(backend(async () => (++attempts === 1 ? json({ message: 'Indisponible.' }, 503) : json(fresh))));
    await expect(client('/api/produits/7')).rejects.toMatchObject({ status: 401 });
    await expect(client('/api/produits/7')).resolves.toEqual(product);
    expect(net.to(REFRESH)).toHaveLength(2);
  });

  it('a refresh answer that fails its schema counts as a failed refresh', async () => {
    const { client, net, stored, log } = setup(backend(() => json({ access_token: 42 })));
    await expect(client('/api/produits/7')).rejects.toMatchObject({ status: 401 });
    expect(net.to(REFRESH)).toHaveLength(1);
    expect(log).toHaveBeenCalledWith('Erreur lors du rafraîchissement du jeton', expect.anything());
    expect(stored.access).toBe('old-access');
  });

  it('a 401 on the retry is not retried again', async () => {
    const { client, net } = setup((req) => (req.path === REFRESH ? json(fresh) : unauthorized()));
    await expect(client('/api/produits/7')).rejects.toMatchObject({ status: 401 });
    expect(net.to('/api/produits/7').map((c) => c.token)).toEqual(['old-access', 'new-access']);
    expect(net.to(REFRESH)).toHaveLength(1);
  });

  it('makes no refresh without a refresh token', async () => {
    const { client, net } = setup(backend(), { access: 'old-access' });
    await expect(client('/api/produits/7')).rejects.toMatchObject({ status: 401 });
    expect(net.to(REFRESH)).toHaveLength(0);
    expect(net.seen).toHaveLength(1);
  });

  it('never refreshes for get_tokens, delete_tokens or the refresh call itself', async () => {
    const { client, net } = setup(() => unauthorized());
    await expect(getTokens('awa@example.sn', 'secret', { client })).rejects.toMatchObject({ status: 401 });
    await expect(deleteTokens('refresh-1', { client })).rejects.toMatchObject({ status: 401 });
    await expect(client.refresh()).rejects.toMatchObject({ status: 401 });
    expect(net.seen.map((c) => c.path)).toEqual(['/api/auth/get_tokens', '/api/auth/delete_tokens', REFRESH]);
    expect(net.seen.every((c) => c.token === null)).toBe(true);
  });

  it('refreshes through the lock, and skips the refresh when another tab rotated the tokens meanwhile', async () => {
    const net = fakeNetwork(backend());
    const stored = { access: 'old-access', refresh: 'refresh-1' };
    const client = createApi({
      baseURL: 'http://shop.test',
      fetch: net.fetch,
      log: vi.fn(),
      getAccessToken: () => stored.access,
      getRefreshToken: () => stored.refresh,
      onTokens: () => {},
      // The other tab finishes its refresh while this one waits for the lock.
      lock: async (task) => {
        Object.assign(stored, { access: 'new-access', refresh: 'refresh-2' });
        return task();
      },
    });
    await expect(client('/api/produits/7')).resolves.toEqual(product);
    expect(net.to(REFRESH)).toHaveLength(0);
  });
});

describe('typed helpers', () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  /** A tokenless client logging to console.error (as server-side rendering builds one) over a fake network. */
  const clientFor = (handler: Handler): { client: ApiClient; net: ReturnType<typeof fakeNetwork> } => {
    const net = fakeNetwork(handler);
    return { client: createApi({ baseURL: '', fetch: net.fetch }), net };
  };

  const failures: Array<[name: string, call: (client: ApiClient) => Promise<unknown>, message: string]> = [
    ['getProducts', (client) => catalogue.getProducts({ client }), 'Erreur lors de la récupération des produits'],
    ['filterProducts', (client) => catalogue.filterProducts({}, 'promo', { client }), 'Erreur lors de la récupération des produits'],
    ['getCategories', (client) => catalogue.getCategories({ client }), 'Erreur lors de la récupération des categories'],
    ['getProduct', (client) => catalogue.getProduct(42, { client }), "Erreur lors de la récupération du modèle avec l'ID 42"],
    [
      'createProduct',
      (client) => catalogue.createProduct({ name: 'Four', list_price: 90_000 }, { client }),
      'Erreur lors de la création du modèle',
    ],
    ['updateProduct', (client) => catalogue.updateProduct(42, { list_price: 1 }, { client }), 'Erreur lors de la mise à jour'],
    ['deleteProduct', (client) => catalogue.deleteProduct(42, { client }), 'Erreur lors de la suppression'],
    ['getTags', (client) => catalogue.getTags({ client }), 'Erreur lors de la récupération des tags'],
    ['getPack', (client) => catalogue.getPack('TABASKI', { client }), 'Erreur lors de la récupération du pack TABASKI'],
    ['getPacks', (client) => catalogue.getPacks({ client }), 'Erreur lors de la récupération des packs'],
    ['deleteTokens', (client) => deleteTokens('r', { client }), 'Erreur lors de la suppression des jetons'],
  ];

  it.each(failures)('%s logs its French message and rethrows the error', async (_name, call, message) => {
    const { client } = clientFor(() => json({ message: 'Introuvable.' }, 404));
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).status).toBe(404);
    expect(consoleError).toHaveBeenCalledWith(message, error);
  });

  it('rejects an answer that fails the schema, and logs it', async () => {
    const { client } = clientFor(() => json({ products: [{ id: 'x' }], total: -1 }));
    await expect(catalogue.filterProducts({}, 'all', { client })).rejects.toThrow();
    expect(consoleError).toHaveBeenCalledWith('Erreur lors de la récupération des produits', expect.anything());
  });

  it('does not log a call its caller aborted', async () => {
    const { client } = clientFor(() => json([]));
    const controller = new AbortController();
    controller.abort();
    await expect(catalogue.getProducts({ client, signal: controller.signal })).rejects.toThrow();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('calls the §7 listing paths with the filters as query parameters', async () => {
    const { client, net } = clientFor(() => json({ products: [product], total: 1 }));
    const list = await catalogue.filterProducts(
      { category: 3, search: 'frigo', min: 1000, max: 500_000, page: 2, limit: 9, productType: 'promo', tag: 'All' },
      'all',
      { client },
    );
    await catalogue.filterProducts({ search: '' }, 'tabaski', { client });
    expect(list.products[0]).toMatchObject({ id: 7, en_promo: false, tags: [] });
    expect(net.seen[0]?.path).toBe('/api/produits-filtrer');
    expect(Object.fromEntries(net.seen[0]!.query)).toEqual({
      category: '3',
      search: 'frigo',
      min: '1000',
      max: '500000',
      page: '2',
      limit: '9',
      productType: 'promo',
      tag: 'All',
    });
    expect(net.seen[1]?.path).toBe('/api/produits-filtrer-tabaski');
    expect([...net.seen[1]!.query]).toEqual([]);
  });

  it('a refusal with its wait (429) is not asked again at once: one request, and the caller reads Retry-After', async () => {
    const { client, net } = clientFor(
      () =>
        new Response(
          JSON.stringify({ message: 'Un code vient d’être demandé pour ce contact (un par minute). Veuillez réessayer dans 58 secondes.' }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '58' } },
        ),
    );
    const error = await catalogue.getProducts({ client }).catch((e: unknown) => e);
    expect(net.seen).toHaveLength(1);
    expect((error as FetchError).status).toBe(429);
    expect((error as FetchError).response?.headers.get('retry-after')).toBe('58');
  });

  it('the pre-order listing is GET /api/produits-precommande under the listing’s filters and page', async () => {
    const list = [1, 2, 3, 4].map((id) => ({
      ...product,
      id,
      name: `P${id}`,
      en_promo: id % 2 === 0,
      promo_price: id % 2 === 0 ? 200_000 : null,
      preorder_price: 240_000,
    }));
    const { client, net } = clientFor(() => json(list));
    const page = await catalogue.filterProducts({ productType: 'promo', limit: 1, page: 2 }, 'preorder', { client });
    expect(net.seen.map((r) => [r.path, [...r.query]])).toEqual([['/api/produits-precommande', []]]);
    expect(page.total).toBe(2);
    expect(page.products.map((p) => p.id)).toEqual([4]);
    // A search is the server's (it knows the shoppers' words): sent, and not applied again to what it found.
    net.seen.length = 0;
    const found = await catalogue.filterProducts({ search: 'frigo' }, 'preorder', { client });
    expect(net.seen.map((r) => [r.path, [...r.query]])).toEqual([['/api/produits-precommande', [['search', 'frigo']]]]);
    expect(found.total).toBe(4);
  });

  it('getPack encodes the code in the path', async () => {
    const { client, net } = clientFor(() => json({ name: 'Pack', produits: [], sommeTotal: 0 }));
    await catalogue.getPack('A/B C', { client });
    expect(net.seen[0]?.path).toBe('/api/pack_product/A%2FB%20C');
  });

  it('getTokens never logs or rethrows the password', async () => {
    const { client, net } = clientFor(() => json({ message: 'Identifiants incorrects.' }, 401));
    const error = await getTokens('awa@example.sn', 'Tres$ecret9', { client }).catch((e: unknown) => e);
    expect(net.seen[0]?.query.get('password')).toBe('Tres$ecret9');
    expect(error).toMatchObject({ status: 401, data: { message: 'Identifiants incorrects.' } });
    const logged = JSON.stringify(consoleError.mock.calls.map(([m, e]) => [m, String(e), (e as FetchError).request]));
    expect(logged).toContain('Erreur lors de la récupération des jetons');
    expect(logged).not.toContain('ecret9');
    expect(String(error)).not.toContain('ecret9');
  });

  it('getTokens keeps the Retry-After of a refused login, and still not the password', async () => {
    const { client } = clientFor(
      () =>
        new Response(JSON.stringify({ message: 'Trop de tentatives.' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '900' },
        }),
    );
    const error = await getTokens('awa@example.sn', 'Tres$ecret9', { client }).catch((e: unknown) => e);
    expect((error as FetchError).response?.headers.get('retry-after')).toBe('900');
    expect(JSON.stringify(error)).not.toContain('ecret9');
    expect(String(error)).not.toContain('ecret9');
  });
});
