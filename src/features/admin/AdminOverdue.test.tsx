import { eq } from 'drizzle-orm';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { instalmentReminders } from '../../server/db/schema-credit.ts';
import { orders } from '../../server/db/schema-orders.ts';
import { $overdue, loadOverdue } from './admin.store.ts';
import AdminOverdue from './AdminOverdue.tsx';

const [pglite] = testDatabases();
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/\s+/g, ' ');

describe('the back office’s « Échéances en retard », against the API', () => {
  let t: TestApi;
  let admin: string | undefined;
  const { client } = appNetwork(() => t.app, { token: () => admin });
  let credit: { id: number; reference: string };

  beforeAll(async () => {
    t = await setupApi(pglite!);
    await setStock(t, { [t.ids.product.clim!]: 5 });
    const member = (await t.login('member')).access_token;
    const res = await t.json('/api/commandes', {
      method: 'POST',
      token: member,
      body: orderBody(t.ids.user.member, [[t.ids.product.clim!, 1]], { type_sale: 'creditorder', credit_months: 3 }),
    });
    credit = res.body;
    await t.database.db.insert(instalmentReminders).values({ orderId: credit.id, number: 1, sentOn: '2026-12-06', kind: 'overdue' });
    t.clock.advance(50 * 86_400); // 10 January 2027: two instalments late
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());

  it('shows the totals, the parent account’s share and each instalment with its days late and last reminder', async () => {
    await loadOverdue(1, { client });
    expect($overdue.get().status).toBe('ready');
    const seen = text(renderToString(<AdminOverdue />));
    expect(seen).toContain('2 échéances en retard : 226 666 F CFA');
    expect(seen).toMatch(/Mutuelle Test 2 226 666 F CFA/);
    expect(seen).toContain('Mensualité 1 sur 3 · due le 5 décembre 2026 · 36 jours de retard');
    expect(seen).toContain('Mensualité 2 sur 3 · due le 5 janvier 2027 · 5 jours de retard');
    expect(seen).toContain('Fatou Membre · +221772223344 · Mutuelle Test');
    expect(seen).toContain('Dernier rappel le 6 décembre 2026 (retard)');
    expect(seen).toContain('Aucun rappel envoyé');
    expect(renderToString(<AdminOverdue />)).toContain(`href="/admin/commandes/${credit.id}"`);
  });

  it('says so when nothing is late', async () => {
    await t.database.db.update(orders).set({ state: 'cancel', cancelReason: 'retailer' }).where(eq(orders.id, credit.id));
    await loadOverdue(1, { client });
    expect(text(renderToString(<AdminOverdue />))).toContain('Aucune échéance en retard.');
  });
});
