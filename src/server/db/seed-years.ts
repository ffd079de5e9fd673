/** A retailer's years of history for benchmarks and plan tests (§7 back office): customers, their orders and lines, CRM records and search counts. */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { chunks, rowsOf } from './rows.ts';
import { prng } from './seed-products.ts';

/** How much history to generate; `seedYears` defaults each from `years` (per year: 15,000 customers, 50,000 orders, 500,000 CRM records). */
export interface YearsSize {
  years: number;
  customers?: number;
  orders?: number;
  crm?: number;
  seed?: number;
  now?: Date;
}

/** What a history seed added, and how long it took. */
export interface YearsReport {
  customers: number;
  orders: number;
  lines: number;
  crm: number;
  searchDays: number;
  ms: number;
}

const DAY_MS = 86_400_000;
const BATCH = 5_000;
const FIRST = ['Aminata', 'Moussa', 'Fatou', 'Ousmane', 'Awa', 'Mamadou', 'Khady', 'Ibrahima', 'Mariama', 'Cheikh', 'Ndèye', 'Abdoulaye'];
const LAST = ['Diop', 'Ndiaye', 'Fall', 'Sow', 'Sy', 'Ba', 'Diallo', 'Faye', 'Gueye', 'Mbaye', 'Cissé', 'Thiam', 'Sène', 'Kane'];
const PLACES = ['Dakar, Plateau', 'Dakar, Médina', 'Pikine', 'Guédiawaye', 'Rufisque', 'Thiès', 'Saint-Louis', 'Mbour', 'Touba'];
const TERMS = [
  'frigo',
  'réfrigérateur',
  'tv',
  'samsung',
  'climatiseur',
  'congélateur',
  'machine à laver',
  'lg',
  'ventilateur',
  'micro-ondes',
];
// Searches that find nothing in the catalogue, as shoppers type them (counted on the same days, for "Suivi clients").
const MISSES = ['iphone 15', 'playstation', 'trottinette', 'drone', 'imprimante', 'ps5', 'montre connectee', 'velo', 'hp', 'xq'];
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

// Distinct from the demo's and from live references: the number written in the reference alphabet, 7 letters after a 'Z'.
function referenceOf(n: number): string {
  let s = '';
  for (let k = 0; k < 7; k++) {
    s = REFERENCE_ALPHABET[n % REFERENCE_ALPHABET.length] + s;
    n = Math.floor(n / REFERENCE_ALPHABET.length);
  }
  return `BQ-Z${s}`;
}

