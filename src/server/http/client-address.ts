/** Who is calling: the socket's peer, or the client a trusted proxy names in X-Forwarded-For (`TRUST_PROXY`). */
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** Addresses whose X-Forwarded-For is believed. */
export type TrustedProxies = (address: string) => boolean;

/** No proxy is trusted (the default: a client cannot name itself). */
export const trustNone: TrustedProxies = () => false;

const bare = (ip: string) => ip.trim().replace(/^::ffff:(?=\d)/, '');

/** Reads `TRUST_PROXY`: addresses and CIDR ranges separated by commas or spaces; throws in French on a bad entry. */
export function parseTrustProxy(text: string): TrustedProxies {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return trustNone;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? undefined : Number(bits);
    if (!family || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)))) {
      throw new Error(`TRUST_PROXY : « ${entry} » n’est ni une adresse IP ni une plage CIDR.`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, prefix, type);
  }
  return (ip) => {
    const a = bare(ip);
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
/** This host: the shop's own server renders call the API over loopback, naming the shopper they draw for. */
const isLoopback = (ip: string) => {
  const family = isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * The client of a request from `peer` carrying `forwardedFor`: walking X-Forwarded-For from the right past trusted
 * proxies only; the peer itself when it is not trusted. A loopback peer (this host) is always believed.
 */
export function resolveClient(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const from = bare(peer);
  if (!trusted(from) && !isLoopback(from)) return from;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map(bare)
    .filter((h) => isIP(h) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(hops[i]!)) return hops[i]!;
  return hops[0] ?? from;
}

/** The caller's address (`resolveClient` of the socket's peer and its X-Forwarded-For). */
export function clientAddress(c: Context<AppEnv>): string {
  let peer = 'unknown';
  try {
    peer = bare(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // No Node socket (tests call app.request directly).
  }
  return resolveClient(peer, c.req.header('x-forwarded-for'), c.var.deps?.trustProxy ?? trustNone);
}

/** What per-address limits count under: the IPv4 address, or the /64 network of an IPv6 one (one subscriber holds a whole /64). */
export function addressKey(c: Context<AppEnv>): string {
  const ip = clientAddress(c);
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
