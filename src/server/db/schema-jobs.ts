/** Scheduled jobs (hold expiry, payment reconciliation, retention): each run claimed by one instance through its row. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per job: the next time it is due; an instance runs it only by moving that time forward first. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** What the last run did, or why it failed (French, for the operator). */
  lastOutcome: text('last_outcome'),
});
