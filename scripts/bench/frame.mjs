// What the frame's offline and contact pieces (§1, §9) add to a first view, and what a second visit sends once the
// background worker (/sw.js) holds the shop.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Elements of the pieces, in the served HTML. */
const PIECES = [
  '#status-bars',
  '#contact-dock',
  '[data-dock-room]',
  'link[rel="manifest"]',
  'link[rel="apple-touch-icon"]',
  'script[src*="/ContactDock."]',
];
/** The frame script, requested by every page. */
export const FRAME_SCRIPT = /\/_astro\/ContactDock\.[^/]*\.js$/;

const br = (text) => brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Bytes the pieces add to the open page's first view, compressed: their HTML (the page with and without them), the CSS
 * rules only they use, and `scriptBytes` (the frame script as it travelled).
 */
export async function frameAddition(page, scriptBytes) {
  const { full, stripped, css } = await page.evaluate(async (pieces) => {
    const html = await (await fetch(location.href)).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const full = doc.documentElement.outerHTML;
    for (const el of doc.querySelectorAll(pieces.join(','))) el.remove();
    // Classes that only the pieces use, and the rules that name them (or the contact animation).
    const inPieces = new Set(
      [...document.querySelectorAll(pieces.join(','))]
        .flatMap((el) => [el, ...el.querySelectorAll('*')])
        .flatMap((el) => [...el.classList]),
    );
    const elsewhere = new Set(
      [...document.querySelectorAll('body *')].filter((el) => !el.closest(pieces.join(','))).flatMap((el) => [...el.classList]),
    );
    const own = [...inPieces].filter((c) => !elsewhere.has(c)).map((c) => `.${CSS.escape(c)}`);
    const rules = [];
    const walk = (list) => {
      for (const rule of list) {
        if (rule.cssRules && !(rule instanceof CSSKeyframesRule) && !(rule instanceof CSSStyleRule)) walk(rule.cssRules);
        else if (
          rule instanceof CSSKeyframesRule
            ? rule.name === 'contact-pulse'
            : own.some((c) => rule.selectorText?.includes(c)) || rule.selectorText?.includes('data-pulsing')
        )
          rules.push(rule.cssText);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return { full, stripped: doc.documentElement.outerHTML, css: rules.join('\n') };
  }, PIECES);
  const html = br(full) - br(stripped);
  const cssBytes = css ? br(css) : 0;
  return { html, css: cssBytes, script: scriptBytes, total: html + cssBytes + scriptBytes };
}

/**
 * Encoded bytes of an answer. Chromium reports no transfer size for the worker's own fetches: then the Content-Length,
 * or the body compressed again the way the server sent it (gzip or brotli), stands in.
 */
async function transferred(request, response) {
  const reported = (await request.sizes()).responseBodySize;
  if (reported >= 0 || !response) return Math.max(reported, 0);
  const length = await response.headerValue('content-length');
  if (length) return Number(length);
  const body = await response.body().catch(() => Buffer.alloc(0));
  const encoding = await response.headerValue('content-encoding');
  return encoding === 'br' ? br(body) : encoding === 'gzip' ? gzipSync(body).length : body.length;
}

/**
 * Second visits with the worker on: a first pass over `paths` installs it and fills its caches, then each path is
 * opened again and every byte that crosses the network is summed (the page's own requests not answered by the
 * worker, and the worker's own fetches), split into HTML, API answers and the rest.
 */
export async function repeatVisits(browser, base, paths, device) {
  const context = await browser.newContext({ ...device, locale: 'fr-FR', serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now())));
    await page.goto(base + paths[0], { waitUntil: 'load' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    }
    // Answers from the browser's own HTTP cache (the icon sprite, immutable for a year) cross no network, but
    // Playwright still reports their body size: Chromium's protocol says which they are.
    const cdp = await context.newCDPSession(page);
    const cached = new Set();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
    cdp.on(
      'Network.responseReceived',
      ({ requestId, response }) => (response.fromDiskCache || response.fromPrefetchCache) && cached.add(requestId),
    );
    const cachedUrls = new Set();
    const urlOf = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => urlOf.set(requestId, request.url));
    await cdp.send('Network.enable');
    const results = [];
    for (const path of paths) {
      const seen = [];
      cached.clear();
      const onFinished = (request) => seen.push(request);
      context.on('requestfinished', onFinished);
      await page.goto(base + path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      context.off('requestfinished', onFinished);
      cachedUrls.clear();
      for (const id of cached) if (urlOf.has(id)) cachedUrls.add(urlOf.get(id));
      const bytes = { html: 0, api: 0, other: 0, total: 0 };
      let requests = 0;
      for (const request of seen) {
        const response = await request.response();
        if (!request.serviceWorker() && (response?.fromServiceWorker() || cachedUrls.has(request.url()))) continue;
        const n = await transferred(request, response);
        const type = (await response?.headerValue('content-type')) ?? '';
        const kind =
          request.resourceType() === 'document' || type.startsWith('text/html')
            ? 'html'
            : new URL(request.url()).pathname.startsWith('/api/')
              ? 'api'
              : 'other';
        bytes[kind] += n;
        bytes.total += n;
        requests++;
      }
      results.push({ path, bytes, requests });
    }
    return results;
  } finally {
    await context.close();
  }
}
