/**
 * §6 credit orders and §4 pre-orders: when an unpaid instalment is reminded. A `before` reminder three days before its due
 * date, an `overdue` one the day after a missed due date; each at most once per instalment, at most one reminder per
 * instalment per day, none for a paid instalment or a cancelled order. Days are Dakar days (UTC), `YYYY-MM-DD`.
 */
import { addDays } from './schedule.ts';

/** Which reminder: before the due date, or after a missed one. */
export type ReminderKind = 'before' | 'overdue';

/** Days before its due date that an instalment is reminded. */
export const REMIND_DAYS_BEFORE = 3;
/** Days after a missed due date during which the overdue reminder may still go, when the job missed the day after. */
export const OVERDUE_CATCH_UP_DAYS = 3;
/** Reminders go from this hour of the Dakar day (UTC) on, never at night. */
export const REMIND_FROM_HOUR = 8;

/** What the rule reads of an instalment and its order. */
export interface RemindedInstalment {
  state: 'due' | 'paid';
  due_on: string | null;
  /** Whether its order is cancelled. */
  cancelled: boolean;
  /** The day its order was placed: an instalment due sooner than the reminder's day was given with the confirmation. */
  placed_on: string;
}

/** A reminder already sent for the instalment. */
export interface SentReminder {
  kind: ReminderKind;
  sent_on: string;
}

/** The days whose instalments may get a reminder on `today`: due from `from` to `to`, both included (the job's query). */
export function reminderWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -OVERDUE_CATCH_UP_DAYS), to: addDays(today, REMIND_DAYS_BEFORE) };
}

/**
 * The reminder due for `i` on `today`, or null. `before` from three days ahead up to the due day itself (a missed day is
 * caught up, once); `overdue` from the day after a missed due date for {@link OVERDUE_CATCH_UP_DAYS} days, once.
 */
export function reminderDue(i: RemindedInstalment, sent: readonly SentReminder[], today: string): ReminderKind | null {
  if (i.state === 'paid' || i.cancelled || !i.due_on) return null;
  if (sent.some((s) => s.sent_on === today)) return null;
  const has = (kind: ReminderKind) => sent.some((s) => s.kind === kind);
  const remindOn = addDays(i.due_on, -REMIND_DAYS_BEFORE);
  if (today >= remindOn && today <= i.due_on) {
    return i.placed_on <= remindOn && !has('before') ? 'before' : null;
  }
  if (today > i.due_on && today <= addDays(i.due_on, OVERDUE_CATCH_UP_DAYS)) return has('overdue') ? null : 'overdue';
  return null;
}

/** Whether reminders may go at `now` (from {@link REMIND_FROM_HOUR} in Dakar). */
export const remindHour = (now: Date): boolean => now.getUTCHours() >= REMIND_FROM_HOUR;

/** Whole days between a due date and `today` (positive when late). */
export function daysLate(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000);
}
