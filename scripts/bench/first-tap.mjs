// The first tap as a shopper on a slow phone feels it: a 360 px phone on Lighthouse's slow 4G (150 ms, 1.6 Mbps down,
// 750 kbps up) with a 4× slower CPU. Each figure is the time from the finger's touch to the next frame painted after the
// answer is on screen, measured in the page; the page is first left to settle (network idle: its islands hydrated).
// Each figure is the median of five fresh pages.
import { chromium } from 'playwright-core';
import { defer } from './cleanup.mjs';
import { CHROMIUM_FLAGS } from './pages.mjs';

// BENCH_VERBOSE=1 says each step, to see where a slow or stuck run is.
const say = process.env.BENCH_VERBOSE ? (line) => console.log(`  [premier toucher] ${line}`) : () => {};

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR' };
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Puts the page on the slow phone's network and CPU. */
async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Arms the page: the next touch starts the clock, the first mutation after it that `answered` accepts stops it at the
 * next frame. Each of the probe's own functions runs once here, so V8 compiles none of them inside the tap it times
 * (it compiles a function on its first call; a later tap would find them compiled).
 */
async function arm(page, answered) {
  await page.evaluate((test) => {
    const done = new Function('root', `return (${test})(root)`);
    let start = 0;
    let resolve = () => {};
    window.__tap = new Promise((r) => {
      resolve = r;
    });
    const touched = () => {
      start = performance.now();
    };
    const stop = () => start && resolve(performance.now() - start);
    const check = () => {
      if (!start || !done(document)) return;
      watch.disconnect();
      requestAnimationFrame(stop);
    };
    const watch = new MutationObserver(check);
    // Their dry run: with no touch yet (`start` is 0), nothing is watched nor resolved.
    done(document);
    check();
    stop();
    touched();
    start = 0;
    document.addEventListener('touchstart', touched, { capture: true, once: true });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  }, answered.toString());
}

/**
 * Where a finger touches the `nth` element of `role` named `name` (within `<main>` when `inMain`): found through the
 * accessibility tree and measured over the DevTools protocol, scrolled into view; null when it is missing or something
 * else lies on its centre. A locator would put Playwright's script in the page, and its listeners hear every touch:
 * cold on a first tap, they would be timed with the shop's own code.
 */
async function spotOf(page, { role, name, nth = 0, inMain = false }) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const scope = inMain ? (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main' })).nodeId : root.nodeId;
    const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId: scope, accessibleName: name, role });
    const backendNodeId = nodes.filter((node) => !node.ignored)[nth]?.backendDOMNodeId;
    if (!backendNodeId) return null;
    await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId });
    const [x1, y1, , , x3, y3] = (await cdp.send('DOM.getBoxModel', { backendNodeId })).model.border;
    const spot = { x: Math.round((x1 + x3) / 2), y: Math.round((y1 + y3) / 2) };
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: 'function (x, y) { return this.contains(document.elementFromPoint(x, y)); }',
      arguments: [{ value: spot.x }, { value: spot.y }],
      returnByValue: true,
    });
    return result.value ? spot : null;
  } finally {
    await cdp.detach();
  }
}

/** One tap on `target` (see spotOf), timed until `answered(document)` holds; NaN when it cannot be touched or no answer came within 20 s. */
async function timedTap(page, target, answered) {
  say('toucher');
  const spot = await spotOf(page, target);
  if (!spot) return Number.NaN;
  await arm(page, answered);
  await page.touchscreen.tap(spot.x, spot.y);
  return page.evaluate(() => Promise.race([window.__tap, new Promise((resolve) => setTimeout(() => resolve(Number.NaN), 20_000))]));
}

/** Loads `url` and waits until the page settles (its islands hydrated, nothing left to fetch). */
async function settle(page, url) {
  say(`chargement ${url}`);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
}

// Tests travel to the page as text, so each carries its figure in its source.
const addedToast = (n) =>
  new Function(
    'doc',
    `return [...doc.querySelectorAll('[role="status"]')].filter((el) => el.textContent.includes('Produit ajouté')).length >= ${n}`,
  );

