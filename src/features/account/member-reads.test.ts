import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryFirstView, orderFirstView, profileFirstView } from './member-reads.ts';

const TOKEN = 'jeton.du.membre';
const order = {
  id: 5,
  reference: 'BQ-ABCDEFGH',
  partner_id: 7,
  type_sale: 'order',
  type_order: null,
  payment_mode: 'domicile',
  payment_status: 'unpaid',
  state: 'sale',
  amount_total: 12000,
  welcome_reduction: 0,
  commitment_date: '2026-11-20T10:00:00.000Z',
  date_order: '2026-11-20T10:00:00.000Z',
  dates: { confirmed: null, shipped: null, delivered: null, cancelled: null },
  hold_until: '2026-11-23T10:00:00.000Z',
  cancel_reason: null,
  name: 'Fatou',
  email: null,
  telephone: null,
  adresse: 'Dakar',
  order_lines: [{ product_id: 1, name: 'Fer à repasser', quantity: 1, price_unit: 12000, price_subtotal: 12000, image: null }],
  tranches: [],
};
const compte = {
  id: 7,
  name: 'Fatou',
  email: 'f@t.sn',
  partner_phone: null,
  adhesion: 'accepted',
  parent_id: 3,
  is_verified: true,
  avatar: null,
  pending: {},
  company: null,
  parent: { id: 3, name: 'Garant' },
  user_info: { id: 7, name: 'Fatou', partner_phone: null, email: 'f@t.sn', adhesion: 'accepted', parent_id: 3 },
  user_context: { lang: 'fr_FR', tz: 'Africa/Dakar', uid: 7 },
};

const addresses = [
  {
    id: 2,
    label: 'Bureau',
    adresse: 'Plateau, Dakar',
    telephone: '221780000001',
    is_default: true,
    created_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 1,
    label: 'Maison',
    adresse: 'Mermoz, Dakar',
    telephone: '221771234567',
    is_default: false,
    created_at: '2026-11-19T10:00:00.000Z',
  },
];

// A stand-in API: member 7's profile, orders and order 5, for the token TOKEN only; 'panne' answers 500.
const seen: Array<{ path: string; token: string | undefined }> = [];
let server: Server;
let logged: ReturnType<typeof vi.spyOn>;
beforeAll(async () => {
  server = createServer((req, res) => {
    const token = req.headers['access-token'] as string | undefined;
    seen.push({ path: req.url ?? '', token });
    const send = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (token === 'panne') return send(500, { message: 'Panne' });
    if (token !== TOKEN) return send(401, { message: 'Authentification requise' });
    if (req.url === '/api/users/7/compte') return send(200, compte);
    if (req.url === '/api/commandes/7') return send(200, [order]);
    if (req.url === '/api/users/7/adresses') return send(200, addresses);
    if (req.url === '/api/getcommande/5') return send(200, order);
    return send(404, { message: 'Commande introuvable.' });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  vi.stubEnv('INTERNAL_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => {
  vi.unstubAllEnvs();
  server.close();
});
beforeEach(() => {
  seen.length = 0;
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** Astro's cookies as the pages hand them over. */
const cookies = (values: Record<string, string>) =>
  ({ cookies: { get: (name: string) => (name in values ? { value: values[name]! } : undefined) } }) as never;
const member = (token?: string) => cookies({ ...(token ? { token_prod: token } : {}), user_info_prod: JSON.stringify(compte.user_info) });

describe('the server reads of a member’s screens', () => {
  it('read the profile and the orders with the token cookie, sent as Access-Token', async () => {
    const first = await profileFirstView(member(TOKEN));
    expect(first?.profile).toMatchObject({ name: 'Fatou', parent: { name: 'Garant' }, pending: {} });
    expect(first?.session?.user_context.uid).toBe(7);
    expect(first?.orders.map((o) => o.reference)).toEqual(['BQ-ABCDEFGH']);
    expect(first?.addresses).toEqual(addresses);
    expect(await deliveryFirstView(member(TOKEN), '221770000000')).toEqual({ adresse: 'Plateau, Dakar', telephone: '221780000001' });
    expect(await deliveryFirstView(member(), '221770000000')).toEqual({ adresse: '', telephone: '221770000000' });
    expect(seen.every((r) => r.token === TOKEN)).toBe(true);
    // An answer without the credit field (a back end before credit orders) reads as no credit.
    expect(await orderFirstView(member(TOKEN), 5)).toEqual({ status: 'ready', order: { ...order, credit: null } });
  });

  it('give up (the island then reads in the browser) without a token, with a refused one, or when the API fails', async () => {
    expect(await profileFirstView(member())).toBeNull();
    expect(await orderFirstView(member(), 5)).toBeNull();
    expect(seen).toEqual([]);
    expect(await profileFirstView(member('perime'))).toBeNull();
    expect(await orderFirstView(member('perime'), 5)).toBeNull();
    // A refused token is an answer, not a failure worth a log line; a broken API is logged (§8).
    expect(logged).not.toHaveBeenCalled();
    expect(await orderFirstView(member('panne'), 5)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Erreur lors de la récupération de la commande', expect.anything());
    expect(await profileFirstView(cookies({ token_prod: TOKEN }))).toBeNull();
  });

  it('draw an order the API does not give this member (404) as missing, and ask nothing for an id that names no order', async () => {
    expect(await orderFirstView(member(TOKEN), 6)).toEqual({ status: 'missing' });
    expect(logged).not.toHaveBeenCalled();
    seen.length = 0;
    expect(await orderFirstView(member(TOKEN), 0)).toEqual({ status: 'missing' });
    expect(seen).toEqual([]);
  });
});
