/**
 * `npm run cluster` (README "Several instances"): N instances of the shop on one PostgreSQL behind HAProxy, on one
 * machine; a rolling restart drains one instance at a time from the balancer so that no request is lost.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { markUp, serverStats, setState, type ServerStat } from './haproxy-admin.ts';
import { haproxyConfig } from './haproxy-config.ts';
import { type Instance, startInstance } from './instance.ts';

/** What the cluster is started with. */
export interface ClusterOptions {
  /** How many instances (1 to 16). */
  instances: number;
  /** Public address of HAProxy; instance n listens on 127.0.0.1, port + n. */
  host: string;
  port: number;
  /** The project folder holding `dist/`. */
  root: string;
  /** The instances' environment: DATABASE_URL is required. */
  env: NodeJS.ProcessEnv;
  /** The HAProxy program; found on PATH, /usr/sbin or /usr/local/sbin when not given. */
  haproxy?: string;
  /** Where each line of the instances and of HAProxy goes (standard output by default). */
  line?: (text: string) => void;
}

/** A running cluster. */
export interface Cluster {
  /** The shop's public address (HAProxy). */
  url: string;
  /** HAProxy's runtime API socket (admin level), and the configuration it was started with, in one private folder. */
  socket: string;
  config: string;
  /** The instances serving now. */
  instances: () => readonly Instance[];
  /** Each instance's state and counters as HAProxy sees them. */
  stats: () => Promise<ServerStat[]>;
  /** Restarts the instances one by one, each drained from HAProxy first and put back once ready; stops at the first that fails to start. */
  rollingRestart: (say?: (text: string) => void) => Promise<void>;
  /** The process ids of HAProxy and of the instances, for a last SIGTERM if this process dies without `close`. */
  pids: () => number[];
  /** Resolves when HAProxy ends by itself (the cluster cannot serve any more), with its exit code. */
  lost: Promise<number | null>;
  /** Stops HAProxy (answers in flight finish), then every instance (SIGTERM, SHUTDOWN_TIMEOUT), and removes the run folder. */
  close: () => Promise<void>;
}

/** The French refusal when the cluster has no PostgreSQL to share. */
export const NEEDS_POSTGRES =
  'npm run cluster a besoin de PostgreSQL : définissez DATABASE_URL=postgres://… (la base PGlite embarquée n’appartient qu’à un processus).';

/** The French refusal when HAProxy is not installed. */
export const NEEDS_HAPROXY =
  'HAProxy est introuvable : installez-le (Debian : apt-get install haproxy) ou passez --haproxy /chemin/vers/haproxy.';

/** Where HAProxy is looked for: PATH, then the system folders a Debian package uses (often not on a user's PATH). */
const haproxyDirs = () => [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];

/** The HAProxy program: `given`, else the first executable `haproxy` in `dirs`; null when none. */
export function findHaproxy(given?: string, dirs: readonly string[] = haproxyDirs()): string | null {
  for (const file of given ? [given] : dirs.map((d) => join(d, 'haproxy'))) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      /* not this one */
    }
  }
  return null;
}

/** Waits until `check` holds, reading it again every `every` ms; throws `why` after `seconds`. */
async function until(check: () => Promise<boolean>, seconds: number, why: string, every = 50): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(why);
    await new Promise((r) => setTimeout(r, every));
  }
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** An instance that ends by itself is started again after this long, doubled while it keeps ending, up to RELAUNCH_MAX_MS. */
export const RELAUNCH_MS = 1_000;
const RELAUNCH_MAX_MS = 30_000;
/** An instance that ran this long before it ended starts the wait afresh. */
const STEADY_MS = 60_000;

