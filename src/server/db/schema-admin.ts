/** Back-office tables: the audit log of every admin write (who, when, what changed). */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** What an audit entry can be about (the journal's `entity`). */
export const auditEntities = ['product', 'category', 'tag', 'pack', 'order', 'user', 'synonym', 'setting', 'message'] as const;

/** One write: its author, the thing it touched, and each changed field as `[before, after]`. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    entity: text('entity', { enum: auditEntities }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at)],
);
