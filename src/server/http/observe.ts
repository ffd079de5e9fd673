/**
 * Every API request observed (README "Operating"): a request id (the load balancer's `X-Request-Id` when it sends a
 * sane one, else a new one, answered in the same header), its duration in the metrics by route pattern, and, when a
 * logger is given, one JSON entry with id, method, route, status and duration. Never the raw path or query string:
 * they may carry a phone number, an e-mail or a search.
 */
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { Logger } from '../observe/logger.ts';
import { requestDuration } from '../observe/metrics.ts';

const withId = requestId({ limitLength: 64 });

/** The route pattern that answered (`/api/commandes/:id`), or `non trouvée` when none did. */
function answeredBy(c: Parameters<MiddlewareHandler>[0]): string {
  const path = routePath(c);
  return path === '' || path.endsWith('*') ? 'non trouvée' : path;
}

/** Gives the request its id, then measures it (and logs it through `logger`, when given). */
export function observeRequests(logger: Logger | null): MiddlewareHandler {
  return (c, next) =>
    withId(c, async () => {
      const started = performance.now();
      await next();
      const seconds = (performance.now() - started) / 1000;
      const route = answeredBy(c);
      const status = c.res.status;
      requestDuration.observe({ method: c.req.method, route, status: String(status) }, seconds);
      if (!logger) return;
      const entry = { req_id: c.var.requestId, method: c.req.method, route, status, ms: Math.round(seconds * 1000) };
      if (status >= 500) logger.error(entry, 'requête en erreur');
      else logger.info(entry, 'requête');
    });
}
