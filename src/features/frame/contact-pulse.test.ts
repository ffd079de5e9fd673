import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PULSE, pulseGap, schedulePulse } from './contact-pulse.ts';

describe('pulseGap', () => {
  it.each([
    [0, 5000],
    [0.5, 10000],
    [0.99995, 15000],
    [-1, 5000],
    [2, 15000],
  ])('random %s → %s ms', (random, gap) => {
    expect(pulseGap(random)).toBe(gap);
  });
});

describe('schedulePulse on a controlled clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function run(randoms: number[]) {
    const events: Array<[string, number]> = [];
    const t0 = Date.now();
    const stop = schedulePulse({
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      random: () => randoms.shift() ?? 0,
      start: () => events.push(['start', Date.now() - t0]),
      end: () => events.push(['end', Date.now() - t0]),
    });
    return { events, stop };
  }

  it('starts after 3 s, lasts 2 s, then waits the random pause before the next one', () => {
    const { events } = run([0, 1, 0.5]);
    vi.advanceTimersByTime(2999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([['start', 3000]]);
    vi.advanceTimersByTime(60_000);
    expect(events.slice(0, 8)).toEqual([
      ['start', 3000],
      ['end', 5000],
      ['start', 10000],
      ['end', 12000], // pause 5 s
      ['start', 27000],
      ['end', 29000], // pause 15 s
      ['start', 39000],
      ['end', 41000], // pause 10 s
    ]);
  });

  it('stops: no animation after stop, and a running one ends at once', () => {
    const { events, stop } = run([0]);
    vi.advanceTimersByTime(PULSE.firstDelayMs + 500);
    stop();
    expect(events).toEqual([
      ['start', 3000],
      ['end', 3500],
    ]);
    vi.advanceTimersByTime(60_000);
    expect(events).toHaveLength(2);
  });
});
