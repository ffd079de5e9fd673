// `npm run bench`: page weight, Lighthouse and API latency of the built shop, each figure beside its budget (§1, §9).
//   npm run bench                          demo catalogue, then listings at 100 000 products (PGlite, and PostgreSQL if below)
//   npm run bench -- --products 20000      listings compared at 20 000 products instead (0: not at all)
//   npm run bench -- --years 2             the back office's calls at c10 on PostgreSQL: demo beside 2 years of history on top of --products
//   npm run bench -- --strict              exit 1 when a budget is over (by default the bench reports, it doesn't gate)
//   npm run bench -- --desktop             weigh pages in a desktop window instead of a phone
//   npm run bench -- --api-only            API figures only (no page weight, no Lighthouse)
//   npm run bench -- --pages-only          page weight only (no Lighthouse, no API)
//   npm run bench -- --orders-50           order creation on PostgreSQL at 50 shoppers too (throughput ≥ 10 shoppers', p99 ≤ 300 ms)
// Order creation and the listings at scale are also measured on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server:
// a throw-away database is made there for each.
// Chromium: CHROMIUM_PATH or /usr/bin/chromium (Debian: apt-get install chromium).
// Storefront figures are ratios measured in the same run: each page's JS against React's floor (React + react-dom
// hydrating one component, built by Vite), the carts filled with 3 products before they load (CLS, Lighthouse),
// home's HTML, and brotli on pages rendered on demand.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { measure, sampleIds } from './bench/api.mjs';
import { backofficeRows, measureBackoffice } from './bench/backoffice.mjs';
import { listingScale } from './bench/listing-scale.mjs';
import { measureOrderRounds, measureOrders, throwAwayPostgres } from './bench/orders.mjs';
import { measureStockCommits } from './bench/stock-commits.mjs';
import { cleanup, cleanupOnSignals } from './bench/cleanup.mjs';
import { runLighthouse } from './bench/lighthouse.mjs';
import { signIn } from './bench/session.mjs';
import { ACCOUNT_SCREENS, islandPages, storedMirror } from './bench/island-pages.mjs';
import { firstTaps } from './bench/first-tap.mjs';
import { measurePages } from './bench/pages.mjs';
import { startShop } from './bench/server.mjs';
import { printTable, row } from './bench/table.mjs';
import { reactFloor } from './bench/react-floor.mjs';
import { ensureBuild } from './ensure-build.mjs';

const { values: opts } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    years: { type: 'string', default: '0' },
    strict: { type: 'boolean' },
    desktop: { type: 'boolean' },
    'api-only': { type: 'boolean' },
    'pages-only': { type: 'boolean' },
    'orders-50': { type: 'boolean' },
  },
});
const products = Number(opts.products);
const years = Number(opts.years);
if (!Number.isFinite(years) || years < 0 || years > 10) {
  console.error('--years attend un nombre d’années entre 0 et 10 (ex. --years 2).');
  process.exit(2);
}
if (!Number.isInteger(products) || products < 0) {
  console.error('--products attend un nombre entier positif (ex. --products 10000).');
  process.exit(2);
}
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node} : lancez le bench avec « npm run bench » (Node 24 de node_modules/.bin).`);
  process.exit(2);
}

const KB = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${n.toFixed(1)} ms`;
const BUDGET = {
  tapWarm: 300,
  tapRatio: 1.5,
  tapCold: 600,
  suggest: 600,
  frame: 3 * 1024,
  js: 75 * 1024,
  css: 15 * 1024,
  total: 300 * 1024,
  score: 95,
  cartScore: 98,
  cls: 0.01,
  floorRatio: 1.1,
  homeHtml: 110 * 1024,
  lcp: 1800,
  token: 400,
  read: 50,
  order: 150,
  busyOrderP99: 300,
};
// Collection screens measured filled (3 products each), and the storage key each reads.
const FILLED = { '/cart': 'cart', '/pre-cart': 'preorder', '/wishlist': 'wishlist', '/credit-cart': 'creditOrder' };
// Pages only a signed-in shopper sees: measured signed in as the demo's credit member.
const SIGNED_IN = ['/credit-cart'];
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

