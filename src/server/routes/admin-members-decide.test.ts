import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { DEFAULT_REFUSAL_REASON } from '../../domain/membership.ts';
import { creditApplications } from '../db/schema-credit.ts';
import { users } from '../db/schema.ts';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(testDatabases())('« Clients et adhérents » decides adhesions as the queue does, on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  async function apply(): Promise<number> {
    const form = new FormData();
    form.set('employer', 'Sonatel');
    form.set('income_bracket', '150-300');
    form.set('parent_id', String(t.ids.user.parent));
    form.set('identity', new Blob([PDF]), 'identite.pdf');
    form.set('income', new Blob([PDF]), 'bulletin.pdf');
    const res = await t.app.request('/api/adhesion', { method: 'POST', body: form, headers: { 'Access-Token': customer } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }
  const put = (id: number, body: Record<string, unknown>) => t.json(`/api/admin/users/${id}`, { method: 'PUT', body, token: admin });
  const request = async (id: number) => (await t.database.db.select().from(creditApplications).where(eq(creditApplications.id, id)))[0]!;
  const queue = async () => (await t.json('/api/admin/adhesions?state=sent', { token: admin })).body.requests as { id: number }[];

  it('refusing a member with a pending request refuses the request, with its reason, and tells them', async () => {
    const id = await apply();
    expect((await queue()).map((r) => r.id)).toContain(id);
    t.mail.length = 0;
    const res = await put(t.ids.user.customer, { adhesion: 'refused', reason: 'Justificatif illisible' });
    expect(res).toMatchObject({ status: 200, body: { id: t.ids.user.customer, adhesion: 'refused' } });
    expect(await request(id)).toMatchObject({ state: 'refused', reason: 'Justificatif illisible' });
    expect((await queue()).map((r) => r.id)).not.toContain(id);
    const journal = await t.json(`/api/admin/audit?entity=user&id=${t.ids.user.customer}`, { token: admin });
    expect(journal.body[0]).toMatchObject({ action: 'adhesion-refusee', changes: { demande: id, motif: 'Justificatif illisible' } });
    await vi.waitFor(() =>
      expect(t.mail.map((m) => [m.kind, m.to]).sort()).toEqual([
        ['email', USERS.customer.email],
        ['sms', USERS.customer.phone],
      ]),
    );
    expect(t.mail.find((m) => m.kind === 'sms')!.text).toContain('demande d’adhésion au crédit refusée. Motif : Justificatif illisible');
  });

  it('accepting a member with a pending request accepts it with the parent account they named, and tells them', async () => {
    const id = await apply();
    t.mail.length = 0;
    const res = await put(t.ids.user.customer, { adhesion: 'accepted' });
    expect(res).toMatchObject({ status: 200, body: { adhesion: 'accepted', parent_id: t.ids.user.parent } });
    expect(await request(id)).toMatchObject({ state: 'accepted', parentId: t.ids.user.parent });
    await vi.waitFor(() => expect(t.mail).toHaveLength(2));
    expect(t.mail.find((m) => m.kind === 'sms')!.text).toContain('adhésion au crédit acceptée (compte parent : Mutuelle Test)');
  });

  it('without a request, keeps the admin’s direct change and tells the member the same way', async () => {
    expect(
      await t.database.db
        .select()
        .from(creditApplications)
        .where(and(eq(creditApplications.userId, t.ids.user.customer), eq(creditApplications.state, 'sent'))),
    ).toEqual([]);
    t.mail.length = 0;
    const refused = await put(t.ids.user.customer, { adhesion: 'refused' });
    expect(refused).toMatchObject({ status: 200, body: { adhesion: 'refused' } });
    await vi.waitFor(() => expect(t.mail).toHaveLength(2));
    expect(t.mail.find((m) => m.kind === 'email')!.text).toContain(`Motif : ${DEFAULT_REFUSAL_REASON}`);
    // The same change again tells nobody twice.
    t.mail.length = 0;
    expect((await put(t.ids.user.customer, { adhesion: 'refused' })).status).toBe(200);
    const accepted = await put(t.ids.user.customer, { adhesion: 'accepted', parent_id: t.ids.user.parent });
    expect(accepted).toMatchObject({ status: 200, body: { adhesion: 'accepted', parent_id: t.ids.user.parent } });
    await vi.waitFor(() => expect(t.mail).toHaveLength(2));
    expect(t.mail.find((m) => m.kind === 'sms')!.text).toContain('adhésion au crédit acceptée (compte parent : Mutuelle Test)');
  });

  it('refuses a reason too short in French and writes nothing; a pending request accepted without a parent account is refused as in the queue', async () => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, t.ids.user.customer));
    const bad = await put(t.ids.user.customer, { adhesion: 'refused', reason: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Indiquez le motif du refus.', field: 'reason' } });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, t.ids.user.customer));
    expect(after).toEqual(before);
    // A member may ask again once no longer one.
    expect((await put(t.ids.user.customer, { adhesion: 'refused' })).status).toBe(200);
    const id = await apply();
    const wrong = await put(t.ids.user.customer, { adhesion: 'accepted', parent_id: t.ids.user.member });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'parent_id' } });
    expect(await request(id)).toMatchObject({ state: 'sent' });
  });
});
