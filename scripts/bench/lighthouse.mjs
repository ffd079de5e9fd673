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
      chromePath: chromiumPath, handleSIGINT: false, logLevel: 'silent',
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    defer(() => chrome.kill(), () => chrome.kill());
    if (storage) await fillStorage(chrome.port, storage);
    const results = [];
    for (const url of urls) {
      const scores = [], lcps = [], clss = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!storage });
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
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

/** Writes localStorage items for an origin in the Chrome Lighthouse drives (puppeteer-core comes with Lighthouse). */
async function fillStorage(port, { origin, items, cookies = [] }) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, items);
    if (cookies.length) await page.setCookie(...cookies.map(({ name, value, domain, path, secure, httpOnly, sameSite }) => ({ name, value, domain, path, secure, httpOnly, sameSite })));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}
