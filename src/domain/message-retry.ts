/**
 * §7 "Users and authentication" (codes, order confirmations, notices): how a message that its channel refused is tried
 * again, how long a worker holds one, how long the outbox keeps them, and how the back office shows whom it was for.
 */
import * as z from './zod.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** §7 messages: the wait after each failed attempt (1st, 2nd, …); one attempt more than waits, then the message is given up. */
export const RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR] as const;
/** §7 messages: attempts before a message is `failed` for good (about 7 h 13 min after the first, ±20 %). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** §7 messages: how long a worker holds a message it is sending: past that, it is taken to have crashed and another worker sends it. */
export const SENDING_TIMEOUT_MS = 5 * MINUTE;
/** §7 messages: days a sent message's row (channel, recipient, subject; its text is cleared when sent) is kept. */
export const SENT_KEPT_DAYS = 7;
/** §7 messages: days a message failed for good is kept, text included, for the back office to send it again. */
export const FAILED_KEPT_DAYS = 30;

/** §7 messages: how far a wait may stray from its step either way, so messages refused together are not all tried again together. */
export const RETRY_SPREAD = 0.2;

/**
 * §7 messages: the wait before the next attempt after `attempts` failed ones, or null when the message is given up;
 * `draw` (a number in [0, 1), Math.random's) places it within ±RETRY_SPREAD of its step, 0.5 on the step itself.
 */
export function retryDelay(attempts: number, draw = 0.5): number | null {
  if (attempts < 1) return 0;
  if (attempts >= MAX_ATTEMPTS) return null;
  const step = RETRY_DELAYS_MS[attempts - 1]!;
  const within = Math.min(Math.max(draw, 0), 1);
  return Math.round(step * (1 - RETRY_SPREAD + 2 * RETRY_SPREAD * within));
}

/** §6 back office: an address or number partly hidden for lists: `a•••@gmail.com`, `22177•••••33`. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}•••${recipient.slice(at)}`;
  if (recipient.length <= 6) return '•'.repeat(recipient.length);
  return `${recipient.slice(0, 5)}${'•'.repeat(recipient.length - 7)}${recipient.slice(-2)}`;
}

/** §6 back office: a message failed for good, as it is listed (recipient partly hidden). */
export const failedMessageSchema = z.object({
  id: z.int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.nullable(z.string()),
  attempts: z.int(),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  failed_at: z.string(),
});
/** A failed message in the back office's list (§6). */
export type FailedMessageView = z.infer<typeof failedMessageSchema>;
