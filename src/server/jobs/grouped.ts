/**
 * Items written in groups (§7 messages: the outbox worker records sent messages this way): `write` runs on the next
 * turn of the event loop with every item added until then, and again with those added while it ran. Under load, one
 * write for many items; alone, one write a turn after the item comes.
 */
export function grouped<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: Array<{ item: T; done: PromiseWithResolvers<void> }> = [];
  let busy = false;
  const drain = async () => {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await write(group.map((g) => g.item));
        for (const g of group) g.done.resolve();
      } catch (err) {
        for (const g of group) g.done.reject(err);
      }
    }
    busy = false;
  };
  return (item) => {
    const done = Promise.withResolvers<void>();
    waiting.push({ item, done });
    if (!busy) {
      busy = true;
      // Not at once: PGlite runs a query without leaving the current turn, so the items of one batch, which arrive in
      // I/O callbacks of the same turn (files written, SMTP answers), would each be written alone.
      setImmediate(() => void drain());
    }
    return done.promise;
  };
}
