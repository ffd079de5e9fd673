/** Transport guards shared by every API route: JSON bodies of 100 KB at most (a few named uploads excepted), nested 32 levels and holding 2,000 fields at most, French errors without stacks. */
import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { Deps } from '../context.ts';
import { OrderRefusal } from '../orders/refusal.ts';
import { describeError, unreachableDatabase } from './error-log.ts';
import { jsonShapeProblem } from './json-limits.ts';
import { IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '../../domain/admin-products.schema.ts';
import { MAX_MEMBERSHIP_BODY_BYTES, MEMBERSHIP_TOO_LARGE } from '../../domain/membership.ts';

const MAX_BODY_BYTES = 100 * 1024;

function sized(bytes: number, message: string): MiddlewareHandler {
  return bodyLimit({ maxSize: bytes, onError: (c) => c.json({ message }, 413) });
}
const FILE_TOO_LARGE = `Le fichier dépasse ${MAX_UPLOAD_BYTES / 1024 / 1024} Mo.`;

// The only routes whose body is not small JSON: the bytes of a product image, and a catalogue CSV (5,000 rows ≈ 1 MB).
// Sent raw rather than in JSON, so nothing parses them before the route has checked the caller is an admin.
// A membership request (§6) is a form with two phone photos or PDFs; the route checks the caller before it reads the body.
const RAW_BODIES: ReadonlyArray<{ method: string; path: RegExp; types: readonly string[]; limit: MiddlewareHandler }> = [
  // Any id segment: the route itself refuses a malformed id, with the same 400 as every other id route.
  {
    method: 'PUT',
    path: /^\/api\/admin\/produits\/[^/]+\/image$/,
    types: IMAGE_UPLOAD_TYPES,
    limit: sized(MAX_UPLOAD_BYTES, FILE_TOO_LARGE),
  },
  {
    method: 'POST',
    path: /^\/api\/admin\/produits\/import(?:\/apercu)?$/,
    types: ['text/csv'],
    limit: sized(MAX_UPLOAD_BYTES, FILE_TOO_LARGE),
  },
  {
    method: 'POST',
    path: /^\/api\/adhesion$/,
    types: ['multipart/form-data'],
    limit: sized(MAX_MEMBERSHIP_BODY_BYTES, MEMBERSHIP_TOO_LARGE),
  },
];
// The demonstration payment page is plain HTML: its buttons post a form.
const FORM_BODIES = /^\/api\/payments\/demo\/[\w-]+$/;
const rawBody = (c: Context) => RAW_BODIES.find((r) => r.method === c.req.method && r.path.test(c.req.path));
const bodyType = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

const smallBody = sized(MAX_BODY_BYTES, 'Le corps de la requête dépasse 100 Ko.');
/** 413 past 100 KB (8 MB for an upload route, 16.25 MB for a membership request), whether or not the client announced the length. */
export const limitBody: MiddlewareHandler = (c, next) => (rawBody(c)?.limit ?? smallBody)(c, next);

/** 415 when a request with a body does not say it is JSON (or, on an upload route, one of the types it takes). */
export const requireJson: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const hasBody = c.req.raw.body !== null && c.req.header('content-length') !== '0';
    const type = bodyType(c);
    const raw = rawBody(c);
    if (raw) {
      if (!raw.types.includes(type)) return c.json({ message: `Le corps de la requête doit être de type ${raw.types.join(', ')}.` }, 415);
    } else if (
      hasBody &&
      type !== 'application/json' &&
      !type.endsWith('+json') &&
      !(type === 'application/x-www-form-urlencoded' && FORM_BODIES.test(c.req.path))
    ) {
      return c.json({ message: 'Le corps de la requête doit être du JSON (Content-Type: application/json).' }, 415);
    }
  }
  await next();
};