/** Page weight rows: JS (and its ratio to React's floor), CSS and total against their budgets, images and HTML for information, CLS of filled carts. */
function pageRows(pages, floor) {
  return pages.flatMap((p) =>
    p.absent
      ? [row(`Poids ${p.path}`, 'absent', `HTTP ${p.status || '—'}`)]
      : [
          row(`Poids ${p.path} — JS`, KB(p.bytes.js), '≤ 75 KB', p.bytes.js <= BUDGET.js),
          ...(floor && p.bytes.js > 0
            ? [
                row(
                  `Poids ${p.path} — JS / plancher React (${KB(floor)})`,
                  `× ${(p.bytes.js / floor).toFixed(2)}`,
                  `≤ × ${BUDGET.floorRatio.toFixed(2)}`,
                  p.bytes.js <= BUDGET.floorRatio * floor,
                ),
              ]
            : []),
          ...(FILLED[p.path] ? [row(`CLS ${p.path} rempli (3 produits)`, p.cls.toFixed(3), `≤ ${BUDGET.cls}`, p.cls <= BUDGET.cls)] : []),
          row(`Poids ${p.path} — CSS`, KB(p.bytes.css), '≤ 15 KB', p.bytes.css <= BUDGET.css),
          row(`Poids ${p.path} — images`, KB(p.bytes.img)),
          row(`Poids ${p.path} — HTML`, KB(p.bytes.html)),
          row(`Poids ${p.path} — total (${p.requests} req.)`, KB(p.bytes.total), '≤ 300 KB', p.bytes.total <= BUDGET.total),
          ...(p.uncompressed
            ? [row(`Poids ${p.path} — textes non compressés`, `${p.uncompressed} réponse(s)`, 'dist/ sans precompress ?')]
            : []),
          row(
            `Poids ${p.path} — cadre hors ligne et contacts (HTML ${p.frame.html} o, CSS ${p.frame.css} o, script ${p.frame.script} o)`,
            KB(p.frame.total),
            '≤ 3 KB',
            p.frame.total <= BUDGET.frame,
          ),
          row(`Poids ${p.path} — total sans ce cadre (avant)`, KB(p.bytes.total - p.frame.total)),
        ],
  );
}

/** Second-visit rows: bytes over the network once the worker holds the shop; only HTML and API answers should remain. */
function repeatRows(second) {
  return second.map((r) =>
    row(
      `2e visite ${r.path} — réseau (${r.requests} req. : HTML ${KB(r.bytes.html)}, API ${KB(r.bytes.api)}, autres ${KB(r.bytes.other)})`,
      KB(r.bytes.total),
      'autres = 0',
      r.bytes.other === 0,
    ),
  );
}

/** Lighthouse rows: median score and LCP per URL, or one "non mesuré" row saying why. */
function lighthouseRows(lh, base, { min = BUDGET.score, label = '' } = {}) {
  if (lh.error) return [row(`Lighthouse${label}`, 'non mesuré', lh.error.slice(0, 60))];
  return lh.results.flatMap(({ url, score, lcp, cls }) => {
    const path = url.slice(base.length);
    return [
      row(`Lighthouse ${path}${label} — score (médiane de 3)`, score.toFixed(0), `≥ ${min}`, score >= min),
      ...(label ? [row(`Lighthouse ${path}${label} — CLS (médiane de 3)`, cls.toFixed(3), `≤ ${BUDGET.cls}`, cls <= BUDGET.cls)] : []),
      row(`Lighthouse ${path}${label} — LCP (médiane de 3)`, `${(lcp / 1000).toFixed(2)} s`, '≤ 1.8 s', lcp <= BUDGET.lcp),
    ];
  });
}

/** API rows: p50 · p99 · req/s shown, p95 checked against the read or token budget. */
function apiRow(label, r, budget) {
  if (!r) return row(`API ${label}`, 'non mesuré');
  if (r.p95 === undefined) return row(`API ${label}`, `${r.failed}/${r.count} en échec (${r.lastError})`, `p95 ≤ ${budget} ms`, false);
  const rounds = r.roundsP95 ? ` (tour médian ; p95 des tours : ${r.roundsP95.map(ms).join(' / ')})` : '';
  const figure = `p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · p99 ${ms(r.p99)} · ${r.rps.toFixed(0)} req/s${r.failed ? ` · ${r.failed}/${r.count} en échec (${r.lastError})` : ''}${rounds}`;
  return row(`API ${label}`, figure, `p95 ≤ ${budget} ms`, r.failed === 0 && r.p95 <= budget);
}

/** Order creation at 50 shoppers at once: at least the throughput of 10 (`ten`), and p99 ≤ BUDGET.busyOrderP99. */
function busyOrdersRow(ten, r) {
  const label = 'API POST commandes, 50 clients — PostgreSQL';
  const budget = `≥ ${ten.rps?.toFixed(0) ?? '—'} req/s (10 clients) · p99 ≤ ${BUDGET.busyOrderP99} ms`;
  if (r.p99 === undefined) return row(label, `${r.failed}/${r.count} en échec (${r.lastError})`, budget, false);
  const figure = `p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · p99 ${ms(r.p99)} · ${r.rps.toFixed(0)} req/s${r.failed ? ` · ${r.failed}/${r.count} en échec` : ''}`;
  return row(label, figure, budget, r.failed === 0 && r.p99 <= BUDGET.busyOrderP99 && r.rps >= (ten.rps ?? Infinity));
}