/** Starts the instances (the first alone, so that it migrates and seeds while the others wait), then HAProxy in front of them. */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  if (!o.env.DATABASE_URL) throw new Error(NEEDS_POSTGRES);
  if (!Number.isInteger(o.instances) || o.instances < 1 || o.instances > 16) throw new Error('--instances : de 1 à 16 instances.');
  const program = findHaproxy(o.haproxy);
  if (!program) throw new Error(NEEDS_HAPROXY);
  const line = o.line ?? ((text: string) => process.stdout.write(`${text}\n`));
  const shutdownTimeout = Number(o.env.SHUTDOWN_TIMEOUT ?? 10);
  const run = mkdtempSync(join(tmpdir(), 'boutique-cluster-'));
  const socket = join(run, 'haproxy.sock');
  const config = join(run, 'haproxy.cfg');
  const names = Array.from({ length: o.instances }, (_, i) => `i${i + 1}`);
  const portOf = (i: number) => o.port + 1 + i;
  const envOf = (i: number): NodeJS.ProcessEnv => ({
    ...o.env,
    // Each instance opens its own metrics listener, so each needs its own port.
    ...(o.env.METRICS_PORT ? { METRICS_PORT: String(Number(o.env.METRICS_PORT) + i) } : {}),
  });
  const serving: Instance[] = [];
  // Stops this process asked for; any other end of an instance is reported, and the instance started again.
  const stopping = new Set<Instance>();
  let closing = false;
  // One start or restart of an instance at a time (a relaunch after a crash and a rolling restart would share its port).
  const queue: Array<Promise<unknown>> = names.map(() => Promise.resolve());
  const inTurn = <T>(i: number, job: () => Promise<T>): Promise<T> => {
    const next = queue[i]!.catch(() => {}).then(job);
    queue[i] = next;
    return next;
  };
  const timers = new Set<NodeJS.Timeout>();
  const relaunch = (i: number, gone: Instance, wait: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void inTurn(i, async () => {
        // A rolling restart or the close took its place meanwhile.
        if (closing || serving[i] !== gone) return;
        try {
          const fresh = await launch(i, Math.min(wait * 2, RELAUNCH_MAX_MS));
          // HAProxy's own checks would see it ready within seconds; told at once, it gets requests at once.
          await markUp(socket, names[i]!).catch(() => {});
          line(`[cluster] ${names[i]} : relancée (pid ${fresh.pid}).`);
        } catch (err) {
          line(`[cluster] ${names[i]} : ${(err as Error).message}`);
          relaunch(i, gone, Math.min(wait * 2, RELAUNCH_MAX_MS));
        }
      });
    }, wait);
    timers.add(timer);
  };
  const launch = async (i: number, wait = RELAUNCH_MS) => {
    const instance = await startInstance({ name: names[i]!, host: '127.0.0.1', port: portOf(i), root: o.root, env: envOf(i), line });
    serving[i] = instance;
    const started = Date.now();
    void instance.exited.then((code) => {
      if (closing || stopping.has(instance)) return;
      const after = Date.now() - started >= STEADY_MS ? RELAUNCH_MS : wait;
      line(
        `[cluster] L’instance ${instance.name} s’est arrêtée seule (${code === null ? 'tuée par un signal' : `code ${code}`}) : HAProxy l’a retirée ; relance dans ${after / 1000} s.`,
      );
      relaunch(i, instance, after);
    });
    return instance;
  };

  let haproxy: ChildProcess | null = null;
  try {
    await launch(0);
    // All settled before any failure is thrown, so that none is left running unseen.
    const others = await Promise.allSettled(names.slice(1).map((_, i) => launch(i + 1)));
    for (const r of others) if (r.status === 'rejected') throw r.reason;
    writeFileSync(
      config,
      haproxyConfig({
        bind: { host: o.host, port: o.port },
        instances: names.map((name, i) => ({ name, host: '127.0.0.1', port: portOf(i) })),
        socket,
        shutdownTimeout,
      }),
    );
    // -db: in the foreground, as a child of this process; its own process group, like the instances.
    const child = spawn(program, ['-db', '-f', config], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy = child;
    const gone = new Promise((ok) => child.once('close', ok));
    const said: string[] = [];
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (text) => {
        said.push(text);
        line(`[haproxy] ${text}`);
      });
    // The runtime API answers once HAProxy runs; it then sees each instance ready (its first checks pass).
    await until(
      async () => ended(child) || (await serverStats(socket)).filter((s) => s.status === 'UP').length === names.length,
      30,
      'HAProxy ne voit pas les instances prêtes après 30 s.',
    );
    if (ended(child)) {
      await gone;
      throw new Error(`HAProxy s’est arrêté au démarrage :\n${said.join('\n')}`);
    }
  } catch (err) {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    if (haproxy && !ended(haproxy)) haproxy.kill('SIGTERM');
    await Promise.all(serving.filter(Boolean).map((i) => i.stop()));
    rmSync(run, { recursive: true, force: true });
    throw err;
  }
  const proxy = haproxy!;
  const lost = ended(proxy) ? Promise.resolve(proxy.exitCode) : new Promise<number | null>((ok) => proxy.once('exit', (code) => ok(code)));
  const shownHost = o.host === '0.0.0.0' || o.host === '::' ? 'localhost' : o.host;

  let rolling: Promise<void> | null = null;
  const restart = async (i: number, say: (text: string) => void) => {
    const name = names[i]!;
    const old = serving[i]!;
    say(`[cluster] ${name} : retirée de la rotation de HAProxy…`);
    await setState(socket, name, 'drain');
    // The requests HAProxy already gave it finish on it; then its own stop waits for the rest of its work.
    await until(
      async () => (await serverStats(socket)).find((s) => s.name === name)!.current === 0,
      shutdownTimeout,
      `${name} : requêtes encore en cours après ${shutdownTimeout} s, arrêt quand même.`,
    ).catch((err: Error) => say(`[cluster] ${err.message}`));
    stopping.add(old);
    await old.stop();
    const fresh = await launch(i);
    const ready = await fetch(`http://127.0.0.1:${fresh.port}/readyz`);
    if (ready.status !== 200) throw new Error(`${name} : /readyz répond ${ready.status}.`);
    await markUp(socket, name);
    await setState(socket, name, 'ready');
    say(`[cluster] ${name} : relancée (pid ${fresh.pid}) et remise dans la rotation.`);
  };

  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${o.port}`,
    socket,
    config,
    instances: () => serving.slice(),
    pids: () => [proxy.pid!, ...serving.map((i) => i.pid)],
    stats: () => serverStats(socket),
    rollingRestart: (say = line) => {
      rolling ??= (async () => {
        try {
          for (let i = 0; i < names.length; i++) await inTurn(i, () => restart(i, say));
        } finally {
          rolling = null;
        }
      })();
      return rolling;
    },
    lost,
    close: async () => {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      await rolling?.catch(() => {});
      await Promise.allSettled(queue);
      // SIGUSR1 is HAProxy's soft stop: it stops listening and lets the requests it holds finish (hard-stop-after).
      if (!ended(proxy)) {
        proxy.kill('SIGUSR1');
        await lost;
      }
      await Promise.all(serving.map((i) => i.stop()));
      rmSync(run, { recursive: true, force: true });
    },
  };
}
