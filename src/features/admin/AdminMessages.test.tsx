import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { MAX_ATTEMPTS } from '../../domain/message-retry.ts';
import { outboxMessages } from '../../server/db/schema-messages.ts';
import AdminMessages from './AdminMessages.tsx';
import { $failedMessages, loadFailedMessages, resendMessage } from './messages.store.ts';

const [pglite] = testDatabases();
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/\s+/g, ' ');

describe('the back office’s « Messages en échec », against the API', () => {
  let t: TestApi;
  let admin: string | undefined;
  const { client } = appNetwork(() => t.app, { token: () => admin });
  let id: number;

  beforeAll(async () => {
    t = await setupApi(pglite!);
    const at = t.clock.now;
    [{ id }] = (await t.database.db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        recipient: 'awa@test.sn',
        subject: 'Boutique : votre commande',
        text: 'Merci',
        state: 'failed',
        attempts: MAX_ATTEMPTS,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
        nextAttemptAt: at,
        createdAt: at,
      })
      .returning({ id: outboxMessages.id })) as [{ id: number }];
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());

  it('lists the message with its channel, masked recipient, attempts and error, then « Renvoyer » takes it off the list', async () => {
    await loadFailedMessages({ client });
    const seen = text(renderToString(<AdminMessages />));
    expect(seen).toContain('E-mail à a•••@test.sn : Boutique : votre commande');
    expect(seen).toContain(`${MAX_ATTEMPTS} essais, dernier le 21 novembre 2026`);
    expect(seen).toContain('Dernière erreur : connect ECONNREFUSED 127.0.0.1:25');
    expect(seen).toContain('Renvoyer E-mail à a•••@test.sn');
    expect(await resendMessage(id, { client })).toBeNull();
    expect($failedMessages.get()).toEqual({ status: 'ready', data: [] });
    expect(text(renderToString(<AdminMessages />))).toContain('Aucun message en échec.');
  });
});
