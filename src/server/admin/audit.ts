/** The audit log: every admin write says who made it, when, and what it changed. */
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema-admin.ts';

/** What an audit entry is about. */
export type AuditEntity = (typeof auditLog.$inferInsert)['entity'];

/** Each field whose value differs between `before` and `after`, as `[before, after]` (fields absent from `after` are unchanged). */
export function changesOf(before: object, after: object): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    const was = (before as Record<string, unknown>)[k] ?? null;
    if (v !== undefined && JSON.stringify(was) !== JSON.stringify(v ?? null)) out[k] = [was, v ?? null];
  }
  return out;
}

/** Writes one entry (inside the caller's transaction when given one). */
export async function audit(
  db: Db,
  entry: { userId: number | null; entity: AuditEntity; entityId: number; action: string; changes: Record<string, unknown> },
  at: Date,
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, at });
}