/** Appends `size.years` of history (dated before `now`) to a shop that has products; multi-row inserts of 5,000, then `analyze`. */
export async function seedYears(db: Db, size: YearsSize): Promise<YearsReport> {
  const started = performance.now();
  const customers = size.customers ?? Math.round(15_000 * size.years);
  const orderCount = size.orders ?? Math.round(50_000 * size.years);
  const crm = size.crm ?? Math.round(500_000 * size.years);
  const rng = prng(size.seed ?? 4_242);
  const now = size.now ?? new Date();
  const span = Math.max(1, Math.round(size.years * 365)) * DAY_MS;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;

  const products = rowsOf(await db.execute(sql`select id, name, list_price from products where sale_ok order by id`)) as Array<{
    id: number;
    name: string;
    list_price: number | string;
  }>;
  if (!products.length) throw new Error('Aucun produit en vente : lancez d’abord le catalogue (npm run seed).');
  const base = Number(rowsOf(await db.execute(sql`select coalesce(max(id), 0)::int as base from users`))[0]?.base ?? 0);

  // Customers: a name, a unique phone (2217 6… never used by the demo) and e-mail, spread over the years.
  const people: Array<{ id: number; name: string; email: string; phone: string }> = [];
  for (const batch of chunks(
    Array.from({ length: customers }, (_, i) => i),
    BATCH,
  )) {
    const rows = batch.map((i) => {
      const name = `${pick(FIRST)} ${pick(LAST)}`;
      const phone = `2217${String(60_000_000 + base + i).slice(-8)}`;
      const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${base + i}@exemple.sn`;
      return { name, email, phone, at: new Date(now.getTime() - span + Math.floor(rng() * span)).toISOString() };
    });
    const ids = rowsOf(
      await db.execute(sql`insert into users (name, email, partner_phone, password_hash, is_verified, created_at)
        select x.name, x.email, x.phone, '!', true, x.at::timestamptz
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(name text, email text, phone text, at text)
        returning id, partner_phone`),
    ) as Array<{ id: number; partner_phone: string }>;
    const byPhone = new Map(ids.map((r) => [r.partner_phone, r.id]));
    for (const r of rows) people.push({ id: byPhone.get(r.phone)!, name: r.name, email: r.email, phone: r.phone });
  }

  // Orders: growing over time (more recent days get more), each with 1 to 4 lines of real products at their list price.
  let lines = 0;
  for (const batch of chunks(
    Array.from({ length: orderCount }, (_, i) => i),
    BATCH,
  )) {
    const placed = batch.map((i) => {
      const who = people.length && rng() < 0.8 ? pick(people) : null;
      const age = Math.floor(Math.sqrt(rng()) * span);
      const at = new Date(now.getTime() - (span - age));
      const days = (now.getTime() - at.getTime()) / DAY_MS;
      const online = rng() < 0.35;
      const cancelled = rng() < 0.08;
      const state = cancelled ? 'cancel' : days > 10 ? 'delivered' : days > 4 ? 'shipped' : days > 1 ? 'confirmed' : 'sale';
      const paid = state === 'delivered' || (online && state !== 'cancel');
      const picked = Array.from({ length: 1 + Math.floor(rng() * 4) }, () => ({
        product: pick(products),
        quantity: 1 + Math.floor(rng() * rng() * 3),
      }));
      const total = picked.reduce((s, l) => s + Number(l.product.list_price) * l.quantity, 0);
      const guest = { name: `${pick(FIRST)} ${pick(LAST)}`, phone: `2217${String(Math.floor(rng() * 1e8)).padStart(8, '0')}` };
      return {
        row: {
          reference: referenceOf(i + orderCountOffset(size.seed)),
          user_id: who?.id ?? null,
          type_sale: rng() < 0.1 ? 'preorder' : 'order',
          payment_mode: online ? 'online' : 'domicile',
          payment_status: paid ? 'paid' : state === 'cancel' ? 'cancelled' : online ? 'pending' : 'unpaid',
          state,
          amount_total: total,
          name: who?.name ?? guest.name,
          email: who?.email ?? null,
          telephone: who?.phone ?? guest.phone,
          adresse: pick(PLACES),
          at: at.toISOString(),
        },
        picked,
      };
    });
    const ids = rowsOf(
      await db.execute(sql`insert into orders (reference, user_id, type_sale, payment_mode, payment_status, state, amount_total,
          stock_taken, commitment_date, name, email, telephone, adresse, created_at, updated_at)
        select x.reference, x.user_id, x.type_sale, x.payment_mode, x.payment_status, x.state, x.amount_total,
          x.type_sale = 'order', x.at::timestamptz + interval '3 days', x.name, x.email, x.telephone, x.adresse, x.at::timestamptz, x.at::timestamptz
        from json_to_recordset(${JSON.stringify(placed.map((p) => p.row))}::json) as x(reference text, user_id int, type_sale text,
          payment_mode text, payment_status text, state text, amount_total bigint, name text, email text, telephone text, adresse text, at text)
        returning id, reference`),
    ) as Array<{ id: number; reference: string }>;
    const idOf = new Map(ids.map((r) => [r.reference, r.id]));
    const lineRows = placed.flatMap((p) =>
      p.picked.map((l) => ({
        order_id: idOf.get(p.row.reference)!,
        product_id: l.product.id,
        name: l.product.name,
        quantity: l.quantity,
        price: Number(l.product.list_price),
      })),
    );
    lines += lineRows.length;
    await db.execute(sql`insert into order_lines (order_id, product_id, name, quantity, price_unit, price_subtotal)
      select x.order_id, x.product_id, x.name, x.quantity, x.price, x.price * x.quantity
      from json_to_recordset(${JSON.stringify(lineRows)}::json) as x(order_id int, product_id int, name text, quantity int, price bigint)`);
  }

  // CRM records (carts as the storefront reports them), written by the database itself: one statement per 100,000.
  const spanSeconds = Math.floor(span / 1000);
  const nowIso = now.toISOString();
  for (let from = 0; from < crm; from += 100_000) {
    const to = Math.min(crm, from + 100_000) - 1;
    await db.execute(sql`insert into crm_records (guest_id, type, name, phone, localisation, total, date, produits, created_at, updated_at)
      select 'seed-' || ${size.seed ?? 4_242}::int || '-' || g, (array['commande','commande','commande','precommande','acredit'])[1 + g % 5],
        'Visiteur ' || g, null, 'Dakar', 25000 + (g::bigint * 7919) % 900000, to_char(t, 'YYYY-MM-DD'),
        jsonb_build_array(jsonb_build_object('id', 1, 'nom', 'Article', 'quantité', 1, 'prix', 25000 + (g::bigint * 7919) % 900000)), t, t
      from generate_series(${from}::int, ${to}::int) as g,
        lateral (select ${nowIso}::timestamptz - make_interval(secs => ((g::bigint * 104729) % ${spanSeconds}::bigint)::double precision) as t) as d`);
  }

  // A year of search counts: each term every day, and each search that found nothing.
  const searchDays = 365 * (TERMS.length + MISSES.length);
  const array = (list: readonly string[]) => sql.raw(`array[${list.map((t) => `'${t.replace(/'/g, "''")}'`).join(',')}]`);
  for (const [table, list] of [
    ['search_term_days', TERMS],
    ['search_miss_days', MISSES],
  ] as const)
    await db.execute(sql`insert into ${sql.identifier(table)} (day, terme, count)
      select (${nowIso}::timestamptz - make_interval(days => d))::date, t, 1 + (d * 31 + length(t)) % 40
      from generate_series(0, 364) as d, unnest(${array(list)}) as t
      on conflict do nothing`);

  // Fresh statistics: the planner then picks the back office's indexes at once (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze users, orders, order_lines, crm_records, search_term_days, search_miss_days, order_day_tallies`);
  return { customers, orders: orderCount, lines, crm, searchDays, ms: Math.round(performance.now() - started) };
}

// Two runs with different seeds get distinct references.
const orderCountOffset = (seed = 4_242) => (seed % 1_000) * 1_000_000;
