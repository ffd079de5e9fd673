/** Credit tables (§6 credit members): membership requests with their documents, and the reminders sent for instalments due. */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './schema-orders.ts';
import { bytea, users, cascadeTo } from './schema.ts';

/** A request to order on credit, made from the profile; decided by an admin, who attaches the parent account on acceptance. */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: serial('id').primaryKey(),
    userId: cascadeTo('user_id', () => users.id),
    employer: text('employer').notNull(),
    /** One of the brackets of src/domain/membership.ts. */
    incomeBracket: text('income_bracket').notNull(),
    /** The parent account the applicant named (a user with an `organisation`). */
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['sent', 'accepted', 'refused'] }).notNull(),
    /** Why it was refused (French, shown to the applicant). */
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('credit_applications_user_idx').on(t.userId, t.createdAt), index('credit_applications_state_idx').on(t.state, t.createdAt)],
);

/** A document of a request (ID or proof of income): a phone photo or a PDF, readable only by its owner and admins. */
export const creditDocuments = pgTable(
  'credit_documents',
  {
    id: serial('id').primaryKey(),
    applicationId: cascadeTo('application_id', () => creditApplications.id),
    kind: text('kind', { enum: ['identity', 'income'] }).notNull(),
    mime: text('mime').notNull(),
    fileName: text('file_name').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('credit_documents_application_idx').on(t.applicationId)],
);

/** A reminder sent for an instalment (src/domain/schedule.ts): at most one per instalment per day, whatever the instance. */
export const instalmentReminders = pgTable(
  'instalment_reminders',
  {
    orderId: cascadeTo('order_id', () => orders.id),
    number: smallint('number').notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    /** `before` (three days before the due date) or `overdue` (the day after a missed one). */
    kind: text('kind', { enum: ['before', 'overdue'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.number, t.sentOn] })],
);
