/** Builds the API from its dependencies, so tests can hand it a fresh database and a controlled clock. */
import { Hono } from 'hono';
import { CATALOGUE_CACHE, catalogueTag, tagMatches } from '../domain/freshness.ts';
import { answerVersion } from './http/freshness.ts';
import { compressApi } from './http/compress.ts';
import { secureHeaders } from 'hono/secure-headers';
import { identify } from './auth/guard.ts';
import type { AppEnv, Deps } from './context.ts';
import { ping } from './db/client.ts';
import { memoryMailer } from './mail/mailer.ts';
import { limitBody, limitJsonShape, notFound, onError, rejectNul, requireJson } from './http/guards.ts';
import { observeRequests } from './http/observe.ts';
import { authRoutes } from './routes/auth.ts';
import { categoryRoutes } from './routes/categories.ts';
import { crmRoutes } from './routes/crm.ts';
import { imageRoutes } from './routes/images.ts';
import { locationRoutes } from './routes/location.ts';
import { packRoutes } from './routes/packs.ts';
import { productRoutes } from './routes/products.ts';
import { searchTermRoutes } from './routes/search-terms.ts';
import { tagRoutes } from './routes/tags.ts';
import { otpRoutes } from './routes/otp.ts';
import { passwordRoutes } from './routes/password.ts';
import { partnerRoutes } from './routes/partners.ts';
import { addressRoutes } from './routes/addresses.ts';
import { userRoutes } from './routes/users.ts';
import { orderRoutes } from './routes/orders.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { paymentRoutes } from './routes/payments.ts';
import { adminWelcomeRoutes, welcomeRoutes } from './routes/welcome.ts';
import { demoProvider } from './payments/demo.ts';
import { demoRoutes } from './payments/demo-routes.ts';
import { demoOrangeProvider } from './payments/demo-orange.ts';
import { orangeNotificationRoutes } from './payments/orange-notification.ts';
import { webhookRoutes } from './payments/webhook.ts';
import { randomBytes } from 'node:crypto';
import { adminRoutes } from './routes/admin.ts';
import { adminInstalmentRoutes } from './routes/admin-echeances.ts';
import { adminMessageRoutes } from './routes/admin-messages.ts';
import { adminPayrollRoutes } from './routes/admin-payroll.ts';
import { instalmentRoutes } from './routes/instalments.ts';
import { adminCrmRoutes } from './routes/admin-crm.ts';
import { adminLabelRoutes } from './routes/admin-labels.ts';
import { adminPackRoutes } from './routes/admin-packs.ts';
import { adminProductRoutes } from './routes/admin-products.ts';
import { adminSynonymRoutes } from './routes/admin-synonyms.ts';
import { adminAdhesionRoutes } from './routes/admin-adhesions.ts';
import { membershipRoutes } from './routes/membership.ts';
import { adminCreditRoutes, creditRoutes } from './routes/credit.ts';
import { parentRoutes } from './routes/parent.ts';

// Account calls that send a code are GETs too (§7): a cached answer would send nothing.
const NEVER_CACHED = /^\/api\/(auth|reset-password-|partner\/|health$)/;

// Anonymous reads may be kept by browsers and CDNs, and are checked again before each use (domain/freshness.ts).
function cachePolicy(method: string, path: string, status: number, signedIn: boolean): string {
  if (method !== 'GET' || status !== 200 || signedIn || NEVER_CACHED.test(path)) return 'no-store';
  return CATALOGUE_CACHE;
}

// The catalogue's reads (§7), which every visitor gets alike and which show only what moves row 2 or a stock row of catalogue_version.
const CATALOGUE_READ = /^\/api\/(?:produits[\w-]*(?:\/[^/]+)*|categories(?:\/\d+)?|tags|pack_product(?:\/[^/]+)?)$/;

/** What `createApp` needs; the clock and log have defaults. */
export type AppOptions = Omit<Deps, 'now' | 'log'> & Partial<Pick<Deps, 'now' | 'log'>>;

