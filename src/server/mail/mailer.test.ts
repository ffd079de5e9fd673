import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { codeEmail } from './templates.ts';

describe('mailer', () => {
  it('writes both channels to the outbox when nothing is configured', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Boutique <no-reply@boutique.sn>', outboxDir: dir });
    await mailer.email({ to: 'awa@test.sn', ...codeEmail('verify', 'Awa', '0427') });
    await mailer.sms({ to: '221771112233', text: 'code 0427' });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    const messages = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8'))));
    expect(messages.find((m) => m.kind === 'email')).toMatchObject({
      to: 'awa@test.sn',
      subject: 'Boutique : votre code de vérification',
      text: expect.stringContaining('0427'),
    });
    expect(messages.find((m) => m.kind === 'sms')).toMatchObject({ to: '221771112233', text: 'code 0427' });
  });

  it('makes the outbox folder again when it is removed while the shop runs', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'outbox-')), 'messages');
    const mailer = createMailer({ from: 'Boutique <no-reply@boutique.sn>', outboxDir: dir });
    await mailer.sms({ to: '221771112233', text: 'un' });
    await rm(dir, { recursive: true });
    await mailer.sms({ to: '221771112233', text: 'deux' });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dir, files[0]!), 'utf8'))).toMatchObject({ kind: 'sms', text: 'deux' });
  });

  it('sends e-mail through a real SMTP server', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Boutique <no-reply@boutique.sn>',
        outboxDir: '/nonexistent',
      });
      await mailer.email({ to: 'awa@test.sn', ...codeEmail('reset', 'Awa', '9051') });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'no-reply@boutique.sn', to: ['awa@test.sn'] });
      expect(received[0]!.data).toMatch(/Subject: Boutique : r=C3=A9initialisation|Subject: =\?UTF-8\?/);
      expect(received[0]!.data).toContain('9051');
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });

  it('texts through the HTTP gateway with its key, and fails loudly on an error answer', async () => {
    const calls: Array<{ auth?: string; body: unknown }> = [];
    let status = 200;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        calls.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(status).end('{}');
      });
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    try {
      const mailer = createMailer({ from: 'x@y.sn', smsGatewayUrl: url, smsGatewayKey: 'cle-secrete', outboxDir: '/nonexistent' });
      await mailer.sms({ to: '221771112233', text: 'Boutique : code 1234' });
      expect(calls).toEqual([{ auth: 'Bearer cle-secrete', body: { to: '+221771112233', text: 'Boutique : code 1234' } }]);
      status = 500;
      await expect(mailer.sms({ to: '221771112233', text: 'x' })).rejects.toThrow('Passerelle SMS');
    } finally {
      server.close();
    }
  });
});
