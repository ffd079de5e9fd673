import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { HIDDEN_CATEGORIES } from '../../domain/categories.ts';
import { isPreorderable } from '../../domain/preorder.ts';
import { householdCap } from '../../domain/quantity.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Database } from './client.ts';
import { renderProductImage } from './images.ts';
import { categories, images as imageTable, packLines, packs, products, productTags, tags, users } from './schema.ts';
import { DEMO_ACCOUNTS, seedDemo, seedLarge, type SeedReport } from './seed.ts';
import { CATALOGUE } from './seed-catalogue.ts';
import { DEMO_PACKS, INTERNAL_PRODUCTS } from './seed-data.ts';
import { demoProducts } from './seed-products.ts';
import { creditApplications, creditDocuments } from './schema-credit.ts';
import { orders, orderTranches } from './schema-orders.ts';
import { sniffDocument } from '../../domain/membership.ts';
import { instalmentStanding } from '../../domain/schedule.ts';
import { minimalPdf, overdueCreditAge } from './seed-credit.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const isWebp = (b: Uint8Array) =>
  Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP';

describe.each(testDatabases())('seedDemo on $name', (kind) => {
  let database: Database;
  let report: SeedReport;
  const db = () => database.db;
  const allProducts = () =>
    db().select({ p: products, category: categories.name }).from(products).leftJoin(categories, eq(categories.id, products.categoryId));

  beforeAll(async () => {
    database = await kind.open();
    report = await seedDemo(database.db, { now: NOW });
  });
  afterAll(() => database?.close());

  it('reports what it created', () => {
    expect(report).toMatchObject({
      seeded: true,
      products: CATALOGUE.length + INTERNAL_PRODUCTS.length,
      packs: DEMO_PACKS.length,
      users: DEMO_ACCOUNTS.length,
      membershipRequests: 1,
      creditOrders: 2,
    });
  });

  it('gives the demo customer a pending membership request with a small JPEG and a PDF (§6)', async () => {
    const [client] = await db().select().from(users).where(eq(users.email, 'client@boutique.sn'));
    const [garant] = await db().select().from(users).where(eq(users.email, 'garant@boutique.sn'));
    const requests = await db().select().from(creditApplications).where(eq(creditApplications.userId, client!.id));
    expect(requests).toEqual([expect.objectContaining({ state: 'sent', parentId: garant!.id, incomeBracket: '150-300' })]);
    expect(client!.adhesion).toBe('pending');
    const docs = await db().select().from(creditDocuments).where(eq(creditDocuments.applicationId, requests[0]!.id));
    expect(docs.map((d) => [d.kind, d.mime, sniffDocument(new Uint8Array(d.data))])).toEqual([
      ['identity', 'image/jpeg', 'image/jpeg'],
      ['income', 'application/pdf', 'application/pdf'],
    ]);
    const photo = await sharp(Buffer.from(docs[0]!.data)).metadata();
    expect([photo.format, photo.width]).toEqual(['jpeg', 96]);
    expect(docs.every((d) => d.data.length < 5_000)).toBe(true);
  });

  it('gives the demo member a credit order awaiting the parent account and a confirmed one with one paid and one overdue instalment', async () => {
    const [member] = await db().select().from(users).where(eq(users.email, 'membre@boutique.sn'));
    const rows = await db().select().from(orders).where(eq(orders.userId, member!.id)).orderBy(orders.createdAt);
    expect(rows.map((o) => [o.typeSale, o.state, o.parentId, o.months])).toEqual([
      ['creditorder', 'confirmed', member!.parentId, 6],
      ['creditorder', 'sale', member!.parentId, 6],
    ]);
    const [confirmed, waiting] = rows;
    expect(waiting).toMatchObject({ parentApprovedAt: null, parentRefusal: null, cancelReason: null });
    expect(confirmed!.parentApprovedAt).not.toBeNull();
    // Placed months ago, relative to the seed's time.
    expect(NOW.getTime() - confirmed!.createdAt.getTime()).toBeGreaterThanOrEqual(60 * 86_400_000);
    const today = NOW.toISOString().slice(0, 10);
    const tranches = await db().select().from(orderTranches).where(eq(orderTranches.orderId, confirmed!.id)).orderBy(orderTranches.number);
    expect(tranches.map((t) => instalmentStanding({ state: t.state, due_on: t.dueOn }, today))).toEqual([
      'paid',
      'overdue',
      'due',
      'due',
      'due',
      'due',
    ]);
    expect(tranches[0]).toMatchObject({ paidVia: 'payroll' });
    expect(tranches.reduce((a, t) => a + t.amount, 0)).toBe(confirmed!.amountTotal);
    const waited = await db().select().from(orderTranches).where(eq(orderTranches.orderId, waiting!.id));
    expect(waited.every((t) => t.state === 'due' && t.dueOn! > today)).toBe(true);
  });

  it('writes a PDF with a cross-reference table that points at its objects', () => {
    const pdf = new TextDecoder().decode(minimalPdf('Essai (1)'));
    const xref = Number(pdf.match(/startxref\n(\d+)/)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    for (const [, at, n] of pdf.matchAll(/(\d{10}) 00000 n /g).map((m, i) => [m, Number(m[1]), i + 1] as const))
      expect(pdf.slice(at, at + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
    expect(pdf).toContain('(Essai \\(1\\)) Tj');
  });

  it.each(['2026-03-01T10:00:00Z', '2026-01-31T23:00:00Z', '2026-12-28T08:00:00Z'])(
    'places the confirmed demo credit so that exactly one instalment is overdue on %s',
    (at) => {
      const days = overdueCreditAge(300_000, 6, 5, new Date(at));
      expect(days).toBeGreaterThanOrEqual(60);
      expect(days).toBeLessThan(120);
    },
  );

  it('creates at least 60 sale products in at least 10 visible categories, plus the 7 hidden ones', async () => {
    const rows = await allProducts();
    const hidden = new Set<string>(HIDDEN_CATEGORIES);
    const sale = rows.filter((r) => r.p.saleOk);
    expect(sale.length).toBeGreaterThanOrEqual(60);
    expect(sale.every((r) => r.category && !hidden.has(r.category))).toBe(true);
    expect(new Set(sale.map((r) => r.category)).size).toBeGreaterThanOrEqual(10);
    const names = (await db().select({ name: categories.name }).from(categories)).map((c) => c.name);
    for (const internal of HIDDEN_CATEGORIES.filter((n) => n !== 'All')) expect(names).toContain(internal);
    const internalRows = rows.filter((r) => !r.p.saleOk);
    expect(internalRows.map((r) => r.p.name)).toContain('Frais de livraison');
    expect(internalRows.every((r) => hidden.has(r.category ?? ''))).toBe(true);
  });

  it('prices are whole francs on the shop steps, in range, with consistent promo, credit and pre-order prices', async () => {
    const sale = (await allProducts()).filter((r) => r.p.saleOk).map((r) => r.p);
    for (const p of sale) {
      for (const price of [p.listPrice, p.promoPrice, p.preorderPrice, p.creditorderPrice].filter((x) => x !== null)) {
        expect(Number.isInteger(price) && price % 500 === 0, `${p.name}: ${price}`).toBe(true);
        expect(price).toBeGreaterThanOrEqual(5_000);
        expect(price).toBeLessThanOrEqual(3_000_000);
      }
      if (p.enPromo) expect(p.promoPrice!, p.name).toBeLessThan(p.listPrice);
      else expect(p.promoPrice).toBeNull();
      if (p.isCreditorder) expect(p.creditorderPrice!, p.name).toBeGreaterThan(p.listPrice);
      else expect(p.creditorderPrice).toBeNull();
      expect(p.location).toMatch(/^Dakar - /);
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const share = (pred: (p: (typeof sale)[number]) => boolean) => sale.filter(pred).length / sale.length;
    expect(share((p) => p.enPromo)).toBeGreaterThan(0.15);
    // A fifth drawn, plus the seasonal (Ramadan, Tabaski) products, which are all en promo.
    expect(share((p) => p.enPromo)).toBeLessThan(0.3);
    expect(
      demoProducts(NOW)
        .filter((p) => p.tags.some((t) => t === 'Ramadan' || t === 'Tabaski') && !(p.enPromo && p.promoPrice! < p.listPrice))
        .map((p) => p.name),
    ).toEqual([]);
    expect(share((p) => p.preorderPrice !== null)).toBeGreaterThan(0.2);
    // §4 pre-orders are for goods not here yet: every product with a pre-order price is out of stock, so all can be pre-ordered.
    expect(sale.filter((p) => p.preorderPrice !== null && p.quantity > 0).map((p) => p.name)).toEqual([]);
    expect(sale.filter((p) => isPreorderable({ preorder_price: p.preorderPrice, quantity: p.quantity })).length).toBeGreaterThanOrEqual(10);
    expect(share((p) => p.isCreditorder)).toBeGreaterThan(0.2);
    expect(sale.some((p) => p.quantity === 0)).toBe(true);
    expect(new Set(sale.map((p) => p.rang)).size).toBe(sale.length);
  });

  it('matches the deterministic demo list', async () => {
    const expected = demoProducts(NOW);
    expect(demoProducts(NOW)).toEqual(expected);
    const rows = (await db().select().from(products).orderBy(products.id)).map((p) => [p.name, p.listPrice, p.promoPrice, p.date]);
    expect(rows).toEqual(expected.map((p) => [p.name, p.listPrice, p.promoPrice, p.date]));
  });

  it('tags some products (not all) with exactly "Ramadan" and "Tabaski"', async () => {
    const sale = (await db().select({ n: count() }).from(products).where(eq(products.saleOk, true)))[0]!.n;
    for (const name of ['Ramadan', 'Tabaski']) {
      const [row] = await db()
        .select({ n: count() })
        .from(productTags)
        .innerJoin(tags, eq(tags.id, productTags.tagId))
        .where(eq(tags.name, name));
      expect(row!.n, name).toBeGreaterThanOrEqual(3);
      expect(row!.n, name).toBeLessThan(sale);
    }
  });

  it('creates at least 3 packs of 2–4 lines priced at or below the shopper price', async () => {
    const rows = await db()
      .select({ code: packs.code, line: packLines, p: products })
      .from(packs)
      .innerJoin(packLines, eq(packLines.packId, packs.id))
      .innerJoin(products, eq(products.id, packLines.productId));
    const codes = new Set(rows.map((r) => r.code));
    expect(codes.size).toBeGreaterThanOrEqual(3);
    for (const code of ['PACK-RAMADAN', 'PACK-MAISON', 'PACK-TABASKI']) expect(codes).toContain(code);
    for (const code of codes) {
      const lines = rows.filter((r) => r.code === code);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines.length).toBeLessThanOrEqual(4);
      for (const { line, p } of lines) {
        // A pack is sold from stock: none of its products is a pre-order one, and its quantities fit in one order.
        expect(p.preorderPrice, p.name).toBeNull();
        expect(line.quantity).toBeLessThanOrEqual(householdCap);
        expect(Number.isInteger(line.priceUnit)).toBe(true);
        expect(line.priceUnit).toBeLessThanOrEqual(p.enPromo ? p.promoPrice! : p.listPrice);
        expect(line.priceUnit).toBeGreaterThan(0);
      }
    }
  });

  it('gives every product a small 256 px WebP and a 1024 px one', async () => {
    const all = await db().select({ id: products.id, version: products.imageVersion }).from(products);
    const images = await db().select().from(imageTable);
    for (const { id, version } of all) {
      expect(version).toMatch(/^[0-9a-f]{12}$/);
      const small = images.find((i) => i.version === version && i.size === 256);
      const large = images.find((i) => i.version === version && i.size === 1024);
      expect(small && isWebp(small.data), `image 256 of ${id}`).toBe(true);
      expect(large && isWebp(large.data), `image 1024 of ${id}`).toBe(true);
      expect(small!.data.byteLength).toBeLessThan(8_192);
    }
    const [first] = images.filter((i) => i.size === 256);
    expect(await sharp(first!.data).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const [big] = images.filter((i) => i.size === 1024);
    expect(await sharp(big!.data).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 1024 });
  });

  it('creates the demo accounts with their roles, membership, parent and working passwords', async () => {
    const rows = await db().select().from(users);
    const byEmail = new Map(rows.map((u) => [u.email, u]));
    expect(byEmail.get('admin@boutique.sn')?.role).toBe('admin');
    expect(byEmail.get('client@boutique.sn')).toMatchObject({ role: 'customer', parentId: null });
    expect(byEmail.get('client@boutique.sn')?.adhesion).not.toBe('accepted');
    const member = byEmail.get('membre@boutique.sn');
    expect(member).toMatchObject({ role: 'customer', adhesion: 'accepted' });
    expect(member?.parentId).toBe(byEmail.get('garant@boutique.sn')?.id);
    expect(member?.parentId).not.toBeNull();
    for (const a of DEMO_ACCOUNTS) {
      const u = byEmail.get(a.email)!;
      expect(u).toMatchObject({ isVerified: true, role: a.role });
      expect(u.partnerPhone).toMatch(/^2217\d{8}$/);
      expect(u.companyId).toBe(rows[0]!.companyId);
      expect(await verifyPassword(a.password, u.passwordHash), a.email).toBe(true);
      expect(await verifyPassword(`${a.password}x`, u.passwordHash)).toBe(false);
    }
  });

  it('does nothing the second time', async () => {
    const before = (await db().select({ n: count() }).from(products))[0]!.n;
    const again = await seedDemo(db(), { now: NOW });
    expect(again.seeded).toBe(false);
    expect((await db().select({ n: count() }).from(products))[0]!.n).toBe(before);
    expect((await db().select({ n: count() }).from(users))[0]!.n).toBe(DEMO_ACCOUNTS.length);
    expect((await db().select({ n: count() }).from(orders))[0]!.n).toBe(2);
    expect((await db().select({ n: count() }).from(creditApplications))[0]!.n).toBe(1);
    expect((await db().select({ n: count() }).from(creditDocuments))[0]!.n).toBe(2);
  });

  it('seedLarge appends products with shared images and varied flags', async () => {
    const before = (await db().select({ n: count() }).from(products))[0]!.n;
    const added = await seedLarge(db(), 500, { now: NOW });
    expect(added.products).toBe(500);
    const fresh = (await allProducts())
      .slice()
      .sort((a, b) => a.p.id - b.p.id)
      .slice(before)
      .map((r) => ({ ...r.p, category: r.category }));
    expect(fresh).toHaveLength(500);
    expect(new Set(fresh.map((p) => p.category)).size).toBeGreaterThanOrEqual(10);
    expect(fresh.filter((p) => p.enPromo).length).toBeGreaterThan(50);
    expect(fresh.filter((p) => p.isCreditorder).length).toBeGreaterThan(50);
    expect(fresh.filter((p) => p.preorderPrice !== null).length).toBeGreaterThan(50);
    expect(fresh.filter((p) => p.preorderPrice !== null && p.quantity > 0)).toEqual([]);
    for (const p of fresh) {
      for (const price of [p.listPrice, p.promoPrice, p.preorderPrice, p.creditorderPrice].filter((x) => x !== null)) {
        expect(price % 500, p.name).toBe(0);
        expect(price).toBeGreaterThanOrEqual(5_000);
        expect(price).toBeLessThanOrEqual(3_000_000);
      }
      if (p.enPromo) expect(p.promoPrice!).toBeLessThan(p.listPrice);
      if (p.isCreditorder) expect(p.creditorderPrice!).toBeGreaterThan(p.listPrice);
    }
    // Every new product points at a stored rendition; variants share them instead of copying bytes.
    const versions = new Set(fresh.map((p) => p.imageVersion));
    expect(fresh.every((p) => p.imageVersion !== null)).toBe(true);
    expect(versions.size).toBeGreaterThan(10);
    const stored = await db().select({ version: imageTable.version }).from(imageTable).where(eq(imageTable.size, 256));
    const storedSet = new Set(stored.map((s) => s.version));
    for (const v of versions) expect(storedSet.has(v!), `rendition ${v}`).toBe(true);
    expect(stored.length).toBeLessThan(200);
  });
});

describe('renderProductImage', () => {
  it('is deterministic and differs between categories', async () => {
    const a = await renderProductImage({ name: 'Samsung Split', category: 'SPLIT', seed: 3 });
    const b = await renderProductImage({ name: 'Samsung Split', category: 'SPLIT', seed: 3 });
    const c = await renderProductImage({ name: 'Samsung TV', category: 'TELEVISION', seed: 3 });
    expect(a.version).toBe(b.version);
    expect(a.version).not.toBe(c.version);
    expect([...a.renditions.keys()]).toEqual([256, 512, 1024]);
  });
});
