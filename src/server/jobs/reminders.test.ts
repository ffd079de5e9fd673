import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { instalmentReminders } from '../db/schema-credit.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { scheduledJobs } from '../db/schema-jobs.ts';
import { memoryMailer, type SentMessage } from '../mail/mailer.ts';
import { sendReminders } from './reminders.ts';
import { runIfDue, scheduleJobs } from './runner.ts';
import { shopJobs } from './shop-jobs.ts';

describe.each(testDatabases())('instalment reminders on $name', (kind) => {
  let t: TestApi;
  const sent: SentMessage[] = [];
  const logs: string[] = [];
  const deps = () => ({
    db: t.database.db,
    mailer: memoryMailer(sent),
    siteUrl: 'https://boutique.test',
    log: (l: string) => logs.push(l),
  });
  const at = (iso: string) => new Date(iso);
  // The shop's reminder job as main.ts schedules it (the other jobs, such as the end of holds, have their own tests).
  const remindersJob = () => shopJobs({ ...deps(), provider: null }).filter((j) => j.name === 'reminders');
  const about = (reference: string) => sent.filter((m) => m.text.includes(reference));
  const remindersOf = async (orderId: number) =>
    t.database.db
      .select({ number: instalmentReminders.number, kind: instalmentReminders.kind, sentOn: instalmentReminders.sentOn })
      .from(instalmentReminders)
      .where(eq(instalmentReminders.orderId, orderId))
      .orderBy(instalmentReminders.sentOn);

  /** A member's credit order over three months placed on 21 November 2026: due 5 December, 5 January, 5 February. */
  async function creditOrder(): Promise<{ id: number; reference: string }> {
    const member = (await t.login('member')).access_token;
    await setStock(t, { [t.ids.product.clim!]: 50 });
    const res = await t.json('/api/commandes', {
      method: 'POST',
      token: member,
      body: orderBody(t.ids.user.member, [[t.ids.product.clim!, 1]], { type_sale: 'creditorder', credit_months: 3 }),
    });
    expect(res.status).toBe(201);
    expect(res.body.tranches.map((i: { due_on: string }) => i.due_on)).toEqual(['2026-12-05', '2027-01-05', '2027-02-05']);
    return res.body;
  }

  beforeAll(async () => {
    t = await setupApi(kind, { poolSize: 12 });
  });
  afterAll(() => t.close());

  it('reminds by SMS and e-mail three days before, and once more the day after a missed due date', async () => {
    const o = await creditOrder();
    await sendReminders(deps(), at('2026-12-01T09:00:00Z'));
    expect(about(o.reference)).toHaveLength(0);
    // Before eight in the morning, nobody is woken up.
    expect(await sendReminders(deps(), at('2026-12-02T06:00:00Z'))).toBeNull();
    expect(about(o.reference)).toHaveLength(0);

    const run = await sendReminders(deps(), at('2026-12-02T09:00:00Z'));
    expect(run).toMatchObject({ before: expect.any(Number), failed: 0 });
    const [sms, email] = [about(o.reference).find((m) => m.kind === 'sms')!, about(o.reference).find((m) => m.kind === 'email')!];
    expect(about(o.reference)).toHaveLength(2);
    expect(sms).toMatchObject({ to: '221772223344' });
    expect(sms.text).toBe(
      `Boutique : Mensualité 1 sur 3 de ${o.reference}, 113 333 F CFA, à payer le 5 décembre 2026. Payez sur https://boutique.test/profile (Mes échéances).`,
    );
    expect(sms.text.length).toBeLessThanOrEqual(160);
    expect(email).toMatchObject({
      to: 'membre@test.sn',
      subject: `Boutique : échéance du 5 décembre 2026 pour la commande ${o.reference}`,
    });
    expect(email.text).toContain('la mensualité 1 sur 3 de 113 333 F CFA est à payer le 5 décembre 2026');
    expect(email.text).toContain('« Mes échéances »');

    // A restart the same day, and the days up to the due date: nothing more.
    for (const day of ['2026-12-02T15:00:00Z', '2026-12-03T09:00:00Z', '2026-12-05T09:00:00Z']) await sendReminders(deps(), at(day));
    expect(about(o.reference)).toHaveLength(2);

    await sendReminders(deps(), at('2026-12-06T09:00:00Z'));
    const late = about(o.reference).slice(2);
    expect(late.map((m) => m.kind).sort()).toEqual(['email', 'sms']);
    expect(late.find((m) => m.kind === 'sms')!.text).toContain('impayée depuis le 5 décembre 2026');
    for (const day of ['2026-12-06T20:00:00Z', '2026-12-07T09:00:00Z', '2026-12-09T09:00:00Z']) await sendReminders(deps(), at(day));
    expect(about(o.reference)).toHaveLength(4);
    expect(await remindersOf(o.id)).toEqual([
      { number: 1, kind: 'before', sentOn: '2026-12-02' },
      { number: 1, kind: 'overdue', sentOn: '2026-12-06' },
    ]);
  });

  it('reminds nothing once the instalment is paid, nor for a cancelled order', async () => {
    const paid = await creditOrder();
    const cancelled = await creditOrder();
    await t.database.db
      .update(orderTranches)
      .set({ state: 'paid', paidAt: at('2026-12-29T10:00:00Z'), paidVia: 'cash' })
      .where(and(eq(orderTranches.orderId, paid.id), eq(orderTranches.number, 2)));
    await t.database.db.update(orders).set({ state: 'cancel', cancelReason: 'retailer' }).where(eq(orders.id, cancelled.id));
    for (const day of ['2027-01-02T09:00:00Z', '2027-01-03T09:00:00Z', '2027-01-06T09:00:00Z', '2027-01-07T09:00:00Z'])
      await sendReminders(deps(), at(day));
    // The first instalment, due 5 December, is long past its catch-up: only the second counted, and it is paid.
    expect(about(paid.reference)).toHaveLength(0);
    expect(about(cancelled.reference)).toHaveLength(0);
    expect(await remindersOf(paid.id)).toEqual([]);
  });

  it('sends each reminder once when two instances run the job at the same moment', async () => {
    const orders = await Promise.all([creditOrder(), creditOrder(), creditOrder()]);
    // Ten runs at once with no runner in front of them: the insert-first claim alone keeps each reminder single.
    const moment = at('2027-02-02T09:00:00Z');
    const from = sent.length;
    const runs = await Promise.all(Array.from({ length: 10 }, () => sendReminders(deps(), moment)));
    // Earlier tests' orders fall due on 5 February too: every text sent is counted once, in one run only.
    const texts = sent.slice(from).filter((m) => m.kind === 'sms');
    expect(runs.reduce((n, r) => n + r!.before, 0)).toBe(texts.length);
    expect(new Set(texts.map((m) => m.text)).size).toBe(texts.length);
    for (const o of orders)
      expect(
        about(o.reference)
          .map((m) => m.kind)
          .sort(),
      ).toEqual(['email', 'sms']);

    // Two app instances, each with its own scheduler of the shop's jobs, on one database at the same moment.
    const now = at('2027-02-06T09:00:00Z');
    const lines: string[] = [];
    const stops = [0, 1].map(() =>
      scheduleJobs(
        t.database.db,
        remindersJob(),
        () => now,
        (l) => lines.push(l),
        20,
      ),
    );
    await vi.waitFor(async () => {
      const [row] = await t.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'reminders'));
      expect(row?.lastOutcome).toMatch(/de retard/);
    });
    await new Promise((r) => setTimeout(r, 100));
    for (const s of stops) s();
    for (const o of orders) expect(about(o.reference)).toHaveLength(4);
    const runLines = lines.filter((l) => l.startsWith('[tâches] reminders :'));
    expect(runLines).toHaveLength(1);
    expect(runLines[0]).toMatch(/^\[tâches\] reminders : 0 rappel\(s\) avant échéance, \d+ de retard envoyé\(s\)$/);
    // Both instances again, or a restart, later that day: the period is taken, and the rows stop a forced run too.
    expect(await runIfDue(t.database.db, remindersJob()[0]!, now, () => {})).toBeNull();
    await sendReminders(deps(), at('2027-02-06T18:00:00Z'));
    for (const o of orders) expect(about(o.reference)).toHaveLength(4);
  });
});
