/** `npm start`: opens the database, seeds it when empty, and serves the storefront and /api on one port (`http/node-server.ts`). */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { missingMigration, openDatabase } from './db/client.ts';
import { rememberLiveSessions } from './auth/live-sessions.ts';
import { sharedSecret } from './db/settings.ts';
import { loadEnv, type Env } from './env.ts';
import { buildId, withCatalogueTag } from './http/freshness.ts';
import { pageSecurityHeaders } from './http/headers.ts';
import { parseTrustProxy, resolveClient, type TrustedProxies } from './http/client-address.ts';
import { messageTransport } from './mail/mailer.ts';
import { queueMailer } from './mail/queue.ts';
import { startMessageWorker } from './jobs/messages.ts';
import { drainable, shopServer, type NodeHandler, type Probes } from './http/node-server.ts';
import { createLogger, lineLog, say, type DestinationStream, type Logger } from './observe/logger.ts';
import { registry } from './observe/metrics.ts';
import { scheduleJobs } from './jobs/runner.ts';
import { shopJobs } from './jobs/shop-jobs.ts';
import { locate, sendFile, staticRoot } from './http/static.ts';
import { demoProvider } from './payments/demo.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { waveProvider } from './payments/wave.ts';
import { demoOrangeProvider } from './payments/demo-orange.ts';
import { ORANGE_NOTIFICATION_PATH, orangeMoneyProvider } from './payments/orange-money.ts';
import { builtProviders } from './payments/offered.ts';
import { paymentMethods } from './payments/providers.ts';
import { providerModes } from '../domain/payment-providers.ts';
import { prepareData } from './start-data.ts';
import type { Db } from './db/client.ts';

/** Loads the Astro build (middleware mode) and answers pages: static files first, then on-demand routes (304 when unchanged), then 404. */
async function siteHandler(distDir: string, trustProxy: TrustedProxies, db: Db): Promise<NodeHandler> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`Storefront non construit (${entry} absent) : lancez « npm run build ».`);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  // A page a browser or a CDN holds at the catalogue's current version is answered 304, unrendered.
  const astro = withCatalogueTag(db, buildId(distDir), handler);
  const root = staticRoot(join(distDir, 'client'));
  return async (req, res) => {
    for (const [k, v] of Object.entries(pageSecurityHeaders)) res.setHeader(k, v);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // What a page rendered on the server tells the API about its shopper (server-data.ts `shopperHeaders`): the client
    // as this server resolved it, never what the client wrote.
    req.headers['x-forwarded-for'] = resolveClient(
      req.socket.remoteAddress ?? 'unknown',
      req.headers['x-forwarded-for'] as string | undefined,
      trustProxy,
    );
    // Pages take no form posts: a form sent before its island hydrated (its fields in the body, never in the address)
    // comes back to its page, where the shopper sends it again.
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void res.writeHead(303, { Location: req.url ?? '/', 'Cache-Control': 'no-store' }).end();
    const found = await locate(root, path);
    if (found) return sendFile(req, res, found, path);
    await astro(req, res, async () => {
      // No page matches: the home content with a 404 status (spec: unknown paths show the home page).
      const page = await locate(root, '/404.html');
      if (page) return sendFile(req, res, page, '/404.html', 404);
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Page introuvable');
    });
  };
}

/** Wave when WAVE_API_KEY is set, else the demonstration provider if DEMO_PAYMENTS (its events signed with WAVE_WEBHOOK_SECRET or a stored secret), else none. */
async function paymentProvider(env: Env, db: Db, logger: Logger): Promise<PaymentProvider | null> {
  const mode = providerModes(env).wave;
  if (mode === 'real' && env.WAVE_API_KEY) {
    if (!env.WAVE_WEBHOOK_SECRET)
      say(
        logger,
        'warn',
        '[paiement] WAVE_WEBHOOK_SECRET absent : les webhooks Wave seront refusés, seul le rapprochement confirmera les paiements.',
      );
    return waveProvider({ apiKey: env.WAVE_API_KEY, apiUrl: env.WAVE_API_URL, webhookSecret: env.WAVE_WEBHOOK_SECRET ?? null });
  }
  if (mode === 'off') {
    say(
      logger,
      'warn',
      '[paiement] WAVE_API_KEY absent et paiement de démonstration désactivé : « En ligne » répond 503, les commandes se paient à la livraison. Définissez WAVE_API_KEY (ou DEMO_PAYMENTS=true pour une vitrine).',
    );
    return null;
  }
  if (env.NODE_ENV === 'production')
    say(
      logger,
      'warn',
      '[paiement] DEMO_PAYMENTS=true en production : n’importe qui peut marquer sa commande payée. Réservé à une vitrine de démonstration.',
    );
  say(logger, 'info', '[paiement] WAVE_API_KEY absent : « Paiement de démonstration » (aucun argent débité).');
  const webhookSecret = env.WAVE_WEBHOOK_SECRET ?? (await sharedSecret(db, 'demo_webhook_secret'));
  return demoProvider({ webhookSecret, pageUrl: (id) => `/api/payments/demo/${id}` });
}

