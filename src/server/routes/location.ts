/** `GET /api/location`: the visitor's location (§3 "Location data") from the request alone, without outside calls. */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { clientAddress } from '../http/client-address.ts';

export { clientAddress };

/** Where the shop is: the answer for local and private addresses. */
const DAKAR = { city: 'Dakar', region: 'Dakar', country: 'SN', loc: '14.6937,-17.4441' } as const;

const PRIVATE = [
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^::1$/,
  /^f[cd][0-9a-f]{2}:/i,
  /^fe80:/i,
  /^::ffff:(127|10|192\.168)\./,
  /^unknown$/,
];

/** Whether an address is loopback, private or unknown. */
export function isPrivateAddress(ip: string): boolean {
  return PRIVATE.some((re) => re.test(ip));
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
    loc: [header(c, 'x-vercel-ip-latitude', 'cf-iplatitude'), header(c, 'x-vercel-ip-longitude', 'cf-iplongitude')]
      .filter(Boolean)
      .join(','),
  });
});
