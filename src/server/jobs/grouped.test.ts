import { describe, expect, it } from 'vitest';
import { grouped } from './grouped.ts';

/** A write that records each group it is given, and can be held open or made to fail. */
function recorder() {
  const groups: number[][] = [];
  let hold: Promise<void> | null = null;
  let fail: Error | null = null;
  const write = async (items: number[]) => {
    groups.push(items);
    if (hold) await hold;
    if (fail) throw fail;
  };
  return {
    groups,
    write,
    holdNext: () => {
      const gate = Promise.withResolvers<void>();
      hold = gate.promise;
      return () => {
        hold = null;
        gate.resolve();
      };
    },
    failWith: (err: Error | null) => {
      fail = err;
    },
  };
}

describe('grouped (§7 messages: sent messages recorded together)', () => {
  it('writes the items added in one turn together, once', async () => {
    const r = recorder();
    const add = grouped(r.write);
    await Promise.all([1, 2, 3, 4, 5].map(add));
    expect(r.groups).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('writes the items that come in callbacks of one turn together (immediates here, I/O callbacks alike)', async () => {
    const r = recorder();
    const add = grouped(r.write);
    // Each callback runs on its own, its promises settled before the next one: yet the five fall in one turn of the loop.
    await Promise.all([1, 2, 3, 4, 5].map((n) => new Promise<void>((resolve) => setImmediate(() => resolve(add(n))))));
    expect(r.groups).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('writes an item alone without waiting for another', async () => {
    const r = recorder();
    const add = grouped(r.write);
    await add(7);
    expect(r.groups).toEqual([[7]]);
  });

  it('writes the items added during a write together in the next one', async () => {
    const r = recorder();
    const add = grouped(r.write);
    const release = r.holdNext();
    const first = add(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.groups).toEqual([[1]]);
    const later = [add(2), add(3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.groups).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(r.groups).toEqual([[1], [2, 3]]);
  });

  it('rejects the items of a failed write only, and writes the next ones', async () => {
    const r = recorder();
    const add = grouped(r.write);
    r.failWith(new Error('base indisponible'));
    const failed = Promise.allSettled([add(1), add(2)]);
    expect((await failed).map((s) => s.status)).toEqual(['rejected', 'rejected']);
    r.failWith(null);
    await add(3);
    expect(r.groups).toEqual([[1, 2], [3]]);
  });
});
