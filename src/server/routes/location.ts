/** `GET /api/location`: the visitor's location (§3 "Location data") from the request alone, without outside calls. */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** Where the shop is: the answer for local and private addresses. */
export const DAKAR = { city: 'Dakar', region: 'Dakar', country: 'SN', loc: '14.6937,-17.4441' } as const;

const PRIVATE = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^::1$/, /^f[cd][0-9a-f]{2}:/i, /^fe80:/i, /^::ffff:(127|10|192\.168)\./, /^unknown$/];

/** Whether an address is loopback, private or unknown. */
export function isPrivateAddress(ip: string): boolean {
  return PRIVATE.some((re) => re.test(ip));
}

/** The caller's address: the socket's peer; a loopback peer (our own reverse proxy) may name the client in X-Forwarded-For. */
export function clientAddress(c: Context): string {
  let peer = 'unknown';
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket (tests call app.request directly).
  }
  if (isPrivateAddress(peer)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded && /^[0-9a-fA-F:.]{2,45}$/.test(forwarded)) return forwarded;
  }
  return peer.replace(/^::ffff:(?=\d)/, '');
}

const header = (c: Context, ...names: string[]) => {
  for (const n of names) {
    const v = c.req.header(n)?.trim();
    if (!v || v.length > 100) continue;
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  }
  return '';
};

/** The location sub-app, mounted at `/api/location`. */
export const locationRoutes = new Hono<AppEnv>().get('/', (c) => {
  const ip = clientAddress(c);
  c.header('Cache-Control', 'private, no-store');
  if (isPrivateAddress(ip)) return c.json({ ...DAKAR, ip });
  // A CDN in front of us may tell where the address is; otherwise we only know the address.
  return c.json({
    city: header(c, 'x-vercel-ip-city', 'cf-ipcity'),
    region: header(c, 'x-vercel-ip-country-region', 'cf-region'),
    country: header(c, 'x-vercel-ip-country', 'cf-ipcountry'),
    ip,
    loc: [header(c, 'x-vercel-ip-latitude', 'cf-iplatitude'), header(c, 'x-vercel-ip-longitude', 'cf-iplongitude')].filter(Boolean).join(','),
  });
});
