// Time until a first visit's worker controls /boutique, on slow 4G (150 ms, 1.6 Mbps shared, by a proxy, so the
// worker's own fetches are throttled too) and a 4× slower CPU; old (sequential) vs new (6 at once) sw.js, alternated.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { chromium } from 'playwright-core';
import { cleanup } from '../scripts/bench/cleanup.mjs';
import { CHROMIUM_FLAGS } from '../scripts/bench/pages.mjs';
import { startShop } from '../scripts/bench/server.mjs';

const RATE = (1.6 * 1024 * 1024) / 8; // bytes per second, shared
const LATENCY = 150;

async function proxy(shop, swFile) {
  const sw = readFileSync(swFile);
  let linkFree = 0;
  const server = createServer((req, res) => {
    setTimeout(() => {
      if (req.url === '/sw.js') {
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
        return send(res, sw, () => res.end());
      }
      const up = forward({ host: shop.hostname, port: shop.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk) => { answer.pause(); send(res, chunk, () => answer.resume()); });
        answer.on('end', () => setTimeout(() => res.end(), Math.max(0, linkFree - Date.now())));
      });
      req.pipe(up);
    }, LATENCY);
  });
  function send(res, chunk, then) {
    const start = Math.max(Date.now(), linkFree);
    linkFree = start + (chunk.length / RATE) * 1000;
    setTimeout(() => { res.write(chunk); then(); }, linkFree - Date.now());
  }
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

const shop = await startShop();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
const results = { old: [], new: [] };
const runs = Number(process.argv[2] || 3);
try {
  for (let i = 0; i < runs; i++) {
    for (const kind of ['old', 'new']) {
      const { server, origin } = await proxy(new URL(shop.url), `/tmp/sw-${kind}.js`);
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow', locale: 'fr-FR' });
      await context.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${origin}/boutique`, { waitUntil: 'load', timeout: 120_000 });
      const t = await page.evaluate(async () => {
        const load = performance.getEntriesByType('navigation')[0].loadEventEnd;
        if (!navigator.serviceWorker.controller) await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok));
        return { load, control: performance.now() };
      });
      results[kind].push(t.control);
      console.log(kind, `load ${(t.load / 1000).toFixed(2)} s, control ${(t.control / 1000).toFixed(2)} s`);
      await context.close();
      server.close();
      server.closeAllConnections();
    }
  }
} finally {
  await browser.close();
  await cleanup();
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(`median control: old ${(median(results.old) / 1000).toFixed(2)} s, new ${(median(results.new) / 1000).toFixed(2)} s`);
process.exit(0);