/** 'Commander' on /boutique: the first tap on a first visit (cold), then on a second visit with the worker in control (warm), each beside a later tap. */
async function commander(browser, base) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  defer(() => context.close());
  await context.addInitScript(() => localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000)));
  const page = await context.newPage();
  await throttle(page);
  const commande = (nth) => ({ role: 'button', name: 'Commander', nth, inMain: true });
  await settle(page, `${base}/boutique`);
  const cold = await timedTap(page, commande(0), addedToast(1));
  const coldLater = await timedTap(page, commande(1), addedToast(2));
  // The worker has taken control and precached the shop by now; the second visit starts from a fresh page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.evaluate(() => localStorage.removeItem('cart'));
  await settle(page, `${base}/boutique`);
  const warm = await timedTap(page, commande(2), addedToast(1));
  const warmLater = await timedTap(page, commande(3), addedToast(2));
  await context.close();
  return { cold, coldLater, warm, warmLater };
}

/**
 * The cart's first '+' with two products in it (warm: worker in control), beside a later '+' on the other line, as a
 * later 'Commander' is on another product: each takes its line from 1 to 2 (enabling its '−') and moves the finger's
 * hover and focus onto its button. Then a '+' on that same button again, which moves neither.
 */
async function cartPlus(browser, base, [a, b]) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  defer(() => context.close());
  await context.addCookies([{ name: 'boutique_cart', value: `${a.id}.1_${b.id}.1`, url: base }]);
  await context.addInitScript(
    (products) => {
      localStorage.setItem('popupLastClosed', String(Date.now() + 3_600_000));
      if (!localStorage.getItem('cart'))
        localStorage.setItem(
          'cart',
          JSON.stringify(products.map((product) => ({ product, quantity: 1, date: new Date().toISOString(), location: '' }))),
        );
    },
    [a, b],
  );
  const page = await context.newPage();
  await settle(page, `${base}/cart`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await throttle(page);
  await settle(page, `${base}/cart`);
  const plus = (p) => ({ role: 'button', name: `Augmenter la quantité de ${p.name}` });
  const lineShows = (p, n) =>
    new Function(
      'doc',
      `return [...doc.querySelectorAll('[role="group"]')].some((g) => g.getAttribute('aria-label') === ${JSON.stringify(`Quantité de ${p.name}`)} && g.textContent.includes('${n}'))`,
    );
  const first = await timedTap(page, plus(a), lineShows(a, 2));
  const later = await timedTap(page, plus(b), lineShows(b, 2));
  const sameButton = await timedTap(page, plus(b), lineShows(b, 3));
  await context.close();
  return { first, later, sameButton };
}

/** Suggestions: from the last key of 'frig' typed in the header box to the list on screen (warm). */
async function suggestions(browser, base) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  defer(() => context.close());
  const page = await context.newPage();
  await settle(page, `${base}/faq`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await throttle(page);
  await settle(page, `${base}/faq`);
  const box = page.getByRole('combobox', { name: 'Rechercher un produit' });
  await box.tap();
  await box.pressSequentially('fri', { delay: 120 });
  await page.evaluate(() => {
    window.__shown = new Promise((resolve) => {
      document.addEventListener(
        'keyup',
        () => {
          const start = performance.now();
          const check = () =>
            document.querySelector('[role="listbox"] [role="option"]')
              ? requestAnimationFrame(() => resolve(performance.now() - start))
              : requestAnimationFrame(check);
          check();
        },
        { capture: true, once: true },
      );
    });
  });
  await box.press('g');
  const ms = await page.evaluate(() =>
    Promise.race([window.__shown, new Promise((resolve) => setTimeout(() => resolve(Number.NaN), 20_000))]),
  );
  await context.close();
  return ms;
}

// A first tap is one event on a cold page: one sample moves with whatever else the machine does. Each figure is the
// median of this many fresh pages: a tap of 20 to 40 ms at 4× CPU moves by a frame from one page to the next, and the
// warm budget compares two such figures.
const RUNS = 5;

/** The median of each figure over `runs` (objects of the same keys, or plain numbers); NaN when a run got no answer. */
function medians(runs) {
  const mid = (values) => (values.some(Number.isNaN) ? Number.NaN : values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]);
  if (typeof runs[0] === 'number') return mid(runs);
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, mid(runs.map((run) => run[key]))]));
}

/** `measure` run RUNS times, one after another, as medians. */
async function medianOf(measure) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure());
  return medians(runs);
}

/** Every first-tap figure of the slow phone, in ms: each the median of RUNS fresh pages. */
export async function firstTaps(base, { chromiumPath, products }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_FLAGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  defer(() => browser.close());
  try {
    return {
      commander: await medianOf(() => commander(browser, base)),
      cart: await medianOf(() => cartPlus(browser, base, products)),
      suggestions: await medianOf(() => suggestions(browser, base)),
    };
  } finally {
    await browser.close();
  }
}
