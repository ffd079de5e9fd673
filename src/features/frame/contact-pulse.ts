/** §9 contact button animation: 2 s long, first after 3 s, then again after a random pause of 5 to 15 s. */

/** The §9 timings, in milliseconds. */
export const PULSE = { firstDelayMs: 3000, durationMs: 2000, minGapMs: 5000, maxGapMs: 15000 } as const;

/** What the schedule needs from the page: timers, a random source and what to do when an animation starts and ends. */
export interface PulseDeps {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
  start: () => void;
  end: () => void;
}

/** The pause before the next animation for a random number in [0, 1): from 5 s up to 15 s. */
export function pulseGap(random: number): number {
  return PULSE.minGapMs + Math.round(Math.min(Math.max(random, 0), 1) * (PULSE.maxGapMs - PULSE.minGapMs));
}

/** Runs the animation schedule until the returned function is called. */
export function schedulePulse(deps: PulseDeps): () => void {
  let handle: unknown;
  let stopped = false;
  const wait = (ms: number, next: () => void) => {
    handle = deps.setTimeout(() => {
      if (!stopped) next();
    }, ms);
  };
  const play = () => {
    deps.start();
    wait(PULSE.durationMs, () => {
      deps.end();
      wait(pulseGap(deps.random()), play);
    });
  };
  wait(PULSE.firstDelayMs, play);
  return () => {
    stopped = true;
    deps.clearTimeout(handle);
    deps.end();
  };
}
