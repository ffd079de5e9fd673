/** Browser journey of the background worker's install (§1): the precache is fetched a few files at once, not one after another. */
import { once } from 'node:events';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { PRECACHE_CONCURRENCY } from '../../src/worker/precache-install.ts';
import { watchConsole } from '../fixtures/journeys.ts';

test.use({ serviceWorkers: 'allow' });
watchConsole();

/** What the proxy saw of the worker's own fetches of scripts and styles (`Sec-Fetch-Dest: empty`, a page's are `script`/`style`). */
type Seen = { inFlight: number; most: number; files: Set<string> };

/**
 * The shop behind a proxy on its own port (a fresh origin, so a first visit) that answers each of the worker's fetches
 * of `/_astro` files `delay` ms late, as a slow network would, and counts how many are under way at once.
 */
async function slowProxy(shop: URL, delay: number): Promise<{ server: Server; origin: string; seen: Seen }> {
  const seen: Seen = { inFlight: 0, most: 0, files: new Set() };
  const server = createServer((req, res) => {
    const worker = req.headers['sec-fetch-dest'] === 'empty' && (req.url ?? '').startsWith('/_astro/');
    if (worker) {
      seen.inFlight++;
      seen.most = Math.max(seen.most, seen.inFlight);
      seen.files.add(req.url!);
      res.on('close', () => seen.inFlight--);
    }
    const pass = () =>
      req.pipe(
        forward({ host: shop.hostname, port: shop.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }),
      );
    if (worker) setTimeout(pass, delay);
    else pass();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

test('a first visit’s worker fetches its precache several files at once, never more than its limit, and takes over', async ({
  page,
  baseURL,
}) => {
  const { server, origin, seen } = await slowProxy(new URL(baseURL!), 150);
  try {
    await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
    await page.goto(`${origin}/boutique`);
    const ms = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok));
      return performance.now();
    });
    test.info().annotations.push({ type: 'worker in control', description: `${Math.round(ms)} ms after navigation start` });
    // The files the page did not load itself come from the network, a few at once: one after another would be 1.
    expect(seen.files.size).toBeGreaterThan(20);
    expect(seen.most).toBeGreaterThan(1);
    expect(seen.most).toBeLessThanOrEqual(PRECACHE_CONCURRENCY);
    // Every file of the list is in the precache.
    const kept = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
      return name ? (await (await caches.open(name)).keys()).length : 0;
    });
    const listed = ((await (await page.request.get(`${origin}/sw.js`)).text()).match(/"url":"\//g) ?? []).length;
    expect(kept).toBe(listed);
  } finally {
    server.close();
    server.closeAllConnections();
  }
});
