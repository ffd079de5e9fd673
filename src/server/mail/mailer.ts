/** Outgoing messages: e-mail over SMTP, texts through an HTTP SMS gateway, or files in an outbox folder when unconfigured. */
import { messages } from '../observe/metrics.ts';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

/** An e-mail to send (§7 codes, confirmations). */
export interface Email {
  to: string;
  subject: string;
  text: string;
}
/** A text message to send (§7 codes); `to` is a normalised 221… number. */
export interface Sms {
  to: string;
  text: string;
}

/** What routes send messages through. */
export interface Mailer {
  email(message: Email): Promise<void>;
  sms(message: Sms): Promise<void>;
}

/** Mailer settings (see env.ts). */
export interface MailerConfig {
  smtpUrl?: string | undefined;
  from: string;
  smsGatewayUrl?: string | undefined;
  smsGatewayKey?: string | undefined;
  outboxDir: string;
  fetch?: typeof globalThis.fetch;
}

let seq = 0;
/** Writes each message as a JSON file (kind, to, subject, text, at) that developers and tests read. */
function outboxWriter(dir: string) {
  // The folder is made once, and again should someone remove it while the shop runs.
  let made: Promise<unknown> | null = null;
  const folder = () =>
    (made ??= mkdir(dir, { recursive: true }).catch((err: unknown) => {
      made = null;
      throw err;
    }));
  return async (kind: 'email' | 'sms', message: Email | Sms): Promise<void> => {
    await folder();
    const at = new Date().toISOString();
    const name = `${at.replace(/[:.]/g, '-')}-${String(++seq).padStart(4, '0')}-${kind}-${message.to.replace(/[^\w@.-]/g, '_')}.json`;
    // Written aside then renamed: whoever lists the folder never reads half a message.
    const partial = join(dir, `.${name}.part`);
    const body = JSON.stringify({ kind, ...message, at }, null, 2);
    try {
      await writeFile(partial, body, { mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      made = null;
      await folder();
      await writeFile(partial, body, { mode: 0o600 });
    }
    await rename(partial, join(dir, name));
  };
}

/** The shop's mailer: each channel is real when configured and falls back to the outbox otherwise; each message counted. */
export function createMailer(cfg: MailerConfig): Mailer {
  return counted(messageTransport(cfg));
}

/**
 * The channels themselves, uncounted (the outbox worker, jobs/messages.ts, counts its own outcomes): SMTP when
 * `smtpUrl`, the SMS gateway when `smsGatewayUrl`, else files in `outboxDir`. A refused message rejects.
 */
export function messageTransport(cfg: MailerConfig): Mailer {
  const outbox = outboxWriter(cfg.outboxDir);
  const smtp = cfg.smtpUrl ? createTransport(cfg.smtpUrl) : null;
  const doFetch = cfg.fetch ?? globalThis.fetch;
  return {
    async email(m) {
      if (!smtp) return outbox('email', m);
      await smtp.sendMail({ from: cfg.from, to: m.to, subject: m.subject, text: m.text });
    },
    async sms(m) {
      if (!cfg.smsGatewayUrl) return outbox('sms', m);
      const res = await doFetch(cfg.smsGatewayUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(cfg.smsGatewayKey ? { Authorization: `Bearer ${cfg.smsGatewayKey}` } : {}) },
        body: JSON.stringify({ to: `+${m.to}`, text: m.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`Passerelle SMS : réponse ${res.status}`);
    },
  };
}

/** `mailer`, each message counted `sent` or `failed` by channel (observe/metrics.ts). */
function counted(mailer: Mailer): Mailer {
  const track =
    <M>(channel: 'email' | 'sms', send: (m: M) => Promise<void>) =>
    async (m: M) => {
      try {
        await send(m);
        messages.inc({ channel, outcome: 'sent' });
      } catch (err) {
        messages.inc({ channel, outcome: 'failed' });
        throw err;
      }
    };
  return { email: track('email', mailer.email), sms: track('sms', mailer.sms) };
}

/** A message kept in memory by `memoryMailer`. */
export type SentMessage = ({ kind: 'email' } & Email) | ({ kind: 'sms' } & Sms);

/** Keeps messages in an array (tests; and the default when no mailer is given). */
export function memoryMailer(sent: SentMessage[] = []): Mailer & { sent: SentMessage[] } {
  return {
    sent,
    async email(m) {
      sent.push({ kind: 'email', ...m });
    },
    async sms(m) {
      sent.push({ kind: 'sms', ...m });
    },
  };
}
