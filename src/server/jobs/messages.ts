/**
 * The outbox worker (§7 "Users and authentication": codes, confirmations, notices): sends the queued messages through
 * their channel, tries a refused one again with growing waits (domain/message-retry.ts) and gives it up after the last.
 * Several instances share the table: a message is claimed by one UPDATE over rows locked `FOR UPDATE SKIP LOCKED`, so
 * no two workers take it at once. Delivery is at least once: a worker that dies between its channel's acceptance and
 * marking the row `sent` leaves it `sending`, and it is sent again once its claim lapses (SENDING_TIMEOUT_MS).
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { MAX_ATTEMPTS, retryDelay, SENDING_TIMEOUT_MS } from '../../domain/message-retry.ts';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema-messages.ts';
import type { Mailer } from '../mail/mailer.ts';
import { grouped } from './grouped.ts';
import { messages } from '../observe/metrics.ts';

/** How many messages one claim takes. */
const BATCH = 20;
/** How often each instance looks for due messages besides being woken (retries, other instances' messages, lapsed claims). */
const TICK_MS = 1000;

type Row = typeof outboxMessages.$inferSelect;

/** What one pass of the worker did (§7 messages). */
export interface Pass {
  sent: number;
  retried: number;
  failed: number;
}

/** §7 messages: claims up to `limit` due messages — queued ones whose time has come, and `sending` ones whose worker's claim lapsed. */
export async function claimDue(db: Db, now: Date, limit = BATCH): Promise<Row[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.state, ['queued', 'sending']), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      state: 'sending',
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + SENDING_TIMEOUT_MS),
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** The channel's refusal as stored and logged: its own words, never the message. */
function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

// The row as this claim took it: its attempts are those the claim counted (it is still the claim's while also `sending`).
const claimed = (row: Row) => and(eq(outboxMessages.id, row.id), eq(outboxMessages.attempts, row.attempts));

/** Records messages as sent (only those this claim still holds): the text, perhaps a one-time code, is no longer kept. */
async function markSent(db: Db, rows: Row[], at: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ state: 'sent', sentAt: at, text: null, lastError: null })
    .where(and(eq(outboxMessages.state, 'sending'), or(...rows.map(claimed))));
}

/** Sends one claimed message and records how it went (only while this claim still holds it); `sent` records a success. */
async function deliver(
  db: Db,
  transport: Mailer,
  row: Row,
  now: () => Date,
  log: (line: string) => void,
  sent: (row: Row) => Promise<void>,
): Promise<keyof Pass> {
  const mine = and(claimed(row), eq(outboxMessages.state, 'sending'));
  try {
    if (row.channel === 'email') await transport.email({ to: row.recipient, subject: row.subject ?? '', text: row.text ?? '' });
    else await transport.sms({ to: row.recipient, text: row.text ?? '' });
  } catch (err) {
    // Drawn per message: a channel that refused a whole batch is not met by the whole batch again at one instant.
    const wait = retryDelay(row.attempts, Math.random());
    const at = now();
    const error = reason(err);
    await db
      .update(outboxMessages)
      .set(
        wait === null
          ? { state: 'failed', lastError: error, nextAttemptAt: at }
          : { state: 'queued', lastError: error, nextAttemptAt: new Date(at.getTime() + wait) },
      )
      .where(mine);
    const outcome = wait === null ? 'failed' : 'retried';
    messages.inc({ channel: row.channel, outcome });
    log(
      `[messages] ${row.channel} n° ${row.id}, essai ${row.attempts}/${MAX_ATTEMPTS} refusé (${error})${wait === null ? ' : abandonné' : ` : nouvel essai dans ${Math.round(wait / 1000)} s`}`,
    );
    return outcome;
  }
  await sent(row);
  messages.inc({ channel: row.channel, outcome: 'sent' });
  return 'sent';
}

/** §7 messages: claims and sends due messages until none is left; what it did. */
export async function sendDue(db: Db, transport: Mailer, now: () => Date, log: (line: string) => void, batch = BATCH): Promise<Pass> {
  const pass: Pass = { sent: 0, retried: 0, failed: 0 };
  // The messages of a pass sent in one turn of the event loop, or while others are being recorded, are recorded together.
  const sent = grouped((rows: Row[]) => markSent(db, rows, now()));
  for (;;) {
    const rows = await claimDue(db, now(), batch);
    if (rows.length === 0) return pass;
    for (const outcome of await Promise.all(rows.map((row) => deliver(db, transport, row, now, log, sent)))) pass[outcome]++;
  }
}

/** A running outbox worker (§7 messages). */
export interface MessageWorker {
  /** Looks for due messages now (the queue mailer calls it after each insert). */
  wake: () => void;
  /** Stops looking; resolves once the pass under way has finished. */
  stop: () => Promise<void>;
}

/** §7 messages: starts a worker sending through `transport`: a pass now, at each `wake`, and every `tickMs`, never two at once; it does not keep the process alive. */
export function startMessageWorker(
  db: Db,
  transport: Mailer,
  now: () => Date,
  log: (line: string) => void,
  tickMs = TICK_MS,
): MessageWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      // A message queued during a pass may have been missed by its claim: one more pass after it.
      again = true;
      return;
    }
    again = false;
    running = sendDue(db, transport, now, log)
      .then(
        () => {},
        (err: unknown) => log(`[messages] envoi interrompu : ${reason(err)}`),
      )
      .finally(() => {
        running = null;
        if (again) run();
      });
  };
  run();
  const timer = setInterval(run, tickMs);
  timer.unref();
  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
