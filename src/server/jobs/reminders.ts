/**
 * §6 reminders of instalments due (rule: src/domain/reminders.ts), by SMS to the order's telephone and by e-mail where the
 * order or its account has one. Run hourly by the job runner; sends only from the rule's hour of the Dakar day.
 *
 * Claim: insert first. Each reminder's `instalment_reminders` row (PK order, instalment, day) is inserted before sending,
 * ON CONFLICT DO NOTHING, and only the caller whose insert happened sends. Two instances, an overlapping run or a restart
 * on the same day therefore never send the same reminder twice; a crash between the insert and the send loses that one
 * reminder (at most once, never twice), which the overdue list in the back office still shows.
 *
 * Send caps: reminders do not spend the code caps of accounts/limits.ts. Those stop a stranger's requests from flooding a
 * phone with codes; a reminder is never asked for, and counting it would take a member's sign-in or reset code away on a
 * reminder day. Reminders are capped by their own rule instead: at most one per instalment per day, two per instalment ever.
 */
import { and, between, eq, inArray, ne, sql } from 'drizzle-orm';
import { dakarDay, instalmentLabel } from '../../domain/schedule.ts';
import { type ReminderKind, reminderDue, reminderWindow, remindHour, type SentReminder } from '../../domain/reminders.ts';
import type { Db } from '../db/client.ts';
import { instalmentReminders } from '../db/schema-credit.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { users } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { reminderEmail, reminderSms } from '../mail/templates.ts';

/** What the reminder job needs. */
export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  log: (line: string) => void;
}

/** What a run did. */
export interface ReminderRun {
  before: number;
  overdue: number;
  /** Reminders another instance (or an earlier run today) had already claimed. */
  claimedElsewhere: number;
  /** Messages that could not be sent (logged one by one). */
  failed: number;
}

/** The run's line for the log. */
export const reminderLine = (r: ReminderRun): string =>
  `${r.before} rappel(s) avant échéance, ${r.overdue} de retard envoyé(s)` +
  `${r.claimedElsewhere ? `, ${r.claimedElsewhere} déjà pris par une autre instance` : ''}${r.failed ? `, ${r.failed} message(s) en échec` : ''}`;

/**
 * Sends the reminders due at `now`: the unpaid instalments of orders not cancelled, due within the rule's window (the
 * partial index order_tranches_due_idx serves it), each reminded at most once per kind and once per day.
 */
export async function sendReminders(deps: ReminderDeps, now: Date): Promise<ReminderRun | null> {
  if (!remindHour(now)) return null;
  const { db } = deps;
  const today = dakarDay(now);
  const window = reminderWindow(today);
  const candidates = await db
    .select({
      orderId: orderTranches.orderId,
      number: orderTranches.number,
      percent: orderTranches.percent,
      amount: orderTranches.amount,
      dueOn: orderTranches.dueOn,
      reference: orders.reference,
      months: orders.months,
      createdAt: orders.createdAt,
      name: orders.name,
      telephone: sql<string | null>`coalesce(${orders.telephone}, ${users.partnerPhone})`,
      email: sql<string | null>`coalesce(${orders.email}, ${users.email})`,
    })
    .from(orderTranches)
    .innerJoin(orders, eq(orders.id, orderTranches.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderTranches.state, 'due'), between(orderTranches.dueOn, window.from, window.to), ne(orders.state, 'cancel')))
    .orderBy(orderTranches.dueOn, orderTranches.orderId, orderTranches.number);
  const run: ReminderRun = { before: 0, overdue: 0, claimedElsewhere: 0, failed: 0 };
  if (candidates.length === 0) return run;

  const sentRows = await db
    .select({
      orderId: instalmentReminders.orderId,
      number: instalmentReminders.number,
      kind: instalmentReminders.kind,
      sentOn: instalmentReminders.sentOn,
    })
    .from(instalmentReminders)
    .where(inArray(instalmentReminders.orderId, [...new Set(candidates.map((c) => c.orderId))]));
  const sent = new Map<string, SentReminder[]>();
  for (const r of sentRows) {
    const key = `${r.orderId}:${r.number}`;
    sent.set(key, [...(sent.get(key) ?? []), { kind: r.kind, sent_on: r.sentOn }]);
  }

  for (const c of candidates) {
    const kind: ReminderKind | null = reminderDue(
      { state: 'due', due_on: c.dueOn, cancelled: false, placed_on: dakarDay(c.createdAt) },
      sent.get(`${c.orderId}:${c.number}`) ?? [],
      today,
    );
    if (!kind) continue;
    // The claim: whoever inserts today's row for this instalment sends; everyone else does nothing.
    const claimed = await db
      .insert(instalmentReminders)
      .values({ orderId: c.orderId, number: c.number, sentOn: today, kind, createdAt: now })
      .onConflictDoNothing()
      .returning({ orderId: instalmentReminders.orderId });
    if (claimed.length === 0) {
      run.claimedElsewhere++;
      continue;
    }
    run[kind]++;
    const text = {
      kind,
      reference: c.reference,
      name: c.name,
      label: instalmentLabel({ number: c.number, percent: c.percent }, c.months),
      amount: c.amount,
      due_on: c.dueOn!,
    };
    const tries: Array<Promise<void>> = [];
    if (c.telephone) tries.push(deps.mailer.sms({ to: c.telephone, text: reminderSms(text, deps.siteUrl) }));
    if (c.email) tries.push(deps.mailer.email({ to: c.email, ...reminderEmail(text, deps.siteUrl) }));
    for (const r of await Promise.allSettled(tries)) {
      if (r.status === 'rejected') {
        run.failed++;
        deps.log(`[rappels] rappel de ${c.reference} n° ${c.number} non envoyé : ${(r.reason as Error)?.message ?? r.reason}`);
      }
    }
  }
  return run;
}
