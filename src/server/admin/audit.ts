/** The audit log: every admin write says who made it, when, and what it changed. */
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema-admin.ts';

/** What an audit entry is about. */
export type AuditEntity = (typeof auditLog.$inferInsert)['entity'];

/** Each field whose value differs between `before` and `after`, as `[before, after]` (fields absent from `after` are unchanged). */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v !== undefined && JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null)) out[k] = [before[k] ?? null, v ?? null];
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
