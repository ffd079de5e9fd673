import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILT_PROVIDERS, providersFor, RETRY_AFTER_FAILURE, shopProviders } from './offered-providers.ts';

// A stand-in API on this machine (as INTERNAL_API_URL names one): its answer is set per test, its calls counted.
let answer: { status: number; body: unknown } = { status: 200, body: { providers: ['wave'], demo: [] } };
let calls = 0;
let server: Server;
const saved = process.env.INTERNAL_API_URL;

beforeAll(async () => {
  server = createServer((req, res) => {
    calls++;
    expect(req.url).toBe('/api/paiement/moyens');
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  process.env.INTERNAL_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.env.INTERNAL_API_URL = saved;
  await new Promise((ok) => server.close(ok));
});

describe('the providers a page rendered on the server offers (§2 "En ligne")', () => {
  it('asks the API, remembers its answer a minute, then asks again', async () => {
    const t = 1_000_000;
    expect(await shopProviders(t)).toEqual(['wave']);
    answer = { status: 200, body: { providers: [], demo: [] } };
    expect(await shopProviders(t + 59_000)).toEqual(['wave']);
    expect(calls).toBe(1);
    expect(await shopProviders(t + 60_000)).toEqual([]);
    expect(calls).toBe(2);
  });

  it.each([
    ['an error', { status: 500, body: { message: 'Erreur interne' } }, 10_000_000],
    ['an answer it cannot read', { status: 200, body: { providers: ['paypal'] } }, 20_000_000],
  ])('offers the build’s providers on %s, the server still judging each payment', async (_, failing, t) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = failing;
    const before = calls;
    expect(await shopProviders(t)).toEqual(BUILT_PROVIDERS);
    expect(quiet).toHaveBeenCalledOnce();
    // Remembered a few seconds: the pages drawn meanwhile do not ask a failing API again.
    expect(await shopProviders(t + (RETRY_AFTER_FAILURE - 1) * 1000)).toEqual(BUILT_PROVIDERS);
    expect(calls).toBe(before + 1);
    quiet.mockRestore();
  });

  it('asks once for pages drawn at the same moment', async () => {
    answer = { status: 200, body: { providers: ['orange'], demo: [] } };
    const before = calls;
    const t = 50_000_000;
    const all = await Promise.all([shopProviders(t), shopProviders(t), shopProviders(t)]);
    expect(all).toEqual([['orange'], ['orange'], ['orange']]);
    expect(calls).toBe(before + 1);
  });

  it('a page built ahead names the build’s providers without asking', async () => {
    const before = calls;
    expect(await providersFor({ isPrerendered: true })).toBe(BUILT_PROVIDERS);
    expect(calls).toBe(before);
    // Outside a build, every provider.
    expect(BUILT_PROVIDERS).toEqual(['wave', 'orange']);
  });
});
