import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody } from '../../../tests/fixtures/orders.ts';
import { MAX_DOCUMENT_BYTES } from '../../domain/membership.ts';
import { creditApplications, creditDocuments } from '../db/schema-credit.ts';
import { users } from '../db/schema.ts';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(testDatabases())('membership requests on $name', (kind) => {
  let t: TestApi;
  let customer: string;
  let admin: string;
  let member: string;
  let photo: Uint8Array;
  let requestId: number;
  let docIds: number[];

  beforeAll(async () => {
    t = await setupApi(kind);
    customer = (await t.login('customer')).access_token;
    admin = (await t.login('admin')).access_token;
    member = (await t.login('member')).access_token;
    // A phone photo taken sideways: 3000 × 1000 px, which the shop brings down to 2000 px on its long side.
    photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const fields = (over: Record<string, string | undefined> = {}) => ({
    employer: 'Sonatel',
    income_bracket: '150-300',
    parent_id: String(t.ids.user.parent),
    ...over,
  });
  /** Sends a request as `token`: the text fields, then each document (null leaves it out). */
  async function apply(
    token: string | undefined,
    over: Record<string, string | undefined> = {},
    docs: { identity?: Uint8Array | null; income?: Uint8Array | null } = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields(over))) if (v !== undefined) form.set(k, v);
    const identity = docs.identity === undefined ? photo : docs.identity;
    const income = docs.income === undefined ? PDF : docs.income;
    if (identity) form.set('identity', new Blob([identity as Uint8Array<ArrayBuffer>]), 'Carte identité.png');
    if (income) form.set('income', new Blob([income as Uint8Array<ArrayBuffer>]), 'bulletin.pdf');
    const res = await t.app.request('/api/adhesion', { method: 'POST', body: form, headers: token ? { 'Access-Token': token } : {} });
    return { status: res.status, body: await res.json() };
  }
  const rows = async () => ({
    requests: (await t.database.db.select({ n: count() }).from(creditApplications))[0]!.n,
    documents: (await t.database.db.select({ n: count() }).from(creditDocuments))[0]!.n,
  });

  it('lists the parent accounts to choose from, without their contacts', async () => {
    const res = await t.json('/api/adhesion/organisations', { token: customer });
    expect(res).toMatchObject({ status: 200, body: [{ id: t.ids.user.parent, organisation: 'Mutuelle Test' }] });
    expect(Object.keys(res.body[0])).toEqual(['id', 'organisation']);
    expect((await t.json('/api/adhesion/organisations')).status).toBe(401);
  });

  it.each([
    ['no employer', { employer: undefined }, {}, 'employer', 'Indiquez votre employeur ou votre organisation.'],
    ['an unknown bracket', { income_bracket: 'beaucoup' }, {}, 'income_bracket', 'Choisissez votre tranche de revenu mensuel.'],
    ['no parent', { parent_id: undefined }, {}, 'parent_id', 'Choisissez le compte parent (votre employeur, mutuelle ou association).'],
    [
      'a parent that is no organisation',
      { parent_id: 'customer' },
      {},
      'parent_id',
      'Ce compte parent n’existe pas : choisissez-en un dans la liste.',
    ],
    ['no identity document', {}, { identity: null }, 'identity', 'Joignez votre pièce d’identité (photo ou PDF).'],
    [
      'a text file as proof of income',
      {},
      { income: new TextEncoder().encode('bonjour') },
      'income',
      'Le fichier « Justificatif de revenu » doit être une photo JPEG, PNG ou WebP, ou un PDF.',
    ],
    [
      'a broken JPEG',
      {},
      { identity: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
      'identity',
      'Le fichier « Pièce d’identité » doit être une photo JPEG, PNG ou WebP, ou un PDF.',
    ],
    [
      'a document over 8 MB',
      {},
      { income: new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x25) },
      'income',
      'Le fichier « Justificatif de revenu » dépasse 8 Mo.',
    ],
  ] as const)('refuses %s with a French 400 and writes nothing', async (_, over, docs, field, message) => {
    const before = await rows();
    const o: Record<string, string | undefined> = { ...over };
    if (o.parent_id === 'customer') o.parent_id = String(t.ids.user.customer);
    expect(await apply(customer, o, docs)).toEqual({ status: 400, body: { message, field } });
    expect(await rows()).toEqual(before);
  });

  it('answers 413 past the body cap, 401 without a token, 403 to an unverified account', async () => {
    const huge = await t.app.request('/api/adhesion', {
      method: 'POST',
      headers: { 'Access-Token': customer, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: new Uint8Array(2 * MAX_DOCUMENT_BYTES + 512 * 1024),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/^L’envoi dépasse 8 Mo par document/);
    expect((await apply(undefined)).status).toBe(401);
    const unverified = (await t.login('unverified')).access_token;
    expect(await apply(unverified)).toEqual({
      status: 403,
      body: { message: 'Vérifiez votre compte avant de demander l’adhésion au crédit.' },
    });
  });

  it('takes a request with its two documents, re-encodes the photo, keeps the PDF, and acknowledges it', async () => {
    t.mail.length = 0;
    const res = await apply(customer);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: 'sent',
      employer: 'Sonatel',
      income_bracket: '150-300',
      parent: { id: t.ids.user.parent, organisation: 'Mutuelle Test' },
      reason: null,
      decided_at: null,
    });
    expect(res.body.documents.map((d: { kind: string; mime: string; file_name: string }) => [d.kind, d.mime, d.file_name])).toEqual([
      ['identity', 'image/jpeg', 'carte-identite.jpg'],
      ['income', 'application/pdf', 'bulletin.pdf'],
    ]);
    requestId = res.body.id;
    docIds = res.body.documents.map((d: { id: number }) => d.id);
    const [me] = await t.database.db.select({ adhesion: users.adhesion }).from(users).where(eq(users.id, t.ids.user.customer));
    expect(me!.adhesion).toBe('pending');
    expect((await t.json('/api/adhesion', { token: customer })).body.request).toEqual(res.body);
    await vi.waitFor(() =>
      expect(t.mail.map((m) => [m.kind, m.to])).toEqual(
        expect.arrayContaining([
          ['email', USERS.customer.email],
          ['sms', USERS.customer.phone],
        ]),
      ),
    );
    expect(t.mail.find((m) => m.kind === 'sms')!.text).toContain('demande d’adhésion au crédit reçue');
  });

  it('refuses a second request while one is pending', async () => {
    expect(await apply(customer)).toEqual({ status: 409, body: { message: 'Votre demande d’adhésion est déjà en cours d’examen.' } });
  });

  it('serves a document to its owner and to admins only', async () => {
    const [photoId, pdfId] = docIds;
    const own = await t.app.request(`/api/adhesion/documents/${photoId}`, { headers: { 'Access-Token': customer } });
    expect(own.status).toBe(200);
    expect(
      Object.fromEntries(
        ['content-type', 'cache-control', 'content-disposition', 'x-content-type-options'].map((h) => [h, own.headers.get(h)]),
      ),
    ).toEqual({
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
      'content-disposition': 'inline; filename="carte-identite.jpg"',
      'x-content-type-options': 'nosniff',
    });
    const meta = await sharp(new Uint8Array(await own.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2000, 667]);
    const byAdmin = await t.app.request(`/api/adhesion/documents/${pdfId}`, { headers: { 'Access-Token': admin } });
    expect(byAdmin.status).toBe(200);
    expect(new Uint8Array(await byAdmin.arrayBuffer())).toEqual(PDF);
    expect(await t.json(`/api/adhesion/documents/${pdfId}`, { token: member })).toMatchObject({
      status: 404,
      body: { message: 'Document introuvable.' },
    });
    expect((await t.json(`/api/adhesion/documents/${pdfId}`)).status).toBe(401);
    expect((await t.json('/api/adhesion/documents/999999', { token: admin })).status).toBe(404);
  });

  it('lists the queue to admins only, oldest first, with the applicant', async () => {
    const queue = await t.json('/api/admin/adhesions?state=sent', { token: admin });
    expect(queue.status).toBe(200);
    expect(queue.body.total).toBe(1);
    expect(queue.body.requests[0]).toMatchObject({
      id: requestId,
      applicant: { id: t.ids.user.customer, name: 'Moussa Client', email: USERS.customer.email, partner_phone: USERS.customer.phone },
    });
    expect((await t.json('/api/admin/adhesions?state=peut-etre', { token: admin })).status).toBe(400);
    expect((await t.json('/api/admin/adhesions', { token: customer })).status).toBe(403);
    expect((await t.json(`/api/admin/adhesions/${requestId}/accepter`, { method: 'POST', body: {}, token: customer })).status).toBe(403);
    expect(
      (await t.json(`/api/admin/adhesions/${requestId}/refuser`, { method: 'POST', body: { reason: 'Non' }, token: member })).status,
    ).toBe(403);
  });

  it('accepts a request once: the member gets the parent account, a notice, and may order on credit', async () => {
    const wrong = await t.json(`/api/admin/adhesions/${requestId}/accepter`, {
      method: 'POST',
      body: { parent_id: t.ids.user.member },
      token: admin,
    });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'parent_id' } });
    t.mail.length = 0;
    const ok = await t.json(`/api/admin/adhesions/${requestId}/accepter`, { method: 'POST', body: {}, token: admin });
    expect(ok).toMatchObject({ status: 200, body: { id: requestId, state: 'accepted' } });
    const [me] = await t.database.db.select().from(users).where(eq(users.id, t.ids.user.customer));
    expect([me!.adhesion, me!.parentId]).toEqual(['accepted', t.ids.user.parent]);
    const again = await t.json(`/api/admin/adhesions/${requestId}/refuser`, {
      method: 'POST',
      body: { reason: 'Trop tard' },
      token: admin,
    });
    expect(again).toEqual(expect.objectContaining({ status: 409, body: { message: 'Cette demande d’adhésion a déjà été traitée.' } }));
    const journal = await t.json(`/api/admin/audit?entity=user&id=${t.ids.user.customer}`, { token: admin });
    expect(journal.body[0]).toMatchObject({
      action: 'adhesion-acceptee',
      changes: { demande: requestId, adhesion: ['pending', 'accepted'] },
    });
    await vi.waitFor(() => expect(t.mail).toHaveLength(2));
    expect(t.mail.find((m) => m.kind === 'sms')!.text).toContain('adhésion au crédit acceptée (compte parent : Mutuelle Test)');
    expect((await t.json('/api/adhesion', { token: customer })).body.request).toMatchObject({ state: 'accepted' });
    const order = await t.json('/api/commandes', {
      method: 'POST',
      token: customer,
      body: orderBody(t.ids.user.customer, [[t.ids.product.clim!, 1]], { type_sale: 'creditorder', credit_months: 3 }),
    });
    expect(order.status).toBe(201);
    expect(order.body.credit).toMatchObject({ months: 3 });
  });

  it('refuses with a reason, lets the applicant apply again, and deletes everything with the account', async () => {
    await t.database.db.update(users).set({ isVerified: true }).where(eq(users.id, t.ids.user.unverified));
    const applicant = (await t.login('unverified')).access_token;
    const sent = await apply(applicant, { income_bracket: 'lt150' }, { identity: PDF });
    expect(sent.status).toBe(201);
    const noReason = await t.json(`/api/admin/adhesions/${sent.body.id}/refuser`, { method: 'POST', body: {}, token: admin });
    expect(noReason).toMatchObject({ status: 400, body: { message: 'Indiquez le motif du refus.' } });
    t.mail.length = 0;
    const refused = await t.json(`/api/admin/adhesions/${sent.body.id}/refuser`, {
      method: 'POST',
      body: { reason: 'Justificatif de revenu illisible' },
      token: admin,
    });
    expect(refused).toMatchObject({ status: 200, body: { state: 'refused' } });
    expect((await t.json('/api/adhesion', { token: applicant })).body.request).toMatchObject({
      state: 'refused',
      reason: 'Justificatif de revenu illisible',
    });
    const [me] = await t.database.db.select({ adhesion: users.adhesion }).from(users).where(eq(users.id, t.ids.user.unverified));
    expect(me!.adhesion).toBe('refused');
    await vi.waitFor(() =>
      expect(t.mail.some((m) => m.kind === 'email' && m.text.includes('Motif : Justificatif de revenu illisible'))).toBe(true),
    );
    expect((await apply(applicant)).status).toBe(201);
    expect((await t.json(`/api/admin/adhesions/${sent.body.id}/accepter`, { method: 'POST', body: {}, token: admin })).status).toBe(409);

    const before = await rows();
    expect((await t.json(`/api/users/${t.ids.user.unverified}`, { method: 'DELETE', token: applicant })).status).toBe(200);
    expect(await rows()).toEqual({ requests: before.requests - 2, documents: before.documents - 4 });
  });

  it('takes one of two requests sent at once', async () => {
    // The customer's adhesion is reset (as the members screen may do): they may ask again.
    await t.database.db.update(users).set({ adhesion: null }).where(eq(users.id, t.ids.user.customer));
    const both = await Promise.all([apply(customer), apply(customer)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const queue = await t.json('/api/admin/adhesions?state=sent', { token: admin });
    expect(queue.body.requests.filter((r: { applicant: { id: number } }) => r.applicant.id === t.ids.user.customer)).toHaveLength(1);
  });
});
