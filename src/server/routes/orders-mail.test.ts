import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { bookingBody, snapshot } from '../../../tests/fixtures/orders.ts';
import { closedPort } from '../../../tests/fixtures/ports.ts';
import { createMailer } from '../mail/mailer.ts';

describe.each(testDatabases())('order confirmation failures on $name', (kind) => {
  let t: TestApi;

  beforeAll(async () => {
    const port = await closedPort();
    // The mail server and the SMS gateway both refuse the connection, as they would when down.
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Boutique <no-reply@boutique.sn>',
      smsGatewayUrl: `http://127.0.0.1:${port}/sms`,
      outboxDir: '/nonexistent',
    });
    t = await setupApi(kind, { mailer });
  });
  afterAll(() => t.close());

  it('keeps the order when neither the e-mail nor the SMS can go out, and logs both failures', async () => {
    const before = await snapshot(t);
    const res = await t.json('/api/commande-sans-partner', { method: 'POST', body: bookingBody(t.ids.product) });
    expect(res.status).toBe(201);
    expect((await snapshot(t)).orders).toBe(before.orders + 1);
    await vi.waitFor(() => expect(t.logs.filter((l) => l.includes(`confirmation de ${res.body.reference} non envoyée`))).toHaveLength(2), {
      timeout: 10_000,
    });
  });
});
