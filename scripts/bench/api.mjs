// API latency over loopback: GET loops through autocannon (a load generator built for this, cheap per request, so it takes
// little of the CPU the server is measured on), other calls through bounded fetch loops; both with a warm-up, keep-alive and
// compressed answers.
import autocannon from 'autocannon';

/** Nearest-rank percentile of sorted numbers. */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Runs `requests` calls of `send(worker)` with `concurrency` workers in flight (after `warmup` untimed ones); `send` resolves with the
 * fetch Response. Returns p50/p95/p99 (ms), req/s and failures (no percentiles when all failed).
 */
export async function measureCalls(send, { requests = 300, concurrency = 8, warmup = 20 } = {}) {
  const once = async (w) => {
    const t0 = performance.now();
    const res = await send(w);
    await res.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.ok, status: res.status };
  };
  let lastError = '';
  const loop = async (count, times) => {
    let next = 0;
    let failed = 0;
    const worker = async (w) => {
      while (next < count) {
        next++;
        const { ms, ok, status } = await once(w).catch((err) => ({ ms: NaN, ok: false, status: err.message }));
        if (ok) times.push(ms);
        else {
          failed++;
          lastError = `HTTP ${status}`;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, (_, w) => worker(w)));
    return failed;
  };
  await loop(warmup, []);
  const times = [];
  const t0 = performance.now();
  const failed = await loop(requests, times);
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  if (times.length === 0) return { failed, count: requests, lastError };
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    rps: times.length / seconds,
    failed,
    count: requests,
    lastError,
    times,
    seconds,
  };
}

/** Merges runs of `measureCalls` (alternated with other runs) into one figure: all latencies, requests over the time spent. */
export function mergeRuns(runs) {
  const times = runs.flatMap((r) => r.times ?? []).sort((a, b) => a - b);
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  const count = runs.reduce((n, r) => n + r.count, 0);
  const lastError =
    runs
      .map((r) => r.lastError)
      .filter(Boolean)
      .at(-1) ?? '';
  if (times.length === 0) return { failed, count, lastError };
  const seconds = runs.reduce((n, r) => n + (r.seconds ?? 0), 0);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rps: times.length / seconds, failed, count, lastError };
}

/**
 * One autocannon run of `warmup + amount` GETs over `connections` kept-alive connections. The first `warmup` answers are not
 * counted: they open the connections and warm both ends, so the figures are of a steady load, as a load balancer's pooled
 * connections give. Each counted answer's latency (ms) goes to `times`, the time of the last warm-up answer to `times.first`
 * and of the last to `times.last`.
 */
function cannon(url, amount, connections, times, warmup = 0) {
  return new Promise((ok, fail) => {
    let seen = 0;
    const instance = autocannon(
      { url, amount: warmup + amount, connections, headers: { 'accept-encoding': 'br, gzip' }, timeout: 30 },
      (err, result) => (err ? fail(err) : ok(result)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (++seen <= warmup) {
        times.first = performance.now();
        return;
      }
      times.last = performance.now();
      if (status >= 200 && status < 400) times.push(ms);
    });
  });
}

/** Sends `requests` GETs to `url` over `concurrency` connections, after `warmup` untimed ones on the same connections (autocannon); same figures as `measureCalls`. */
export async function measure(url, { requests = 300, concurrency = 8, warmup = 20 } = {}) {
  const times = [];
  const result = await cannon(url, requests, concurrency, times, Math.max(warmup, concurrency));
  // From the last warm-up answer to the last answer: autocannon reports the end of a run on its next one-second tick.
  const seconds = ((times.last ?? performance.now()) - (times.first ?? performance.now())) / 1000;
  const failed = requests - times.length;
  const lastError = result.non2xx ? 'HTTP non 2xx' : result.errors || result.timeouts ? 'erreur réseau ou délai dépassé' : '';
  times.sort((a, b) => a - b);
  if (times.length === 0) return { failed, count: requests, lastError };
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    rps: times.length / seconds,
    failed,
    count: requests,
    lastError,
    times,
    seconds,
  };
}

/** Picks the ids the latency loops need (first product, first pack code) from the running API. */
export async function sampleIds(base) {
  const get = (path) =>
    fetch(base + path).then(
      (r) => (r.ok ? r.json() : null),
      () => null,
    );
  const listing = await get('/api/produits-filtrer');
  const packs = await get('/api/pack_product');
  return { productId: listing?.products?.[0]?.id ?? null, packCode: Array.isArray(packs) ? (packs[0]?.code ?? null) : null };
}
