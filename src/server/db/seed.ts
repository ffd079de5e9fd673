/** Demo data that looks like the real Dakar shop: catalogue, images, packs, company and demo accounts. */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { renderAll, storeImages } from './images.ts';
import { userAddresses } from './schema-accounts.ts';
import { companies, packLines, packs, users } from './schema.ts';
import { DEMO_ACCOUNTS, DEMO_COMPANY, DEMO_PACKS, INTERNAL_CATEGORIES, TAGS, VISIBLE_CATEGORIES } from './seed-data.ts';
import { demoProducts, roundPrice, type SeedProduct } from './seed-products.ts';
import { ensureNames, hasProducts, insertProducts } from './seed-write.ts';
import { demoDocuments, seedCreditDemo } from './seed-credit.ts';

export { DEMO_ACCOUNTS } from './seed-data.ts';
export { seedLarge } from './seed-large.ts';

/** What a seed did; all counts are 0 when it found products and left the database alone. */
export interface SeedReport {
  seeded: boolean;
  categories: number;
  tags: number;
  products: number;
  packs: number;
  users: number;
  /** The credit demo (§6): the customer's pending membership request, the member's credit orders. */
  membershipRequests: number;
  creditOrders: number;
  ms: number;
}

// Any constant: it only has to be the same for every instance that may seed at once.
const SEED_LOCK = 7_325_002;

/** The price a pack line is sold at: the shopper's price less the pack discount, rounded down to the shop's step. */
function packPrice(p: SeedProduct, discount: number): number {
  const shopper = p.enPromo && p.promoPrice !== null ? p.promoPrice : p.listPrice;
  return Math.min(shopper, roundPrice(shopper * (1 - discount), 'down'));
}

/** Seeds the demo shop in one transaction, unless products already exist (then returns `seeded: false`). */
export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<SeedReport> {
  const started = performance.now();
  const none: SeedReport = {
    seeded: false,
    categories: 0,
    tags: 0,
    products: 0,
    packs: 0,
    users: 0,
    membershipRequests: 0,
    creditOrders: 0,
    ms: 0,
  };
  if (await hasProducts(db)) return { ...none, ms: Math.round(performance.now() - started) };
  const now = opts.now ?? new Date();
  const rows = demoProducts(now);
  // Images, password hashes and documents are slow; they are made before the transaction so it stays short.
  const [images, hashes, docs] = await Promise.all([
    renderAll(rows, (p) => ({ name: p.name, category: p.category, seed: p.imageSeed, brand: p.brand })),
    Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password))),
    demoDocuments(),
  ]);
  const report = await db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL: the second waits, then sees the products and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasProducts(tx)) return none;
    const ids = await ensureNames(tx, [...VISIBLE_CATEGORIES, ...INTERNAL_CATEGORIES], TAGS);
    const productIds = await insertProducts(
      tx,
      rows,
      images.map((i) => i.version),
      ids,
    );
    await storeImages(tx, images);
    const byName = new Map(rows.map((p, i) => [p.name, { row: p, id: productIds[i]! }]));
    for (const pack of DEMO_PACKS) {
      const [created] = await tx
        .insert(packs)
        .values({ code: pack.code, name: pack.name })
        .onConflictDoNothing()
        .returning({ id: packs.id });
      if (!created) continue;
      await tx.insert(packLines).values(
        pack.lines.map((l) => {
          const product = byName.get(l.product);
          if (!product) throw new Error(`Pack ${pack.code} : produit inconnu « ${l.product} ».`);
          return { packId: created.id, productId: product.id, quantity: l.quantity, priceUnit: packPrice(product.row, pack.discount) };
        }),
      );
    }
    const usersCreated = await seedAccounts(tx, hashes);
    // A product sold on credit for the member's orders: the first one the demo shop sells at a credit price.
    const onCredit = rows.findIndex((p) => p.saleOk && p.creditorderPrice !== null);
    const credit =
      onCredit >= 0
        ? await seedCreditDemo(tx, docs, { id: productIds[onCredit]!, row: rows[onCredit]! }, now)
        : { requests: 0, orders: [] };
    return {
      seeded: true,
      categories: ids.categories.size,
      tags: ids.tags.size,
      products: productIds.length,
      packs: DEMO_PACKS.length,
      users: usersCreated,
      membershipRequests: credit.requests,
      creditOrders: credit.orders.length,
      ms: 0,
    };
  });
  return { ...report, ms: Math.round(performance.now() - started) };
}

/** Creates the company and the demo accounts that do not exist yet (parents first); returns how many were created. */
async function seedAccounts(tx: Db, hashes: readonly string[]): Promise<number> {
  const [existing] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY)).limit(1);
  const companyId = existing?.id ?? (await tx.insert(companies).values({ name: DEMO_COMPANY }).returning({ id: companies.id }))[0]!.id;
  const idOf = async (email: string) =>
    (await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0]?.id;
  const ordered = DEMO_ACCOUNTS.map((a, i) => ({ a, hash: hashes[i]! })).sort(
    (x, y) => Number(x.a.parentEmail !== null) - Number(y.a.parentEmail !== null),
  );
  let created = 0;
  for (const { a, hash } of ordered) {
    if (await idOf(a.email)) continue;
    const parentId = a.parentEmail ? ((await idOf(a.parentEmail)) ?? null) : null;
    const inserted = await tx
      .insert(users)
      .values({
        name: a.name,
        email: a.email,
        partnerPhone: a.phone,
        adhesion: a.adhesion,
        parentId,
        organisation: a.organisation ?? null,
        companyId,
        role: a.role,
        passwordHash: hash,
        isVerified: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    created += inserted.length;
    if (inserted[0] && a.address)
      await tx
        .insert(userAddresses)
        .values({ userId: inserted[0].id, label: 'Maison', adresse: a.address, telephone: a.phone, isDefault: true });
  }
  return created;
}