/** Orange Money when its three settings are set, else its demonstration provider if DEMO_PAYMENTS, else none. */
function orangeProvider(env: Env, siteUrl: string, logger: Logger): PaymentProvider | null {
  const mode = providerModes(env).orange;
  if (mode === 'real')
    return orangeMoneyProvider({
      clientId: env.ORANGE_MONEY_CLIENT_ID!,
      clientSecret: env.ORANGE_MONEY_CLIENT_SECRET!,
      merchantKey: env.ORANGE_MONEY_MERCHANT_KEY!,
      apiUrl: env.ORANGE_MONEY_API_URL,
      country: env.ORANGE_MONEY_COUNTRY,
      notifUrl: `${siteUrl}${ORANGE_NOTIFICATION_PATH}`,
    });
  if (mode === 'off') {
    say(logger, 'warn', '[paiement] ORANGE_MONEY_CLIENT_ID absent : Orange Money désactivé (« orange » répond 503).');
    return null;
  }
  say(logger, 'info', '[paiement] ORANGE_MONEY_CLIENT_ID absent : Orange Money en « Paiement de démonstration » (aucun argent débité).');
  return demoOrangeProvider({ pageUrl: (id) => `/api/payments/demo/${id}` });
}

/** Says so when the static pages were built advertising other providers than those this server takes (README "Payments"). */
function warnIfBuiltForOthers(distDir: string, live: readonly string[], logger: Logger): void {
  const built = builtProviders(distDir);
  if (built === null || built.join(',') === live.join(',')) return;
  const named = (list: readonly string[]) => (list.length ? list.join(', ') : 'aucun');
  say(
    logger,
    'warn',
    `[paiement] Les pages statiques annoncent ${named(built)}, ce serveur accepte ${named(live)} : relancez « npm run build » avec les mêmes réglages de paiement (npm start le fait seul).`,
  );
}

/** A running shop. */
export interface Running {
  server: Server;
  url: string;
  /** Where Prometheus reads `/metrics` (`METRICS_PORT`), or null when it is not served. */
  metricsUrl: string | null;
  close: () => Promise<void>;
}

