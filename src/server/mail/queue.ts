/** The outbox's side that routes see (§7 "Users and authentication"): a message is a committed row once `email()`/`sms()` resolves. */
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema-messages.ts';
import { messages } from '../observe/metrics.ts';
import type { Mailer } from './mailer.ts';

/**
 * A `Mailer` that queues instead of sending: one INSERT per message (committed on its own, whatever the caller does next),
 * then `wake` so that this process's worker (jobs/messages.ts) sends it at once — a one-time code does not wait for a tick.
 */
export function queueMailer(db: Db, now: () => Date, wake: () => void = () => {}): Mailer {
  const enqueue = async (channel: 'email' | 'sms', to: string, subject: string | null, text: string) => {
    const at = now();
    await db.insert(outboxMessages).values({ channel, recipient: to, subject, text, nextAttemptAt: at, createdAt: at });
    messages.inc({ channel, outcome: 'queued' });
    wake();
  };
  return {
    email: (m) => enqueue('email', m.to, m.subject, m.text),
    sms: (m) => enqueue('sms', m.to, null, m.text),
  };
}
