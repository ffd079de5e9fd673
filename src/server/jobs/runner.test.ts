import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import type { Database } from '../db/client.ts';
import { scheduledJobs } from '../db/schema-jobs.ts';
import { claim, runIfDue, scheduleJobs, type Job } from './runner.ts';

describe.each(testDatabases())('scheduled jobs on $name', (kind) => {
  let database: Database;
  const t0 = new Date('2026-11-21T10:00:00Z');
  const later = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    database = await kind.open({ poolSize: 12 });
  });
  afterAll(() => database.close());

  it('gives each period of a job to exactly one of many instances claiming it at once', async () => {
    const job = { name: 'claim-race', everyMs: 60_000 };
    for (const at of [t0, later(60_000), later(120_000)]) {
      const claims = await Promise.all(Array.from({ length: 10 }, () => claim(database.db, job, at)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
    // Within a period, nobody claims it again.
    expect(await claim(database.db, job, later(150_000))).toBe(false);
  });

  it('runs a due job once, records its outcome, and records a failure without stopping the next period', async () => {
    let runs = 0;
    const job: Job = {
      name: 'outcome',
      everyMs: 1000,
      run: async () => (++runs === 2 ? Promise.reject(new Error('passerelle absente')) : 'fait'),
    };
    const log: string[] = [];
    expect(await runIfDue(database.db, job, t0, (l) => log.push(l))).toBe('fait');
    expect(await runIfDue(database.db, job, t0, (l) => log.push(l))).toBeNull();
    expect(await runIfDue(database.db, job, later(1000), (l) => log.push(l))).toBe('échec : passerelle absente');
    expect(log.join('\n')).toContain('passerelle absente');
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'outcome'));
    expect(row!.lastOutcome).toBe('échec : passerelle absente');
    expect(await runIfDue(database.db, job, later(2000), () => {})).toBe('fait');
    expect(runs).toBe(3);
  });

  it('two schedulers on one database run a job once per period', async () => {
    let runs = 0;
    let now = later(10_000_000);
    const job: Job = {
      name: 'two-schedulers',
      everyMs: 3_600_000,
      run: async () => {
        runs++;
        return 'fait';
      },
    };
    const stops = [
      scheduleJobs(
        database.db,
        [job],
        () => now,
        () => {},
        20,
      ),
      scheduleJobs(
        database.db,
        [job],
        () => now,
        () => {},
        20,
      ),
    ];
    await vi.waitFor(async () => {
      const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'two-schedulers'));
      expect(row?.lastOutcome).toBe('fait');
    });
    // Several ticks of both schedulers later, still one run for this period; the next period gets one more.
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toBe(1);
    now = later(10_000_000 + 3_600_000);
    await vi.waitFor(() => expect(runs).toBe(2));
    for (const stop of stops) stop();
  });
});
