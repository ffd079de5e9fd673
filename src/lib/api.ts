/** The storefront's one HTTP client (spec §7): JSON, `Access-Token`, one shared refresh and one retry on 401. */
import { FetchError, ofetch, type $Fetch, type FetchContext, type FetchOptions, type FetchRequest } from 'ofetch';
import * as z from '../domain/zod.ts';
import { refreshAnswerSchema, tokensSchema, type RefreshAnswer, type Tokens } from '../domain/auth.ts';
import { $tokens, saveTokens } from '../features/account/tokens.store.ts';

/** Where failed calls are reported: a French sentence of §8 and the error. */
export type ApiLog = (message: string, error: unknown) => void;

/** What a client needs to know about its server and its tokens. */
export interface ApiOptions {
  /** Origin (and optional path prefix) of the API; '' means the page's own origin. */
  baseURL: string;
  /** Token sources; a client without them (server-side rendering) sends no token and never refreshes. */
  getAccessToken?: () => string | undefined;
  getRefreshToken?: () => string | undefined;
  /** Receives every successful refresh answer, to store it. */
  onTokens?: (answer: RefreshAnswer) => void | Promise<void>;
  fetch?: typeof globalThis.fetch;
  log?: ApiLog;
  /** Runs a refresh exclusively across tabs; runs it directly when absent. */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
  timeout?: number;
}

/** An ofetch instance that also exposes its shared refresh and its logger. */
export type ApiClient = $Fetch & {
  /** Refreshes the tokens (one refresh in flight at a time), stores them and resolves with the new access token. */
  refresh(): Promise<string>;
  log: ApiLog;
};

/** Per-call options of the typed helpers. */
export interface CallOptions {
  client?: ApiClient;
  signal?: AbortSignal;
}

const REFRESH_PATH = '/api/auth/refresh_token';
const UNAUTHENTICATED_PATHS = [REFRESH_PATH, '/api/auth/get_tokens', '/api/auth/delete_tokens'];
const RETRY_TOKEN = Symbol('retryToken');
const SENT = Symbol('sent');
type RetryableOptions = FetchContext['options'] & { [RETRY_TOKEN]?: string; [SENT]?: number };

const consoleLog: ApiLog = (message, error) => console.error(message, error);
const runDirectly = <T>(task: () => Promise<T>) => task();
const none = (): undefined => undefined;

function isUnauthenticatedPath(request: FetchRequest): boolean {
  const url = typeof request === 'string' ? request : request.url;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return UNAUTHENTICATED_PATHS.some((p) => path.endsWith(p));
}

