import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, RETRY_SPREAD, SENDING_TIMEOUT_MS } from '../../domain/message-retry.ts';
import { sweep } from '../accounts/retention.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog } from '../db/schema-admin.ts';
import { outboxMessages } from '../db/schema-messages.ts';
import { type Mailer, memoryMailer, messageTransport, type SentMessage } from '../mail/mailer.ts';
import { queueMailer } from '../mail/queue.ts';
import { messages as counter } from '../observe/metrics.ts';
import { sendDue, startMessageWorker } from './messages.ts';

/** A local SMS gateway answering `status` (500: down), recording each text it accepted. */
async function fakeGateway(): Promise<{ url: string; status: number; texts: string[]; calls: number; server: Server }> {
  const gw = { url: '', status: 200, texts: [] as string[], calls: 0, server: null as unknown as Server };
  gw.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      gw.calls++;
      if (gw.status === 200) gw.texts.push((JSON.parse(body) as { text: string }).text);
      res.writeHead(gw.status).end('{}');
    });
  }).listen(0, '127.0.0.1');
  await once(gw.server, 'listening');
  gw.url = `http://127.0.0.1:${(gw.server.address() as AddressInfo).port}/send`;
  return gw;
}

const count = async (outcome: string, channel = 'sms') =>
  (await counter.get()).values.find((v) => v.labels.outcome === outcome && v.labels.channel === channel)?.value ?? 0;