/** The Hono app answering every `/api/*` route of spec §7. */
export function createApp(options: AppOptions) {
  const deps: Deps = {
    ...options,
    now: options.now ?? (() => new Date()),
    log: options.log ?? (() => {}),
    mailer: options.mailer ?? memoryMailer(),
    siteUrl: options.siteUrl ?? 'http://localhost:4321',
  };
  deps.payments ??= {
    provider: demoProvider({ webhookSecret: randomBytes(32).toString('hex'), pageUrl: (id) => `/api/payments/demo/${id}`, now: deps.now }),
    orange: demoOrangeProvider({ pageUrl: (id) => `/api/payments/demo/${id}`, now: deps.now }),
  };
  const app = new Hono<AppEnv>().basePath('/api');
  deps.selfRequest = async (path, init) => app.request(path, init);
  app.use(observeRequests(deps.logRequests && deps.logger ? deps.logger : null));
  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      referrerPolicy: 'no-referrer',
      crossOriginResourcePolicy: false,
      // Sent by the Node server (http/node-server.ts) on every answer, pages too, only when served over HTTPS.
      strictTransportSecurity: false,
      // A route that sets its own policy keeps it (the demonstration payment page needs its styles).
      overwrite: false,
    }),
  );
  app.use(compressApi());
  app.use(async (c, next) => {
    c.set('deps', deps);
    // Read before the answer is made, so the tag is never newer than what it names; a token's reads are never tagged.
    const catalogueRead = c.req.method === 'GET' && CATALOGUE_READ.test(c.req.path) && !c.req.header('Access-Token');
    const version = catalogueRead ? await answerVersion(deps.db) : null;
    const tag = version === null ? null : catalogueTag(version, deps.buildId ?? 'api');
    if (tag && tagMatches(c.req.header('If-None-Match'), tag))
      return c.body(null, 304, { ETag: tag, 'Cache-Control': CATALOGUE_CACHE, Vary: 'Access-Token, Accept-Encoding' });
    await next();
    // Set on the answer's own headers: `c.header` would make the answer again around its body, for each header.
    const headers = c.res.headers;
    if (tag && c.res.status === 200 && !c.var.principal) headers.set('ETag', tag);
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', cachePolicy(c.req.method, c.req.path, c.res.status, !!c.var.principal));
    // A route's own Vary (images vary on Accept) is kept.
    const own = headers.get('Vary');
    headers.set('Vary', own && !/Access-Token/i.test(own) ? `${own}, Access-Token, Accept-Encoding` : 'Access-Token, Accept-Encoding');
  });
  app.use(limitBody, requireJson, limitJsonShape, rejectNul, identify);
  app.onError(onError);
  app.notFound(notFound);

  app.get('/health', async (c) => {
    await ping(deps.db);
    return c.json({ status: 'ok' });
  });
  app.route('/', productRoutes);
  app.route('/categories', categoryRoutes);
  app.route('/tags', tagRoutes);
  app.route('/pack_product', packRoutes);
  app.route('/images', imageRoutes);
  app.route('/auth', authRoutes);
  app.route('/', otpRoutes);
  app.route('/', passwordRoutes);
  app.route('/users', addressRoutes);
  app.route('/users', userRoutes);
  app.route('/', partnerRoutes);
  app.route('/', crmRoutes());
  app.route('/location', locationRoutes);
  app.route('/termeRecherche', searchTermRoutes);
  app.route('/', orderRoutes);
  app.route('/', membershipRoutes);
  app.route('/tracking', trackingRoutes());
  app.route('/paiement', paymentRoutes());
  app.route('/', instalmentRoutes());
  app.route('/payments/wave', webhookRoutes());
  app.route('/payments/orange', orangeNotificationRoutes());
  app.route('/payments/demo', demoRoutes());
  app.route('/admin', adminRoutes);
  app.route('/admin/echeances', adminInstalmentRoutes);
  app.route('/admin/messages', adminMessageRoutes);
  app.route('/admin', adminCrmRoutes);
  app.route('/admin', adminPayrollRoutes);
  app.route('/admin', adminLabelRoutes);
  app.route('/admin/packs', adminPackRoutes);
  app.route('/admin/offre-bienvenue', adminWelcomeRoutes);
  app.route('/offre-bienvenue', welcomeRoutes);
  app.route('/admin', adminProductRoutes);
  app.route('/admin/synonymes', adminSynonymRoutes);
  app.route('/admin/adhesions', adminAdhesionRoutes);
  app.route('/admin/credit', adminCreditRoutes);
  app.route('/credit', creditRoutes);
  app.route('/compte-parent', parentRoutes);
  return app;
}
