/** The profile's delivery addresses (§2 profile, "Mes adresses"): at most five per user, exactly one default when any exist. */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  type AddressInput,
  type AddressUpdate,
  type DeliveryAddress,
  DEFAULT_STAYS,
  MAX_ADDRESSES,
  TOO_MANY_ADDRESSES,
} from '../../domain/addresses.ts';
import { builtOnce, type Db } from '../db/client.ts';
import { userAddresses } from '../db/schema-accounts.ts';
import { users } from '../db/schema.ts';
import { OrderRefusal } from '../orders/refusal.ts';

type Row = typeof userAddresses.$inferSelect;

/** The French 404 of an address that is not the user's. */
const ADDRESS_NOT_FOUND = { message: 'Adresse introuvable.' };

const shown = (r: Row): DeliveryAddress => ({
  id: r.id,
  label: r.label,
  adresse: r.adresse,
  telephone: r.telephone,
  is_default: r.isDefault,
  created_at: r.createdAt.toISOString(),
});

/** The user's addresses, the default first, then oldest first. */
export async function addressesOf(db: Db, userId: number): Promise<DeliveryAddress[]> {
  const rows = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId)).orderBy(asc(userAddresses.id));
  return rows.map(shown).sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id);
}

// Read for every order placed.
const customerQuery = builtOnce((db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      partnerPhone: users.partnerPhone,
      adhesion: users.adhesion,
      parentId: users.parentId,
      address: { adresse: userAddresses.adresse, telephone: userAddresses.telephone },
    })
    .from(users)
    .leftJoin(userAddresses, and(eq(userAddresses.userId, users.id), eq(userAddresses.isDefault, true)))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(''),
);

/** What an order reads of its customer (§5, §6): who they are, and the address and phone of their default address, if they keep one. */
export async function orderingCustomer(db: Db, userId: number) {
  const [row] = await customerQuery(db).execute({ id: userId });
  return row;
}

// Every write holds the user's row, so two writes of one user never see the same count or default.
const lockUser = (tx: Db, userId: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

const clearDefault = (tx: Db, userId: number, except?: number) =>
  tx
    .update(userAddresses)
    .set({ isDefault: false })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true), except ? ne(userAddresses.id, except) : undefined));

/** Adds an address; the first one, or one asked as default, becomes the default. */
export async function addAddress(db: Db, userId: number, input: AddressInput, now: Date): Promise<DeliveryAddress> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ n }] = (await tx.select({ n: count() }).from(userAddresses).where(eq(userAddresses.userId, userId))) as [{ n: number }];
    if (n >= MAX_ADDRESSES) throw new OrderRefusal(400, TOO_MANY_ADDRESSES);
    const isDefault = n === 0 || input.is_default === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(userAddresses)
      .values({ userId, label: input.label, adresse: input.adresse, telephone: input.telephone, isDefault, createdAt: now })
      .returning();
    return shown(row!);
  });
}

/** Changes an address of the user; making it the default un-sets the former one, and the default cannot merely be un-set. */
export async function updateAddress(db: Db, userId: number, id: number, change: AddressUpdate): Promise<DeliveryAddress> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [row] = await tx
      .select()
      .from(userAddresses)
      .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
    if (!row) throw new OrderRefusal(404, ADDRESS_NOT_FOUND.message);
    if (change.is_default === false && row.isDefault) throw new OrderRefusal(400, DEFAULT_STAYS);
    if (change.is_default === true) await clearDefault(tx, userId, id);
    const [updated] = await tx
      .update(userAddresses)
      .set({
        label: change.label ?? row.label,
        adresse: change.adresse ?? row.adresse,
        telephone: change.telephone ?? row.telephone,
        isDefault: change.is_default === true ? true : row.isDefault,
      })
      .where(eq(userAddresses.id, id))
      .returning();
    return shown(updated!);
  });
}

/** Removes an address of the user; when it was the default, the oldest one left takes its place. */
export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [gone] = await tx
      .delete(userAddresses)
      .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
      .returning();
    if (!gone) throw new OrderRefusal(404, ADDRESS_NOT_FOUND.message);
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.id))
      .limit(1);
    if (next) await tx.update(userAddresses).set({ isDefault: true }).where(eq(userAddresses.id, next.id));
  });
}
