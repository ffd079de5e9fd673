// Lighthouse, mobile preset (default config), performance category only, default simulated throttling.
import { CHROMIUM_FLAGS } from './pages.mjs';
import { defer } from './cleanup.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs Lighthouse `runs` times per URL; returns the median score (0–100), LCP (ms) and CLS, or `{ error }` when it
 * can't run here. `storage` (origin → items) is written to localStorage first and kept across runs (filled carts).
 */
export async function runLighthouse(urls, { chromiumPath, runs = 3, storage = null }) {
  let lighthouse, launch;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
    ({ launch } = await import('chrome-launcher'));
  } catch (err) {
    return { error: `lighthouse non installé (npm install -D lighthouse) : ${err.message.split('\n')[0]}` };
  }
  let chrome;
  try {
    chrome = await launch({
      chromePath: chromiumPath,
      handleSIGINT: false,
      logLevel: 'silent',
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    defer(
      () => chrome.kill(),
      () => chrome.kill(),
    );
    if (storage) await fillStorage(chrome.port, storage);
    const results = [];
    for (const url of urls) {
      const scores = [],
        lcps = [],
        clss = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(lighthouse, url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: !!storage,
        });
        const score = lhr.categories.performance.score;
        const lcp = lhr.audits['largest-contentful-paint'].numericValue;
        if (score == null || lcp == null) throw new Error(`résultat incomplet pour ${url}`);
        scores.push(score * 100);
        lcps.push(lcp);
        clss.push(lhr.audits['cumulative-layout-shift'].numericValue ?? 0);
      }
      results.push({ url, score: median(scores), lcp: median(lcps), cls: median(clss), scores, lcps });
    }
    return { results };
  } catch (err) {
    return { error: String(err?.message ?? err).split('\n')[0] };
  } finally {
    await chrome?.kill();
  }
}

// Trace errors Lighthouse itself asks to run again for (a trace that missed the navigation start): tried again, twice at most.
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

/** One Lighthouse report of `url`; a transient trace error is retried (up to 3 tries), any other error thrown. */
async function audit(lighthouse, url, flags, tries = 3) {
  for (let i = 1; ; i++) {
    const { lhr } = await lighthouse(url, flags);
    if (!lhr.runtimeError) return lhr;
    if (i >= tries || !TRANSIENT.has(lhr.runtimeError.code)) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  }
}

/** Writes localStorage items for an origin in the Chrome Lighthouse drives (puppeteer-core comes with Lighthouse). */
async function fillStorage(port, { origin, items, cookies = [] }) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, items);
    if (cookies.length)
      await page.setCookie(
        ...cookies.map(({ name, value, domain, path, secure, httpOnly, sameSite }) => ({
          name,
          value,
          domain,
          path,
          secure,
          httpOnly,
          sameSite,
        })),
      );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}