describe.each(testDatabases())('message outbox on $name', (kind) => {
  let t: TestApi;
  let queue: Mailer;
  const quiet = () => {};
  beforeEach(async () => {
    t = await setupApi(kind);
    queue = queueMailer(t.database.db, () => t.clock.now);
  });
  afterEach(async () => {
    await t.close();
  });
  const rows = () => t.database.db.select().from(outboxMessages).orderBy(outboxMessages.id);

  it('keeps a message as a committed row, and the worker sends it once', async () => {
    const sent: SentMessage[] = [];
    const queued = await count('queued', 'email');
    await queue.email({ to: 'awa@test.sn', subject: 'Boutique : votre code', text: 'Votre code : 0427' });
    expect(await count('queued', 'email')).toBe(queued + 1);
    const [row] = await rows();
    expect(row).toMatchObject({ channel: 'email', recipient: 'awa@test.sn', state: 'queued', attempts: 0, text: 'Votre code : 0427' });

    expect(await sendDue(t.database.db, memoryMailer(sent), () => t.clock.now, quiet)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent).toEqual([{ kind: 'email', to: 'awa@test.sn', subject: 'Boutique : votre code', text: 'Votre code : 0427' }]);
    // Sent: the code is no longer kept; a second pass sends nothing.
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 1, text: null, sentAt: t.clock.now });
    expect(await sendDue(t.database.db, memoryMailer(sent), () => t.clock.now, quiet)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('queues the messages asked for at once (an order’s e-mail and SMS) as committed rows', async () => {
    await Promise.all([
      queue.email({ to: 'awa@test.sn', subject: 'Commande', text: 'Commande n° 12' }),
      queue.sms({ to: '221771112233', text: 'Commande n° 12' }),
    ]);
    expect((await rows()).map((r) => [r.channel, r.recipient, r.state])).toEqual([
      ['email', 'awa@test.sn', 'queued'],
      ['sms', '221771112233', 'queued'],
    ]);
  });

  it('wakes the worker of its process at once, and stops cleanly', async () => {
    const sent: SentMessage[] = [];
    // A tick far away: only the wake-up can send it.
    const worker = startMessageWorker(t.database.db, memoryMailer(sent), () => t.clock.now, quiet, 3_600_000);
    const woken = queueMailer(t.database.db, () => t.clock.now, worker.wake);
    await woken.sms({ to: '221771112233', text: 'Boutique : code 1234' });
    await expect.poll(() => sent.length).toBe(1);
    await worker.stop();
    expect((await rows())[0]!.state).toBe('sent');
  });

  it('retries through a gateway that is down with growing waits, then sends when it is back', async () => {
    const gw = await fakeGateway();
    try {
      const transport = messageTransport({ from: 'x@y.sn', smsGatewayUrl: gw.url, outboxDir: '/nonexistent' });
      const logs: string[] = [];
      const pass = () =>
        sendDue(
          t.database.db,
          transport,
          () => t.clock.now,
          (l) => logs.push(l),
        );
      const retried = await count('retried');
      gw.status = 500;
      await queue.sms({ to: '221771112233', text: 'Boutique : code 5521' });

      expect(await pass()).toEqual({ sent: 0, retried: 1, failed: 0 });
      let [row] = await rows();
      const wait = () => row!.nextAttemptAt.getTime() - t.clock.now.getTime();
      expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Passerelle SMS : réponse 500' });
      expect(wait()).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] * (1 - RETRY_SPREAD));
      expect(wait()).toBeLessThanOrEqual(RETRY_DELAYS_MS[0] * (1 + RETRY_SPREAD));
      // Not before its time.
      t.clock.advance((wait() - 1000) / 1000);
      expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 0 });
      t.clock.advance(1);
      expect(await pass()).toEqual({ sent: 0, retried: 1, failed: 0 });
      [row] = await rows();
      expect(wait()).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[1] * (1 - RETRY_SPREAD));
      expect(wait()).toBeLessThanOrEqual(RETRY_DELAYS_MS[1] * (1 + RETRY_SPREAD));
      expect(await count('retried')).toBe(retried + 2);
      // The log says why, never what the message said nor to whom.
      expect(logs.join('\n')).toContain('Passerelle SMS : réponse 500');
      expect(logs.join('\n')).not.toMatch(/5521|221771112233/);

      gw.status = 200;
      t.clock.advance(wait() / 1000);
      expect(await pass()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(gw.texts).toEqual(['Boutique : code 5521']);
      expect(gw.calls).toBe(3);
      expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    } finally {
      gw.server.close();
    }
  });

  it('messages refused together are tried again at different times, each within the spread of its step', async () => {
    const gw = await fakeGateway();
    try {
      const transport = messageTransport({ from: 'x@y.sn', smsGatewayUrl: gw.url, outboxDir: '/nonexistent' });
      gw.status = 500;
      for (let i = 0; i < 12; i++) await queue.sms({ to: `2217711122${String(i).padStart(2, '0')}`, text: `Boutique : code ${i}` });
      expect(await sendDue(t.database.db, transport, () => t.clock.now, quiet)).toEqual({ sent: 0, retried: 12, failed: 0 });
      const waits = (await rows()).map((row) => row.nextAttemptAt.getTime() - t.clock.now.getTime());
      for (const wait of waits) {
        expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] * (1 - RETRY_SPREAD));
        expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[0] * (1 + RETRY_SPREAD));
      }
      // Twelve draws over 24 to 36 s all within one second: about one chance in 10^10, unless nothing spreads them.
      expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(1000);
    } finally {
      gw.server.close();
    }
  });

  it('gives up after the last attempt, lists it for admins, and « Renvoyer » sends it again (audited)', async () => {
    const gw = await fakeGateway();
    try {
      const transport = messageTransport({ from: 'x@y.sn', smsGatewayUrl: gw.url, outboxDir: '/nonexistent' });
      const pass = () => sendDue(t.database.db, transport, () => t.clock.now, quiet);
      gw.status = 500;
      await queue.sms({ to: '221771112233', text: 'Votre commande est confirmée' });
      const failed = await count('failed');
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        expect((await pass()).retried).toBe(1);
        t.clock.advance(((await rows())[0]!.nextAttemptAt.getTime() - t.clock.now.getTime()) / 1000);
      }
      expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect(await count('failed')).toBe(failed + 1);
      const [row] = await rows();
      expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, text: 'Votre commande est confirmée' });
      t.clock.advance(24 * 3600);
      expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 0 });

      const admin = (await t.login('admin')).access_token;
      const customer = (await t.login('customer')).access_token;
      expect((await t.json('/api/admin/messages', { token: customer })).status).toBe(403);
      expect((await t.json('/api/admin/messages')).status).toBe(401);
      const list = await t.json('/api/admin/messages', { token: admin });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          id: row!.id,
          channel: 'sms',
          recipient: '22177•••••33',
          subject: null,
          attempts: MAX_ATTEMPTS,
          last_error: 'Passerelle SMS : réponse 500',
          created_at: row!.createdAt.toISOString(),
          failed_at: row!.nextAttemptAt.toISOString(),
        },
      ]);

      const resend = (token?: string, id = row!.id) => t.json(`/api/admin/messages/${id}/renvoyer`, { method: 'POST', token });
      expect((await resend(customer)).status).toBe(403);
      expect((await resend(admin, 999_999)).status).toBe(404);
      expect((await t.json('/api/admin/messages/abc/renvoyer', { method: 'POST', token: admin })).status).toBe(400);
      const done = await resend(admin);
      expect(done).toMatchObject({ status: 200, body: { message: 'Message remis en file d’envoi.', id: row!.id } });
      // Once queued, not again.
      expect(await resend(admin)).toMatchObject({ status: 409, body: { message: expect.stringContaining('pas en échec') } });
      const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'message'));
      expect(entries).toMatchObject([{ entityId: row!.id, action: 'resend', userId: t.ids.user.admin }]);
      expect((await t.json('/api/admin/messages', { token: admin })).body).toEqual([]);

      gw.status = 200;
      expect(await pass()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(gw.texts).toEqual(['Votre commande est confirmée']);
    } finally {
      gw.server.close();
    }
  });

  it('takes again a message left `sending` by a worker that died, once its claim lapses', async () => {
    await queue.email({ to: 'awa@test.sn', subject: 'Confirmation', text: 'Commande n° 12' });
    // A worker claimed it and died before sending it.
    await t.database.db
      .update(outboxMessages)
      .set({ state: 'sending', attempts: 1, nextAttemptAt: new Date(t.clock.now.getTime() + SENDING_TIMEOUT_MS) });
    const sent: SentMessage[] = [];
    const pass = () => sendDue(t.database.db, memoryMailer(sent), () => t.clock.now, quiet);
    t.clock.advance(SENDING_TIMEOUT_MS / 1000 - 1);
    expect((await pass()).sent).toBe(0);
    t.clock.advance(1);
    expect((await pass()).sent).toBe(1);
    expect(sent).toMatchObject([{ to: 'awa@test.sn', text: 'Commande n° 12' }]);
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('sends each message once when two workers race for the queue', async () => {
    const n = 60;
    for (let i = 0; i < n; i++) await queue.sms({ to: `2217700000${String(i).padStart(2, '0')}`, text: `message ${i}` });
    const seen: string[] = [];
    // Each send yields, so that the two workers' claims interleave.
    const slow: Mailer = {
      email: async () => {},
      sms: async (m) => {
        await new Promise((r) => setTimeout(r, 2));
        seen.push(m.text);
      },
    };
    // On PostgreSQL the second worker is another instance: its own pool on the same database.
    const url =
      kind.name === 'postgres'
        ? (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString
        : null;
    const other = url ? await openDatabase({ url }) : t.database;
    try {
      const [a, b] = await Promise.all([
        sendDue(t.database.db, slow, () => t.clock.now, quiet, 5),
        sendDue(other.db, slow, () => t.clock.now, quiet, 5),
      ]);
      expect(a.sent + b.sent).toBe(n);
      if (url) expect(Math.min(a.sent, b.sent)).toBeGreaterThan(0);
    } finally {
      if (url) await other.close();
    }
    expect(seen.sort()).toEqual(Array.from({ length: n }, (_, i) => `message ${i}`).sort());
    expect(await t.database.db.execute(sql`select count(*)::int as n from outbox_messages where state = 'sent'`)).toMatchObject({
      rows: [{ n }],
    });
  });

  it('keeps sent messages 7 days and failed ones 30 days', async () => {
    await queue.sms({ to: '221771112233', text: 'a' });
    await queue.sms({ to: '221771112244', text: 'b' });
    await sendDue(t.database.db, memoryMailer(), () => t.clock.now, quiet);
    await t.database.db.update(outboxMessages).set({ state: 'failed', sentAt: null }).where(eq(outboxMessages.recipient, '221771112244'));
    t.clock.advance(7 * 86400 + 1);
    expect((await sweep(t.database.db, t.clock.now)).messages).toBe(1);
    expect((await rows()).map((r) => r.state)).toEqual(['failed']);
    t.clock.advance(23 * 86400);
    expect((await sweep(t.database.db, t.clock.now)).messages).toBe(1);
    expect(await rows()).toEqual([]);
  });
});
