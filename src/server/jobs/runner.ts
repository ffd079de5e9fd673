/** Scheduled jobs run once across instances: each instance ticks, and the one that moves a job's `next_run_at` forward runs it. */
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledJobs } from '../db/schema-jobs.ts';
import { describeError } from '../http/error-log.ts';

/** A job: its name, how often it runs, and the work (its outcome is a short French line for the log, or null when it did nothing). */
export interface Job {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<string | null>;
}

/**
 * Claims the job's current run: true for exactly one caller per period, whatever the number of instances, because the
 * claim is one conditional UPDATE of its row (a second instance's UPDATE waits for the first, then finds the time moved).
 */
export async function claim(db: Db, job: Pick<Job, 'name' | 'everyMs'>, now: Date): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({ nextRunAt: new Date(now.getTime() + job.everyMs), lastStartedAt: now })
    .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)))
    .returning({ name: scheduledJobs.name });
  return claimed.length === 1;
}

/** Runs `job` if this caller claims it; records how it ended. Resolves with its outcome, or null when another instance has this run. */
export async function runIfDue(db: Db, job: Job, now: Date, log: (line: string) => void): Promise<string | null> {
  if (!(await claim(db, job, now))) return null;
  let outcome: string;
  try {
    outcome = (await job.run(now)) ?? 'rien à faire';
  } catch (err) {
    outcome = `échec : ${(err as Error).message}`;
    log(`[tâches] ${job.name} : ${describeError(err)}`);
  }
  await db
    .update(scheduledJobs)
    .set({ lastFinishedAt: new Date(), lastOutcome: outcome.slice(0, 500) })
    .where(eq(scheduledJobs.name, job.name))
    .catch((err: unknown) => log(`[tâches] ${job.name} : fin non enregistrée (${(err as Error).message})`));
  return outcome;
}

/** How often each instance looks for due jobs. */
const TICK_MS = 15_000;

/**
 * Ticks now and every `tickMs` without keeping the process alive; each job runs at most once per period across
 * instances. Returns the stop, which resolves once the runs under way have finished.
 */
export function scheduleJobs(
  db: Db,
  jobs: readonly Job[],
  now: () => Date,
  log: (line: string) => void,
  tickMs = TICK_MS,
): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  const tick = () => {
    for (const job of jobs) {
      // A run that outlasts its period is not started a second time here; another instance may, which every job tolerates.
      if (running.has(job.name)) continue;
      const run = runIfDue(db, job, now(), log)
        .then((outcome) => {
          if (outcome && outcome !== 'rien à faire') log(`[tâches] ${job.name} : ${outcome}`);
        })
        .catch((err: unknown) => log(`[tâches] ${job.name} : ${(err as Error).message}`))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await Promise.all(running.values());
  };
}