/** localStorage items filling each collection with the first 3 products in stock (credit ones for the credit cart; the popup closed just now). */
async function filledStorage(base) {
  // Products in stock (3 units at least), so the filled cart can go on to checkout as a shopper's would.
  const inStock = async (query) =>
    (await (await fetch(`${base}/api/produits-filtrer?limit=30${query}`)).json()).products.filter((p) => p.quantity >= 3).slice(0, 3);
  const list = await inStock('');
  const credit = await inStock('&productType=credit');
  const lines = (products) =>
    JSON.stringify(
      products.map((product, i) => ({ product, quantity: i + 1, date: new Date().toISOString(), location: 'Dakar, Dakar, SN' })),
    );
  return {
    ...Object.fromEntries(Object.values(FILLED).map((key) => [key, lines(key === 'creditOrder' ? credit : list)])),
    popupLastClosed: String(Date.now()),
  };
}

/** The cookie mirror the store of each filled collection keeps, so the server draws the same lines. */
function filledMirrors(base, items) {
  return Object.fromEntries(Object.values(FILLED).map((key) => [key, storedMirror(base, key, items[key])]));
}

/** The first tap on a slow phone (scripts/bench/first-tap.mjs) against its budgets: warm ≤ 300 ms and ≤ 1.5 × a later tap, cold ≤ 600 ms, suggestions ≤ 600 ms. */
async function tapRows(base) {
  console.log('Premier toucher sur un téléphone lent (360 px, 4G lente, processeur 4 × plus lent ; médiane de 5 pages)…');
  // Two products the cart can take a second unit of.
  const { products } = await (await fetch(`${base}/api/produits-filtrer?limit=20`)).json();
  const t = await firstTaps(base, { chromiumPath, products: products.filter((p) => p.quantity >= 2).slice(0, 2) });
  const warm = (label, first, later, more = '') => [
    row(`${label}, premier toucher (worker actif)`, ms(first), `≤ ${BUDGET.tapWarm} ms`, first <= BUDGET.tapWarm),
    row(
      `${label}, premier / suivant`,
      `× ${(first / later).toFixed(2)} (suivant ${ms(later)}${more})`,
      `≤ × ${BUDGET.tapRatio}`,
      first <= later * BUDGET.tapRatio,
    ),
  ];
  return [
    row(
      '« Commander » /boutique, premier toucher (première visite)',
      `${ms(t.commander.cold)} (suivant ${ms(t.commander.coldLater)})`,
      `≤ ${BUDGET.tapCold} ms`,
      t.commander.cold <= BUDGET.tapCold,
    ),
    ...warm('« Commander » /boutique', t.commander.warm, t.commander.warmLater),
    ...warm('« + » du panier', t.cart.first, t.cart.later, `, sur l’autre ligne ; puis le même bouton ${ms(t.cart.sameButton)}`),
    row('Suggestions après la dernière touche', ms(t.suggestions), `≤ ${BUDGET.suggest} ms`, t.suggestions <= BUDGET.suggest),
  ];
}

/** Home's raw HTML against ⅔ of what it was (166 KB), and brotli on the pages rendered on demand. */
async function htmlRows(base, productId) {
  const home = await fetch(`${base}/`, { headers: { 'Accept-Encoding': 'identity' } });
  const raw = (await home.arrayBuffer()).byteLength;
  const out = [row('HTML de l’accueil (/) — brut', KB(raw), '≤ 110 KB (⅔ de 166 KB)', raw <= BUDGET.homeHtml)];
  for (const path of ['/', '/boutique', productId ? `/single-product/${productId}` : null].filter(Boolean)) {
    // node's fetch decodes the body: ask node:http for the bytes as sent.
    const { encoding, bytes } = await rawGet(base + path, 'br, gzip');
    out.push(row(`HTML ${path} — à la demande, compressé`, `${encoding ?? 'aucun'} · ${KB(bytes)}`, 'br', encoding === 'br'));
  }
  return out;
}

/** GET with an Accept-Encoding, returning the Content-Encoding and the byte count as they came over the wire. */
async function rawGet(url, acceptEncoding) {
  const { get } = await import('node:http');
  return new Promise((ok, fail) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
      });
      res.on('end', () => ok({ encoding: res.headers['content-encoding'], bytes }));
    }).on('error', fail);
  });
}

