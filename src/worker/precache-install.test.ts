import { describe, expect, it } from 'vitest';
import { eachAtMost } from './precache-install.ts';

/** A run that records how many runs are under way at once, each ending when the test says so. */
function recorder() {
  let now = 0;
  const seen = { max: 0, started: [] as number[], finish: new Map<number, (fail?: Error) => void>() };
  const run = (item: number) =>
    new Promise<void>((resolve, reject) => {
      now += 1;
      seen.max = Math.max(seen.max, now);
      seen.started.push(item);
      seen.finish.set(item, (fail) => {
        now -= 1;
        if (fail) reject(fail);
        else resolve();
      });
    });
  return { seen, run };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('eachAtMost', () => {
  it.each([
    { items: 20, limit: 6, max: 6 },
    { items: 3, limit: 6, max: 3 },
    { items: 5, limit: 1, max: 1 },
    { items: 1, limit: 0, max: 1 },
  ])('runs $items items at most $limit at once (max $max), in order', async ({ items, limit, max }) => {
    const { seen, run } = recorder();
    const list = Array.from({ length: items }, (_, i) => i);
    const all = eachAtMost(list, limit, run);
    // Finishes the oldest run under way until none is left.
    for (let done = 0; done < items; done++) {
      await tick();
      seen.finish.get(done)?.();
    }
    await all;
    expect(seen.max).toBe(max);
    expect(seen.started).toEqual(list);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const { seen, run } = recorder();
    const all = eachAtMost([0, 1, 2, 3, 4, 5, 6, 7], 2, run);
    await tick();
    seen.finish.get(0)?.(new Error('réseau'));
    seen.finish.get(1)?.();
    await expect(all).rejects.toThrow('réseau');
    // The failure stops both lanes: nothing after the two runs under way.
    expect(seen.started).toEqual([0, 1]);
  });

  it('does nothing with no items', async () => {
    const { seen, run } = recorder();
    await eachAtMost([], 6, run);
    expect(seen.started).toEqual([]);
  });
});
