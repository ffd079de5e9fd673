/** The shop's scheduled jobs, each run once per period across instances (runner.ts). */
import { sweep } from '../accounts/retention.ts';
import { expireHolds, type HoldDeps } from '../orders/holds.ts';
import { reconcile, RECONCILE_EVERY_MS } from '../payments/reconcile.ts';
import { reminderLine, sendReminders } from './reminders.ts';
import type { Job } from './runner.ts';

/** Holds are checked every minute: a hold ends at most a minute late. */
const HOLDS_EVERY_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Hold expiry, payment reconciliation (a lost webhook never leaves an order unpaid; none without a provider), reminders of
 * instalments due (hourly; one log line per run from the morning on) and retention of the account tables.
 */
export function shopJobs(deps: HoldDeps): Job[] {
  const providers = [deps.provider, deps.orange].filter((p) => !!p);
  return [
    {
      name: 'holds',
      everyMs: HOLDS_EVERY_MS,
      run: async (now) => {
        const n = (await expireHolds(deps, now)).length;
        return n > 0 ? `${n} commande(s) annulée(s) en fin de réservation` : null;
      },
    },
    ...(providers.length > 0
      ? [
          {
            name: 'reconcile',
            everyMs: RECONCILE_EVERY_MS,
            run: async (now: Date) => {
              let n = 0;
              for (const provider of providers) n += await reconcile(deps.db, provider!, now, deps.log);
              return n > 0 ? `${n} paiement(s) rapproché(s)` : null;
            },
          },
        ]
      : []),
    {
      name: 'reminders',
      everyMs: HOUR_MS,
      run: async (now) => {
        const run = await sendReminders(deps, now);
        return run ? reminderLine(run) : null;
      },
    },
    {
      name: 'retention',
      everyMs: HOUR_MS,
      run: async (now) => {
        const n = await sweep(deps.db, now);
        return Object.values(n).some((k) => k > 0)
          ? `supprimés : ${n.codes} codes, ${n.limits} compteurs, ${n.sessions} sessions, ${n.refreshTokens} jetons, ${n.searchTerms} recherches, ${n.searchDays} jours de recherches, ${n.messages} messages`
          : null;
      },
    },
  ];
}
