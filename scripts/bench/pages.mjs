// Page weight of a first view: every response a fresh Chromium context downloads, compressed bytes summed by type.
import { chromium } from 'playwright-core';
import { defer } from './cleanup.mjs';
import { FRAME_SCRIPT, frameAddition, repeatVisits } from './frame.mjs';

/** Chromium flags that work on this closed network (no background calls, no QUIC, no sandbox in containers). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// A mid-range phone, as Lighthouse's mobile preset emulates it; `--desktop` measures a laptop-sized window instead.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 };

const KIND = { script: 'js', stylesheet: 'css', image: 'img', document: 'html' };

/** Loads one page in a fresh context (browser storage and cookies filled first when given) and sums encoded body bytes per kind; counts text answers over 1 KB sent uncompressed; sums layout shifts (CLS). */
async function weigh(browser, url, device, storage, cookies) {
  const context = await browser.newContext({ ...device, locale: 'fr-FR', serviceWorkers: 'block' });
  if (cookies?.length) await context.addCookies(cookies);
  const page = await context.newPage();
  await page.addInitScript((items) => {
    for (const [k, v] of Object.entries(items ?? {})) localStorage.setItem(k, v);
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  }, storage ?? {});
  const pending = [];
  const onFinished = (request) =>
    pending.push(
      (async () => {
        const kind = KIND[request.resourceType()] ?? 'other';
        const [sizes, encoding] = await Promise.all([request.sizes(), request.response().then((r) => r?.headerValue('content-encoding'))]);
        return {
          kind,
          bytes: sizes.responseBodySize,
          plain: kind !== 'img' && sizes.responseBodySize > 1024 && !encoding,
          frame: FRAME_SCRIPT.test(request.url()),
        };
      })(),
    );
  page.on('requestfinished', onFinished);
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Let late requests (islands, lazy images in view, fonts) finish; bounded so a chatty page can't stall the bench.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const cls = await page.evaluate(() => window.__cls);
    // Counted up to here: the measure's own fetch of the HTML below is not part of the page.
    page.off('requestfinished', onFinished);
    const bytes = { js: 0, css: 0, img: 0, html: 0, other: 0, total: 0 };
    let uncompressed = 0;
    let frameScript = 0;
    for (const { kind, bytes: n, plain, frame } of await Promise.all(pending)) {
      bytes[kind] += n;
      bytes.total += n;
      if (plain) uncompressed++;
      if (frame) frameScript += n;
    }
    const frame = await frameAddition(page, frameScript);
    return { status: response?.status() ?? 0, bytes, requests: pending.length, uncompressed, frame, cls };
  } finally {
    await context.close();
  }
}

/** Measures each path that answers 200 (others come back as `absent` with their status); `storage[path]` fills localStorage first, `cookies[path]` sets cookies (a signed-in page); `repeat` paths are also visited a second time with the worker on. */
export async function measurePages(base, paths, { chromiumPath, desktop = false, repeat = [], storage = {}, cookies = {} }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_FLAGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  defer(() => browser.close());
  const results = [];
  for (const path of paths) {
    const cookieHeader = (cookies[path] ?? []).map((c) => `${c.name}=${c.value}`).join('; ');
    const status = await fetch(base + path, { redirect: 'manual', headers: cookieHeader ? { cookie: cookieHeader } : {} }).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 200) results.push({ path, absent: true, status });
    else results.push({ path, ...(await weigh(browser, base + path, desktop ? DESKTOP : PHONE, storage[path], cookies[path])) });
  }
  const present = repeat.filter((path) => results.some((r) => r.path === path && !r.absent));
  const second = present.length ? await repeatVisits(browser, base, present, desktop ? DESKTOP : PHONE) : [];
  await browser.close();
  return { pages: results, second };
}
