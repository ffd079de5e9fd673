// Listing, search and promo routes at the demo's size and at a large catalogue, measured in one run on one database:
// throughput ratio against its floor, and p99 against its ceiling (PGlite and PostgreSQL have their own).
import { measure } from './api.mjs';
import { row } from './table.mjs';
import { startShop } from './server.mjs';

/** The routes compared, as a shopper's storefront asks them (page 1, 9 products). */
export const SCALE_ROUTES = [
  ['produits-filtrer', '/api/produits-filtrer?page=1&limit=9'],
  ['produits-filtrer (search, min, max)', '/api/produits-filtrer?search=frigo&min=50000&max=500000'],
  ['produits-filtrer-promo', '/api/produits-filtrer-promo?page=1&limit=9'],
];
/** Throughput at the large size must stay at or above this share of the demo's. */
export const SCALE_FLOOR = 0.7;
/** p99 ceiling at the large size, at 10 connections. */
export const P99_CEILING = { PGlite: 100, PostgreSQL: 50 };
const LOAD = { requests: 600, concurrency: 10, warmup: 60 };

const fr = (n) => n.toLocaleString('fr-FR');
const figure = (r) => (r.p99 === undefined ? `${r.failed}/${r.count} en échec (${r.lastError})`
  : `p50 ${r.p50.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms · ${r.rps.toFixed(0)} req/s${r.failed ? ` · ${r.failed} en échec` : ''}`);

async function measureAll(base) {
  const out = [];
  for (const [, path] of SCALE_ROUTES) out.push(await measure(base + path, LOAD));
  return out;
}

/**
 * Serves the demo on `label`'s database (PGlite when `databaseUrl` is empty), measures the routes, then adds `products`
 * products to the same database, serves it again and measures again. Returns the table rows.
 */
export async function listingScale({ label, databaseUrl = '', products }) {
  console.log(`Listes à l'échelle, ${label} : catalogue de démonstration…`);
  const small = await startShop({ databaseUrl });
  const demoSize = (await fetch(`${small.url}/api/produits-filtrer?limit=1`).then((r) => r.json())).total;
  const before = await measureAll(small.url);
  await small.stop();
  console.log(`Listes à l'échelle, ${label} : ajout de ${fr(products)} produits (seed)…`);
  const t0 = performance.now();
  const large = await startShop({ databaseUrl, dataDir: small.dataDir, products });
  const seeded = ((performance.now() - t0) / 1000).toFixed(0);
  const largeSize = (await fetch(`${large.url}/api/produits-filtrer?limit=1`).then((r) => r.json())).total;
  const after = await measureAll(large.url);
  await large.stop();

  const ceiling = P99_CEILING[label];
  const rows = [row(`Listes ${label} — catalogues mesurés`, `${fr(demoSize)} puis ${fr(largeSize)} produits en vente`, `seed + démarrage ${seeded} s`)];
  SCALE_ROUTES.forEach(([name], i) => {
    const [a, b] = [before[i], after[i]];
    rows.push(row(`API ${name} — ${label}, ${fr(demoSize)} produits`, figure(a)));
    const p99ok = b.p99 !== undefined && b.failed === 0 && b.p99 <= ceiling;
    rows.push(row(`API ${name} — ${label}, ${fr(largeSize)} produits`, figure(b), `p99 ≤ ${ceiling} ms`, p99ok));
    const ratio = a.rps && b.rps ? b.rps / a.rps : 0;
    rows.push(row(`API ${name} — ${label}, débit ${fr(largeSize)} / ${fr(demoSize)}`, `${(ratio * 100).toFixed(0)} %`, `≥ ${SCALE_FLOOR * 100} %`, ratio >= SCALE_FLOOR));
  });
  return rows;
}
