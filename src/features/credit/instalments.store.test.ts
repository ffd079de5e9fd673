import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { instalmentCheckoutUrl, readInstalments } from './instalments.store.ts';

const [pglite] = testDatabases();

describe('« Mes échéances » from the browser’s side (§6)', () => {
  let t: TestApi;
  let reference: string;
  let accessToken: string | undefined;
  const net = appNetwork(() => t.app, { token: () => accessToken });
  const { client } = net;
  const sessions = () => net.sent.filter((r) => r.url.pathname.endsWith('/session')).map((r) => r.body);

  beforeAll(async () => {
    t = await setupApi(pglite!);
    const { access_token } = await t.login('customer');
    accessToken = access_token;
    await setStock(t, { [t.ids.product.tvLg!]: 0 });
    const placed = await t.json('/api/commandes', {
      method: 'POST',
      token: access_token,
      body: orderBody(t.ids.user.customer, [[t.ids.product.tvLg!, 1]], { type_sale: 'preorder' }),
    });
    reference = placed.body.reference;
  });
  afterAll(() => t.close());

  it('reads the instalments and the providers offered', async () => {
    const view = await readInstalments({ client });
    expect(view.status).toBe('ready');
    if (view.status !== 'ready') return;
    expect(view.providers).toEqual(['wave', 'orange']);
    expect(view.data.instalments.map((r) => [r.label, r.standing, r.payable])).toEqual([
      ['Première tranche (30 %)', 'due', true],
      ['Deuxième tranche (30 %)', 'due', false],
      ['Troisième tranche (40 %)', 'due', false],
    ]);
  });

  it('« Payer » asks for the instalment and the provider chosen, and says in French why it cannot', async () => {
    expect(await instalmentCheckoutUrl(reference, 1, 'orange', { client })).toMatch(/^\/api\/payments\/demo\/demo-om-/);
    expect(sessions().at(-1)).toEqual({ provider: 'orange', tranche: 1 });
    await expect(instalmentCheckoutUrl(reference, 2, 'wave', { client })).rejects.toThrow(
      'Les échéances se paient dans l’ordre : payez d’abord l’échéance 1.',
    );
    await expect(instalmentCheckoutUrl('BQ-NOPE0000', 1, 'wave', { client })).rejects.toThrow('Aucune commande ne porte cette référence.');
  });
});