/** French message for Hono's own HTTP errors. */
function frenchMessage(err: HTTPException): string {
  if (err.status === 400 && /json/i.test(err.message)) return 'Le corps de la requête n’est pas un JSON valide.';
  if (err.status === 401) return 'Authentification requise.';
  return err.message || 'Requête invalide.';
}

/** Turns any thrown error into a JSON answer (an `OrderRefusal` into its own); the stack goes to the server log only, without a query's parameters. */
export const onError: ErrorHandler = (err, c: Context) => {
  if (err instanceof OrderRefusal) return c.json(err.body(), err.status);
  if (err instanceof HTTPException) return c.json({ message: frenchMessage(err) }, err.status);
  const logger = (c.var as { deps?: Deps }).deps?.logger;
  const entry = { req_id: c.get('requestId'), method: c.req.method, route: routePath(c), err: describeError(err) };
  const code = unreachableDatabase(err);
  if (code) {
    // The request may be sent again: an order keeps its Idempotency-Key, so a commit whose answer was lost is not doubled.
    logger?.warn({ ...entry, code }, 'base de données injoignable');
    c.header('Retry-After', '2');
    return c.json({ message: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.' }, 503);
  }
  if (logger) logger.error(entry, 'erreur interne');
  else console.error(`[api] ${entry.method} ${entry.route}\n${entry.err}`);
  return c.json({ message: 'Erreur interne du serveur. Veuillez réessayer.' }, 500);
};

/** 404 for unknown API paths. */
export const notFound: NotFoundHandler = (c) => c.json({ message: 'Ressource introuvable.' }, 404);

const NUL = { message: 'La requête contient un caractère nul, qui n’est pas admis.' };
const BROKEN = { message: 'La requête contient un caractère Unicode mal formé (demi-paire de substitution), qui n’est pas admis.' };
// NUL, or a lone UTF-16 surrogate (JSON may spell one as \ud800): PostgreSQL stores neither, in text or in jsonb.
const badText = (s: string): typeof NUL | null => (s.includes('\0') ? NUL : s.isWellFormed() ? null : BROKEN);
// A loop over an explicit stack, not a recursion: however deep a body nests, no call stack to overflow.
function badIn(root: unknown): typeof NUL | null {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      const bad = badText(v);
      if (bad) return bad;
    } else if (Array.isArray(v)) {
      // Last first, so that the stack yields them in order.
      for (let i = v.length - 1; i >= 0; i--) pending.push(v[i]);
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      for (const [k] of entries) {
        const bad = badText(k);
        if (bad) return bad;
      }
      for (let i = entries.length - 1; i >= 0; i--) pending.push(entries[i]![1]);
    }
  }
  return null;
}

const jsonBody = (c: Context) => {
  const type = bodyType(c);
  return c.req.raw.body !== null && (type === 'application/json' || type.endsWith('+json'));
};

/** 400 for a JSON body nested past 32 levels or holding more than 2,000 fields, found on its text before anything parses it. */
export const limitJsonShape: MiddlewareHandler = async (c, next) => {
  if (jsonBody(c)) {
    // Read as text: the body is cached as the exact bytes sent (a signed webhook needs them) for every later reader.
    const problem = jsonShapeProblem(await c.req.text().catch(() => ''));
    if (problem) return c.json({ message: problem }, 400);
  }
  await next();
};

/** 400 for a NUL character anywhere in the URL or a JSON body, or a lone surrogate in a JSON body: PostgreSQL cannot store them, so they never reach a query. */
export const rejectNul: MiddlewareHandler = async (c, next) => {
  if (/%00/.test(c.req.url) || c.req.url.includes('\0')) return c.json(NUL, 400);
  if (jsonBody(c)) {
    // Read as text first: the body is cached as the exact bytes sent (a signed webhook needs them), and the
    // route's validator parses that text again (and reports bad JSON itself).
    const text = await c.req.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const bad = badIn(body);
    if (bad) return c.json(bad, 400);
  }
  await next();
};
