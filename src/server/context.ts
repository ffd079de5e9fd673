/** What every route can reach through `c.var`: the app's dependencies and the caller. */
import type { Principal } from './auth/guard.ts';
import type { TokenConfig } from './auth/tokens.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';

/** Dependencies `createApp` is built from. */
export interface Deps {
  db: Db;
  tokens: TokenConfig;
  now: () => Date;
  log: (line: string) => void;
  /** E-mail and SMS channel (issue 5); createApp defaults to an in-memory mailer. */
  mailer?: Mailer;
}

/** Hono environment of the API. */
export interface AppEnv {
  Variables: { deps: Deps; principal?: Principal };
}
