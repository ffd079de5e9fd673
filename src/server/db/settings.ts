/** Server-wide values made once and shared by every instance through the database. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as z from '../../domain/zod.ts';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

/** Returns the secret stored under `key`, creating it on first use (first writer wins). */
export async function sharedSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

/** The value `key` holds as `schema` reads its JSON; null when there is none, or it no longer decodes. */
export async function readSetting<S extends z.ZodMiniType>(db: Db, key: string, schema: S): Promise<z.infer<S> | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return decodeSetting(row?.value, schema);
}

/** A stored value (none: null) as `schema` reads its JSON; null when it no longer decodes. */
export function decodeSetting<S extends z.ZodMiniType>(value: string | null | undefined, schema: S): z.infer<S> | null {
  if (value == null) return null;
  try {
    const parsed = z.safeParse(schema, JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`, replacing what was there. */
export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insert(settings)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: settings.key, set: { value: json } });
}