cleanupOnSignals();
let failed = false;
try {
  ensureBuild();
  console.log('Démarrage de la boutique (catalogue de démonstration)…');
  const { url: base } = await startShop();
  const { productId, packCode } = await sampleIds(base);
  const rows = [];

  const paths = [
    '/',
    '/informations',
    '/faq',
    '/boutique',
    productId ? `/single-product/${productId}` : '/single-product/—',
    '/login',
    ...Object.keys(FILLED),
  ];
  let pages = [];
  if (opts['api-only']) {
    rows.push(row('Poids des pages et Lighthouse', 'non mesurés', '--api-only'));
  } else if (!chromiumPath) {
    console.log(
      'Chromium introuvable (CHROMIUM_PATH ou /usr/bin/chromium ; Debian : apt-get install chromium) : poids et Lighthouse non mesurés.',
    );
    rows.push(row('Poids des pages', 'non mesuré', 'pas de Chromium'), row('Lighthouse', 'non mesuré', 'pas de Chromium'));
  } else {
    console.log('Plancher React (React 19 + react-dom hydratant un composant, Vite production, brotli 11)…');
    const floor = (await reactFloor()).brotli;
    const items = await filledStorage(base);
    const member = await signIn(base, chromiumPath);
    const storage = Object.fromEntries(
      Object.entries(FILLED).map(([path, key]) => [
        path,
        {
          ...(SIGNED_IN.includes(path) ? member.items : {}),
          [key]: items[key],
          popupLastClosed: items.popupLastClosed,
        },
      ]),
    );
    const mirrors = filledMirrors(base, items);
    const cookies = Object.fromEntries(
      Object.entries(FILLED).map(([path, key]) => [path, [...(SIGNED_IN.includes(path) ? member.cookies : []), mirrors[key]]]),
    );
    for (const extra of await islandPages(base, { chromiumPath, productId, packCode, member, items })) {
      paths.push(extra.path);
      storage[extra.path] = extra.storage;
      cookies[extra.path] = extra.cookies;
    }
    console.log(
      `Poids des pages (première vue, ${opts.desktop ? 'fenêtre de bureau' : 'téléphone 412×823'}; paniers remplis de 3 produits), puis deuxièmes visites avec le worker /sw.js…`,
    );
    const repeat = ['/', '/boutique', paths[4]];
    const measured = await measurePages(base, paths, { chromiumPath, desktop: opts.desktop, repeat, storage, cookies });
    pages = measured.pages;
    rows.push(...pageRows(pages, floor));
    rows.push(...repeatRows(measured.second));
    const listing = pages.find((p) => p.path === '/boutique' && !p.absent);
    for (const screen of listing ? ACCOUNT_SCREENS : []) {
      const p = pages.find((x) => x.path === screen && !x.absent);
      rows.push(
        p
          ? row(
              `JS ${screen} / JS /boutique`,
              `× ${(p.bytes.js / listing.bytes.js).toFixed(2)}`,
              '≤ × 1.00',
              p.bytes.js <= listing.bytes.js,
            )
          : row(`JS ${screen} / JS /boutique`, 'non mesuré', 'page absente', false),
      );
    }
    rows.push(...(await htmlRows(base, productId)));
    if (!opts['pages-only']) rows.push(...(await tapRows(base)));
    if (!opts['pages-only']) {
      const lhUrls = ['/', '/boutique'].filter((p) => pages.some((x) => x.path === p && !x.absent)).map((p) => base + p);
      console.log(`Lighthouse mobile, 3 passes sur ${lhUrls.length} page(s), puis les paniers remplis…`);
      const lh = await runLighthouse(lhUrls, { chromiumPath, runs: 3 });
      if (lh.error) console.log(`Lighthouse n'a pas pu tourner ici : ${lh.error}`);
      rows.push(...lighthouseRows(lh, base));
      const guestCarts = Object.keys(FILLED)
        .filter((p) => !SIGNED_IN.includes(p))
        .map((p) => base + p);
      const lhCarts = await runLighthouse(guestCarts, {
        chromiumPath,
        runs: 3,
        storage: { origin: base, items, cookies: Object.values(mirrors) },
      });
      rows.push(...lighthouseRows(lhCarts, base, { min: BUDGET.cartScore, label: ' rempli' }));
      // The credit cart in a Chrome of its own, signed in as the member.
      const lhMember = await runLighthouse(
        SIGNED_IN.map((p) => base + p),
        {
          chromiumPath,
          runs: 3,
          storage: { origin: base, items: { ...member.items, ...items }, cookies: [...member.cookies, ...Object.values(mirrors)] },
        },
      );
      rows.push(...lighthouseRows(lhMember, base, { min: BUDGET.cartScore, label: ' rempli, membre connecté' }));
    }
  }

  if (!opts['pages-only']) {
    console.log('Latence API (300 requêtes, 8 en parallèle, après échauffement)…');
    const reads = [
      ['produits-filtrer', '/api/produits-filtrer'],
      ['produits-filtrer (search, min, max)', '/api/produits-filtrer?search=frigo&min=50000&max=500000'],
      ['produits-filtrer-promo', '/api/produits-filtrer-promo'],
      ['produits/{id}', productId && `/api/produits/${productId}`],
      ['categories', '/api/categories'],
      ['pack_product/{code}', packCode && `/api/pack_product/${encodeURIComponent(packCode)}`],
    ];
    for (const [label, path] of reads) rows.push(apiRow(label, path && (await measure(base + path)), BUDGET.read));
    const { DEMO_ACCOUNTS } = await import('../src/server/db/seed.ts');
    const account = DEMO_ACCOUNTS.find((a) => a.role === 'customer') ?? DEMO_ACCOUNTS[0];
    const query = new URLSearchParams({ username: account.email, password: account.password });
    const tokens = await measure(`${base}/api/auth/get_tokens?${query}`, { requests: 20, concurrency: 2, warmup: 2 });
    rows.push(apiRow('auth/get_tokens (20 req., 2 en parallèle)', tokens, BUDGET.token));

    const accounts = { customer: account, admin: DEMO_ACCOUNTS.find((a) => a.role === 'admin') };
    console.log('Création de commandes (3 tours de 200 commandes, 10 clients en parallèle), PGlite…');
    rows.push(apiRow('POST commandes, 10 clients — PGlite', await measureOrderRounds(base, accounts), BUDGET.order));
    const pgBase = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (pgBase) {
      console.log('Création de commandes, PostgreSQL (base jetable)…');
      const pgUrl = await throwAwayPostgres(pgBase);
      const { url: pgShop } = await startShop({ databaseUrl: pgUrl });
      rows.push(apiRow('produits-filtrer — PostgreSQL', await measure(`${pgShop}/api/produits-filtrer`), BUDGET.read));
      const ten = await measureOrderRounds(pgShop, accounts);
      rows.push(apiRow('POST commandes, 10 clients — PostgreSQL', ten, BUDGET.order));
      if (opts['orders-50']) {
        rows.push(busyOrdersRow(ten, await measureOrders(pgShop, accounts, { requests: 500, concurrency: 50, warmup: 50 })));
        // The database alone, without the server's CPU: sales on 10 and 50 connections must not queue on a shared row.
        for (const concurrency of [10, 50]) {
          const r = await measureStockCommits(pgUrl, { concurrency });
          rows.push(
            row(
              `Stock pris, ${concurrency} connexions — PostgreSQL`,
              `p50 ${ms(r.p50)} · p99 ${ms(r.p99)} · ${r.rps.toFixed(0)} commits/s`,
            ),
          );
        }
      }
    } else {
      rows.push(row('API POST commandes — PostgreSQL', 'non mesuré', 'BENCH_DATABASE_URL=postgres://…'));
    }

    if (products > 0) {
      rows.push(...(await listingScale({ label: 'PGlite', products })));
      if (pgBase)
        rows.push(
          ...(await listingScale({
            label: 'PostgreSQL',
            databaseUrl: await throwAwayPostgres(pgBase),
            secondUrl: await throwAwayPostgres(pgBase),
            products,
          })),
        );
      else rows.push(row("Listes à l'échelle — PostgreSQL", 'non mesuré', 'BENCH_DATABASE_URL=postgres://…'));
    }

    if (years > 0 && pgBase) {
      console.log(`Back-office, PostgreSQL : démo, puis ${years} an(s) d’historique sur ${products} produits (c10)…`);
      const demoShop = await startShop({ databaseUrl: await throwAwayPostgres(pgBase) });
      const demo = await measureBackoffice(demoShop.url);
      await demoShop.stop();
      const large = await startShop({ databaseUrl: await throwAwayPostgres(pgBase), products, years, timeoutMs: 3_600_000 });
      rows.push(...backofficeRows(demo, await measureBackoffice(large.url), `${years} an(s)`));
    } else if (years > 0) rows.push(row('Back-office à l’échelle — PostgreSQL', 'non mesuré', 'BENCH_DATABASE_URL=postgres://…'));
  }

  const { over } = printTable(rows);
  failed = opts.strict && over > 0;
} catch (err) {
  console.error(`\nLe bench a échoué : ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
if (failed) process.exitCode = 1;