/** Starts the whole shop from a validated environment; `distDir` is the storefront build (`dist`), `logTo` where its log goes (standard output). */
export async function start(
  env: Env = loadEnv(),
  { distDir = 'dist', logTo }: { distDir?: string; logTo?: DestinationStream } = {},
): Promise<Running> {
  const dataDir = resolve(env.DATA_DIR);
  const logger = createLogger(env.LOG_LEVEL, logTo);
  const log = lineLog(logger);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: join(dataDir, 'pglite'), poolSize: env.DATABASE_POOL_SIZE });
  const seeded = await prepareData(database.db, env);
  // Signed-in requests read their session from memory while the database tells this instance of every change to one.
  const stopRemembering = await rememberLiveSessions(database, (message) => logger.warn({ area: 'sessions' }, message));
  const secret = env.AUTH_SECRET ?? (await sharedSecret(database.db, 'auth_secret'));
  const provider = await paymentProvider(env, database.db, logger);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  // Every message is a row of the outbox table first; this instance's worker sends them (SMTP, the SMS gateway, or files
  // in the outbox folder when neither is set), with retries, once across instances.
  const transport = messageTransport({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    smsGatewayUrl: env.SMS_GATEWAY_URL,
    smsGatewayKey: env.SMS_GATEWAY_KEY,
    outboxDir: resolve(env.OUTBOX_DIR ?? join(dataDir, 'outbox')),
  });
  const worker = startMessageWorker(database.db, transport, () => new Date(), log);
  const mailer = queueMailer(database.db, () => new Date(), worker.wake);
  const siteUrl = env.PUBLIC_SITE_URL.replace(/\/$/, '');
  const orange = orangeProvider(env, siteUrl, logger);
  warnIfBuiltForOthers(resolve(distDir), paymentMethods({ provider, orange }).providers, logger);
  const api = createApp({
    db: database.db,
    payments: { provider, orange },
    tokens: { secret, accessTtl: env.ACCESS_TOKEN_TTL, refreshTtl: env.REFRESH_TOKEN_TTL, now: () => new Date() },
    log,
    logger,
    logRequests: env.LOG_REQUESTS,
    siteUrl,
    trustProxy,
    mailer,
    buildId: buildId(resolve(distDir)),
  });
  // Holds that ended, pending payments and retention: each run by one instance per period (jobs/runner.ts).
  const stopJobs = scheduleJobs(database.db, shopJobs({ db: database.db, provider, orange, mailer, siteUrl, log }), () => new Date(), log);
  const apiListener = getRequestListener(api.fetch);
  const site = await siteHandler(resolve(distDir), trustProxy, database.db);
  const probes: Probes = {
    ready: async () => {
      if (drain.draining) return 'arrêt en cours';
      const missing = await missingMigration(database.db);
      return missing ? `migration ${missing} non appliquée` : null;
    },
  };
  const server = shopServer({ api: apiListener, site, trustProxy, probes });
  const drain = drainable(server);
  // What started before the ports: stopped by `close`, or at once when a port cannot be had (the database freed).
  const release = async () => {
    await stopJobs();
    // Messages not yet sent stay queued in the database for the next instance to start.
    await worker.stop();
    await stopRemembering();
    await database.close();
  };
  let metrics: { server: Server; url: string } | null = null;
  try {
    await listenOn(server, env.PORT, env.HOST, 'PORT');
    if (env.METRICS_PORT !== undefined) metrics = await metricsServer(env.METRICS_PORT, env.METRICS_HOST ?? env.HOST);
  } catch (err) {
    if (server.listening) await new Promise((ok) => server.close(ok));
    await release();
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const anyHost = env.HOST === '0.0.0.0' || env.HOST === '::';
  // Pages rendered on the server call the API of this very process unless told otherwise.
  process.env.INTERNAL_API_URL = env.INTERNAL_API_URL ?? `http://${anyHost ? '127.0.0.1' : env.HOST}:${port}`;
  const shownHost = anyHost ? 'localhost' : env.HOST;
  const url = `http://${shownHost}:${port}`;
  logger.info({ url, api: `${url}/api`, metrics: metrics ? `${metrics.url}/metrics` : null }, `Boutique prête sur ${url}`);
  logger.info(
    `Base de données : ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite embarqué (${join(dataDir, 'pglite')})`}${seeded.seeded ? ' — catalogue de démonstration créé' : ''}`,
  );
  for (const line of seeded.notice) logger.info(line);
  return {
    server,
    url,
    metricsUrl: metrics?.url ?? null,
    // Stops taking new connections and closes idle ones; requests in flight finish (their answers close their connections)
    // for up to SHUTDOWN_TIMEOUT seconds; then the jobs, the metrics and the database pool.
    close: async () => {
      drain.drain();
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      const deadline = setTimeout(() => server.closeAllConnections(), env.SHUTDOWN_TIMEOUT * 1000);
      await closed;
      clearTimeout(deadline);
      await new Promise<void>((ok) => (metrics ? metrics.server.close(() => ok()) : ok()));
      await release();
      logger.info('Boutique arrêtée : requêtes en cours terminées, base de données fermée.');
    },
  };
}

/** Listens on `host:port`, or fails with what the operator can do, in French, naming the setting (README "Configuration"). */
async function listenOn(server: Server, port: number, host: string, setting: 'PORT' | 'METRICS_PORT'): Promise<void> {
  try {
    await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, host, ok));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const where = `${host}:${port} (${setting})`;
    if (code === 'EADDRINUSE')
      throw new Error(`Le port ${where} est déjà utilisé : arrêtez le programme qui l’occupe ou choisissez un autre ${setting}.`);
    if (code === 'EACCES')
      throw new Error(`Le port ${where} demande des droits d’administrateur : choisissez un ${setting} au-dessus de 1023.`);
    if (code === 'EADDRNOTAVAIL')
      throw new Error(`L’adresse ${where} n’appartient pas à cette machine : vérifiez ${setting === 'PORT' ? 'HOST' : 'METRICS_HOST'}.`);
    throw err;
  }
}

/** The metrics listener (`METRICS_PORT`): `GET /metrics` in Prometheus's text format, nothing else. */
async function metricsServer(port: number, host: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') return void res.writeHead(404).end();
    void registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await listenOn(server, port, host, 'METRICS_PORT');
  const address = server.address();
  return { server, url: `http://${host}:${typeof address === 'object' && address ? address.port : port}` };
}

if (import.meta.main) {
  const running = await start().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
  const stop = () =>
    void running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
