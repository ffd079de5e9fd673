// Listing, search and promo routes at the demo's size and at a large catalogue, measured in one run on one database:
// throughput ratio against its floor, and p99 against its ceiling (PGlite and PostgreSQL have their own).
import { measure, mergeRuns } from './api.mjs';
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
// Rounds alternate between the two sizes, so a machine that gets busier or quieter meanwhile weighs on both alike.
const ROUNDS = 4;
const LOAD = { requests: 200, concurrency: 10, warmup: 200 };

const fr = (n) => n.toLocaleString('fr-FR');
const figure = (r) =>
  r.p99 === undefined
    ? `${r.failed}/${r.count} en échec (${r.lastError})`
    : `p50 ${r.p50.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms · ${r.rps.toFixed(0)} req/s${r.failed ? ` · ${r.failed} en échec` : ''}`;

/**
 * Serves the demo on `label`'s database (PGlite when `databaseUrl` is empty) and, beside it on a second database (`secondUrl`
 * for PostgreSQL), the demo plus `products` products; then measures each route on both, alternately, in rounds. Returns the rows.
 */
export async function listingScale({ label, databaseUrl = '', secondUrl = '', products }) {
  console.log(`Listes à l'échelle, ${label} : catalogue de démonstration, et démonstration + ${fr(products)} produits (seed)…`);
  const small = await startShop({ databaseUrl });
  const t0 = performance.now();
  const large = await startShop({ databaseUrl: secondUrl, products });
  const seeded = ((performance.now() - t0) / 1000).toFixed(0);
  const size = async (shop) => (await fetch(`${shop.url}/api/produits-filtrer?limit=1`).then((r) => r.json())).total;
  const [demoSize, largeSize] = [await size(small), await size(large)];
  console.log(
    `Listes à l'échelle, ${label} : ${ROUNDS} tours alternés de ${LOAD.requests} requêtes par route et par taille, 10 connexions…`,
  );
  const runs = SCALE_ROUTES.map(() => ({ before: [], after: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, path]] of SCALE_ROUTES.entries()) {
      runs[i].before.push(await measure(small.url + path, LOAD));
      runs[i].after.push(await measure(large.url + path, LOAD));
    }
  }
  await Promise.all([small.stop(), large.stop()]);
  const before = runs.map((r) => mergeRuns(r.before));
  const after = runs.map((r) => mergeRuns(r.after));

  const ceiling = P99_CEILING[label];
  const rows = [
    row(`Listes ${label} — catalogues mesurés`, `${fr(demoSize)} puis ${fr(largeSize)} produits en vente`, `seed + démarrage ${seeded} s`),
  ];
  SCALE_ROUTES.forEach(([name], i) => {
    const [a, b] = [before[i], after[i]];
    rows.push(row(`API ${name} — ${label}, ${fr(demoSize)} produits`, figure(a)));
    const p99ok = b.p99 !== undefined && b.failed === 0 && b.p99 <= ceiling;
    rows.push(row(`API ${name} — ${label}, ${fr(largeSize)} produits`, figure(b), `p99 ≤ ${ceiling} ms`, p99ok));
    const ratio = a.rps && b.rps ? b.rps / a.rps : 0;
    rows.push(
      row(
        `API ${name} — ${label}, débit ${fr(largeSize)} / ${fr(demoSize)}`,
        `${(ratio * 100).toFixed(0)} %`,
        `≥ ${SCALE_FLOOR * 100} %`,
        ratio >= SCALE_FLOOR,
      ),
    );
  });
  return rows;
}