/** Builds a client; the storefront uses `api`, tests and server-side rendering build their own. */
export function createApi(options: ApiOptions): ApiClient {
  const { getAccessToken = none, getRefreshToken = none, onTokens = none, log = consoleLog, lock = runDirectly } = options;
  let inflight: Promise<string> | undefined;
  // Requests are numbered as they leave; those sent before a refresh failed do not try another one.
  let sent = 0;
  let sentBeforeFailure = 0;

  async function runRefresh(): Promise<string> {
    const startedWith = getRefreshToken();
    try {
      return await lock(async () => {
        const refresh_token = getRefreshToken();
        if (!refresh_token) throw new Error('Aucun jeton de rafraîchissement enregistré.');
        // Another tab rotated the tokens while this one waited for the lock: reusing the old one would be a replay.
        const current = getAccessToken();
        if (refresh_token !== startedWith && current) return current;
        const answer = refreshAnswerSchema.parse(await client(REFRESH_PATH, { method: 'POST', body: { refresh_token } }));
        await onTokens(answer);
        return answer.access_token;
      });
    } catch (error) {
      sentBeforeFailure = sent;
      log('Erreur lors du rafraîchissement du jeton', error);
      throw error;
    }
  }

  function refresh(): Promise<string> {
    inflight ??= runRefresh().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  /** The token a failed request should be retried with, or undefined when it must fail as it is. */
  async function renewedToken(used: string | null, sentAs: number): Promise<string | undefined> {
    const current = getAccessToken();
    // A refresh finished since this request left: no need for another.
    if (current && current !== used) return current;
    if (!getRefreshToken() || sentAs <= sentBeforeFailure) return undefined;
    return refresh().catch(() => undefined);
  }

  const client = ofetch.create(
    {
      baseURL: options.baseURL,
      headers: { Accept: 'application/json' },
      timeout: options.timeout ?? 20_000,
      // ofetch's own list less 429: a refusal says how long to wait (Retry-After), and asking again at once would
      // only count once more against the caller's limits (a code asked twice).
      retryStatusCodes: [408, 409, 425, 500, 502, 503, 504],
      onRequest({ request, options: o }) {
        const opts = o as RetryableOptions;
        opts[SENT] = ++sent;
        if (isUnauthenticatedPath(request)) return;
        const token = opts[RETRY_TOKEN] ?? getAccessToken();
        if (token) opts.headers.set('Access-Token', token);
      },
      async onResponseError({ request, response, options: o }) {
        if (response.status !== 401 || isUnauthenticatedPath(request)) return;
        const opts = o as RetryableOptions;
        const fresh = opts[RETRY_TOKEN] === undefined ? await renewedToken(opts.headers.get('Access-Token'), opts[SENT] ?? 0) : undefined;
        if (!fresh) {
          opts.retry = false;
          return;
        }
        // ofetch replays the request once through onRequest, which sets the new token.
        Object.assign(opts, { [RETRY_TOKEN]: fresh, retry: 1, retryStatusCodes: [401], retryDelay: 0 });
      },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );
  return Object.assign(client, { refresh, log });
}

/** Calls the API, decodes the answer with `schema`, and on failure logs `message` (§8) then rethrows. */
export async function callApi<S extends z.core.$ZodType>(
  schema: S,
  message: string,
  path: string,
  options: FetchOptions<'json'> & CallOptions = {},
): Promise<z.output<S>> {
  const { client = api, ...fetchOptions } = options;
  try {
    return z.parse(schema, await client(path, fetchOptions));
  } catch (error) {
    // A call its caller cancelled (a newer search, a closed panel) did not fail.
    if (!fetchOptions.signal?.aborted) client.log(message, error);
    throw error;
  }
}

/** A copy of an ofetch error without the request's query string (which may hold a password); of the response, only its headers (`Retry-After`). */
function withoutQuery(error: unknown): unknown {
  if (!(error instanceof FetchError)) return error;
  const copy = new FetchError(error.message.replace(/\?[^"\s]*/g, ''));
  const response = error.response ? { status: error.response.status, headers: error.response.headers } : undefined;
  return Object.assign(copy, { status: error.status, statusCode: error.status, statusText: error.statusText, data: error.data, response });
}

/** `GET /api/auth/get_tokens`: logs in; the caller stores the answer (tokens and session values). */
export async function getTokens(username: string, password: string, opts: CallOptions = {}): Promise<Tokens> {
  const client = opts.client ?? api;
  try {
    return tokensSchema.parse(await client('/api/auth/get_tokens', { query: { username, password }, signal: opts.signal }));
  } catch (error) {
    const safe = withoutQuery(error);
    client.log('Erreur lors de la récupération des jetons', safe);
    throw safe;
  }
}

/** `POST /api/auth/delete_tokens`: revokes a refresh token on the server (logout). */
export async function deleteTokens(refreshToken: string, opts: CallOptions = {}): Promise<void> {
  const body = { refreshToken };
  await callApi(z.unknown(), 'Erreur lors de la suppression des jetons', '/api/auth/delete_tokens', { ...opts, method: 'POST', body });
}

const inBrowser = typeof window !== 'undefined';
const webLock = <T>(task: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('boutique:refresh-token', task) : task();

/** The storefront's client: tokens from tokens.store in the browser; none on the server, where pages build their own. */
export const api: ApiClient = createApi({
  baseURL: import.meta.env.PUBLIC_API_URL ?? '',
  getAccessToken: () => (inBrowser ? $tokens.get().accessToken : undefined),
  getRefreshToken: () => (inBrowser ? $tokens.get().refreshToken : undefined),
  onTokens: (answer) => {
    if (inBrowser) saveTokens(answer);
  },
  lock: webLock,
});
