import { describe, expect, it } from 'vitest';
import { createApi } from '../../lib/api.ts';
import { packByCode } from './server-data.ts';

const pack = {
  name: 'Pack Studio',
  sommeTotal: 121500,
  produits: [{ id: 1, name: 'Réfrigérateur', quantity: 1, price_unit: 121500, image: null }],
};
const client = (answer: () => Promise<Response>) =>
  createApi({ baseURL: 'http://shop.test', fetch: answer as typeof fetch, log: () => {} });
const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('packByCode (§2 pack cart, drawn by the server)', () => {
  it('gives the pack with products', async () => {
    expect(await packByCode(client(json(200, pack)), 'PACK-STUDIO')).toEqual({ status: 'ready', code: 'PACK-STUDIO', pack });
  });

  it('gives none, for good, for an unknown code or a pack without products', async () => {
    expect(await packByCode(client(json(404, { message: 'Pack introuvable.' })), 'PACK-X')).toEqual({
      status: 'missing',
      code: 'PACK-X',
      offline: false,
    });
    expect(await packByCode(client(json(200, { ...pack, produits: [] })), 'PACK-VIDE')).toEqual({
      status: 'missing',
      code: 'PACK-VIDE',
      offline: false,
    });
  });

  it('gives none worth another try when the API did not answer', async () => {
    const down = client(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await packByCode(down, 'PACK-STUDIO')).toEqual({ status: 'missing', code: 'PACK-STUDIO', offline: true });
  });
});
