/** The outbox's side that routes see (§7 "Users and authentication"): a message is a committed row once `email()`/`sms()` resolves. */
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema-messages.ts';
import { messages } from '../observe/metrics.ts';
import type { Mailer } from './mailer.ts';

type Queued = { row: typeof outboxMessages.$inferInsert; resolve: () => void; reject: (err: unknown) => void };

/**
 * A `Mailer` that queues instead of sending: an INSERT per turn of the event loop (committed on its own, whatever the
 * caller does next), then `wake` so that this process's worker (jobs/messages.ts) sends it at once — a one-time code
 * does not wait for a tick. Messages asked for in the same turn, such as an order's e-mail and SMS, share that INSERT.
 */
export function queueMailer(db: Db, now: () => Date, wake: () => void = () => {}): Mailer {
  let turn: Queued[] | null = null;
  const write = async (queued: Queued[]) => {
    try {
      await db.insert(outboxMessages).values(queued.map((q) => q.row));
    } catch (err) {
      for (const q of queued) q.reject(err);
      return;
    }
    for (const q of queued) {
      messages.inc({ channel: q.row.channel, outcome: 'queued' });
      q.resolve();
    }
    wake();
  };
  const enqueue = (channel: 'email' | 'sms', to: string, subject: string | null, text: string) =>
    new Promise<void>((resolve, reject) => {
      const at = now();
      if (!turn) {
        turn = [];
        queueMicrotask(() => {
          const queued = turn!;
          turn = null;
          void write(queued);
        });
      }
      turn.push({ row: { channel, recipient: to, subject, text, nextAttemptAt: at, createdAt: at }, resolve, reject });
    });
  return {
    email: (m) => enqueue('email', m.to, m.subject, m.text),
    sms: (m) => enqueue('sms', m.to, null, m.text),
  };
}
