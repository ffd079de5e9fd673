// The back office's calls at c10 (autocannon, signed in as the demo admin), on the demo and on years of history, side by side.
//   node scripts/bench/backoffice.mjs --url http://127.0.0.1:4321 [--url http://…second]   measures running shops (admin of the demo)
//   npm run bench -- --api-only --years 2                                                  the same through `npm run bench` on PostgreSQL
// Twelve back-office calls, and a customer's own order list.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { row } from './table.mjs';

const ADMIN = { username: 'admin@boutique.sn', password: 'Admin#2026' };
/** The budget of issue-sized data: within 70 % of the demo's throughput or above 300 req/s, p99 at most 50 ms. */
export const BACKOFFICE_BUDGET = { rps: 300, ratio: 0.7, p99: 50 };

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The admin's access token on `base`. */
async function adminToken(base) {
  const res = await fetch(`${base}/api/auth/get_tokens?${new URLSearchParams(ADMIN)}`);
  if (!res.ok) throw new Error(`Connexion admin refusée (${res.status}) sur ${base}`);
  return (await res.json()).access_token;
}

/** The calls measured, with a real reference, phone and name taken from the shop's newest orders. */
async function calls(base, token) {
  const head = { 'Access-Token': token };
  const newest = await (await fetch(`${base}/api/admin/commandes?limit=20`, { headers: head })).json();
  const sample = newest.orders.find((o) => o.telephone && o.name) ?? newest.orders[0] ?? {};
  const word = (sample.name ?? 'Diop').split(' ').at(-1);
  // A customer's own list (§7 `GET /api/commandes/{id}`), read as the admin may read any account's.
  const customer = newest.orders.find((o) => o.partner_id)?.partner_id ?? 1;
  return [
    ['tableau de bord', '/api/admin/tableau-de-bord'],
    ['commandes, 1re page', '/api/admin/commandes'],
    ['commandes par référence', `/api/admin/commandes?q=${encodeURIComponent(sample.reference ?? 'BQ-22222222')}`],
    ['commandes par téléphone', `/api/admin/commandes?q=${encodeURIComponent(sample.telephone ?? '221770000000')}`],
    ['commandes par nom', `/api/admin/commandes?q=${encodeURIComponent(word)}`],
    ['clients (GET /api/users)', '/api/users'],
    ['produits, 1re page', '/api/admin/produits'],
    ['produits « refrigerateur »', '/api/admin/produits?q=refrigerateur'],
    ['produits « samsung »', '/api/admin/produits?q=samsung'],
    ['suivi clients (paniers)', '/api/admin/crm'],
    ['paniers abandonnés', '/api/admin/crm/abandonnes'],
    ['recherches de la semaine', '/api/admin/recherches'],
    ['commandes d’un client', `/api/commandes/${customer}`],
  ];
}

// The first second of each call is not counted: what is measured is a shop that has been serving, as the retailer's
// does all day (one run once saw 56 ms for a call just after the process started, and 18–23 ms on the next runs).
const WARMUP_SECONDS = 1;

/** GETs of `url` for `seconds` over `connections` kept-alive connections, after a one-second warm-up: req/s and p99 (ms). */
function hammer(url, token, { seconds, connections }) {
  return new Promise((ok, fail) => {
    const times = [];
    let failed = 0;
    const warm = performance.now() + WARMUP_SECONDS * 1000;
    let first = 0;
    let last = 0;
    const run = autocannon(
      {
        url,
        duration: WARMUP_SECONDS + seconds,
        connections,
        headers: { 'Access-Token': token, 'accept-encoding': 'br, gzip' },
        timeout: 30,
      },
      (err) => {
        if (err) return fail(err);
        times.sort((a, b) => a - b);
        ok(times.length ? { rps: times.length / ((last - first) / 1000), p99: pct(times, 99), failed } : { failed: Math.max(failed, 1) });
      },
    );
    run.on('response', (_c, status, _b, ms) => {
      const now = performance.now();
      if (now < warm) {
        first = now;
        return;
      }
      last = now;
      if (status >= 200 && status < 400) times.push(ms);
      else failed++;
    });
  });
}

/** Measures every back-office call on `base` at c10 for `seconds` each (the p99 of a few thousand answers, not of a few hundred); returns label → { rps, p99, failed }. */
export async function measureBackoffice(base, { seconds = 5, connections = 10 } = {}) {
  const token = await adminToken(base);
  const out = new Map();
  for (const [label, path] of await calls(base, token)) out.set(label, await hammer(base + path, token, { seconds, connections }));
  return out;
}

const fmt = (r) =>
  r?.rps ? `${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(0)} ms${r.failed ? `, ${r.failed} échecs` : ''}` : 'aucune réponse';

/** Table rows: each call on years of data beside the demo's figure, judged against BACKOFFICE_BUDGET. */
export function backofficeRows(demo, years, label) {
  return [...years].map(([name, r]) => {
    const d = demo.get(name);
    const ok =
      Boolean(r?.rps) &&
      !r.failed &&
      r.p99 <= BACKOFFICE_BUDGET.p99 &&
      (r.rps >= BACKOFFICE_BUDGET.rps || (d?.rps && r.rps >= BACKOFFICE_BUDGET.ratio * d.rps));
    return row(`${name} — ${label}`, `${fmt(r)} (démo : ${fmt(d)})`, '≥ 300 req/s ou 70 % démo, p99 ≤ 50 ms', ok);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { url: { type: 'string', multiple: true }, seconds: { type: 'string', default: '5' } } });
  const seconds = Number(values.seconds);
  for (const url of values.url ?? []) {
    console.log(`\n${url}`);
    for (const [name, r] of await measureBackoffice(url, { seconds })) console.log(`${name.padEnd(28)} ${fmt(r)}`);
  }
}
