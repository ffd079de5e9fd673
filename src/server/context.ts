/** What every route can reach through `c.var`: the app's dependencies and the caller. */
import type { TokenConfig } from './auth/tokens.ts';
import type { Db } from './db/client.ts';
import type { TrustedProxies } from './http/client-address.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Logger } from './observe/logger.ts';
import type { Payments } from './payments/providers.ts';

/** The bearer of a valid token, as routes see it. */
export interface Principal {
  id: number;
  role: 'customer' | 'admin';
  sessionId: string;
  isVerified: boolean;
}

/** Dependencies `createApp` is built from. */
export interface Deps {
  db: Db;
  tokens: TokenConfig;
  now: () => Date;
  log: (line: string) => void;
  /** The structured log (observe/logger.ts): internal errors, and one entry per request when `logRequests`; none in tests by default. */
  logger?: Logger;
  /** Whether each request gets a log entry (`LOG_REQUESTS`); it is measured in the metrics either way. */
  logRequests?: boolean;
  /** E-mail and SMS channel (codes of §4, order confirmations); createApp defaults to an in-memory mailer. */
  mailer?: Mailer;
  /** Public origin of the shop, for links in messages (`PUBLIC_SITE_URL`). */
  siteUrl?: string;
  /** Proxies whose X-Forwarded-For names the client (`TRUST_PROXY`); none by default. */
  trustProxy?: TrustedProxies;
  /** The online payment providers: Wave in `provider`, Orange Money in `orange` (each real or demonstration; null or unset: that one is off and its checkouts answer 503); createApp defaults both to the demonstration ones. */
  payments?: Payments;
  /** The id of the running build, part of the catalogue reads' ETag (domain/freshness.ts); 'api' when not given. */
  buildId?: string;
  /** A request to this very API (the demonstration provider posts its signed webhook through it); set by createApp. */
  selfRequest?: (path: string, init: RequestInit) => Promise<Response>;
}

/** Hono environment of the API. */
export interface AppEnv {
  Variables: { deps: Deps; principal?: Principal; requestId?: string };
}
