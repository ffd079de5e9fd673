// Cleanup registry for the bench: whatever it started is stopped and removed on success, error or Ctrl-C.

const tasks = [];
const syncTasks = [];
let running = null;

/** Registers an async undo step (run last-in first-out); `sync` is the best effort used if the process exits abruptly. */
export function defer(task, sync) {
  tasks.push(task);
  if (sync) syncTasks.push(sync);
}

/** Runs every registered step once, in reverse order, ignoring failures. */
export function cleanup() {
  running ??= (async () => {
    while (tasks.length)
      await Promise.resolve()
        .then(tasks.pop())
        .catch(() => {});
    syncTasks.length = 0;
  })();
  return running;
}

/** Makes Ctrl-C, SIGTERM and a plain exit clean up before leaving. */
export function cleanupOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\nInterrompu (${signal}) : arrêt du serveur et nettoyage…`);
      void cleanup().then(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const task of syncTasks.reverse())
      try {
        task();
      } catch {}
  });
}
