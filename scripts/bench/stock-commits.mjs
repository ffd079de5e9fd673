// Stock taken straight on PostgreSQL, as an order's transaction takes it (orders/pricing.ts), without the HTTP server: what the
// database alone allows when `concurrency` connections each sell their own product, commit after commit.
import pg from 'pg';

/** Nearest-rank percentile of sorted numbers. */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `transactions` stock-taking transactions over `concurrency` connections to `url`; returns commits/s and p50/p95/p99 (ms). */
export async function measureStockCommits(url, { concurrency = 50, transactions = 2000 } = {}) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const ids = (await admin.query('select id from products order by id limit $1', [concurrency])).rows.map((r) => r.id);
  await admin.query('update products set quantity = 1000000 where id = any($1)', [ids]);
  await admin.end();
  const clients = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const times = [];
  let next = 0;
  const t0 = performance.now();
  try {
    await Promise.all(
      clients.map(async (client, w) => {
        while (next++ < transactions) {
          const start = performance.now();
          await client.query('begin');
          await client.query('update products set quantity = quantity - 1, updated_at = now() where id = $1', [ids[w % ids.length]]);
          await client.query('commit');
          times.push(performance.now() - start);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rps: times.length / seconds, failed: 0, count: transactions };
}
