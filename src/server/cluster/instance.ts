/** One instance of `npm run cluster`: the shop as `npm start` serves it (`node src/server/main.ts`), on its own loopback port. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** How long an instance may take to answer /readyz 200 (migrations of a new version included). */
const READY_SECONDS = 60;

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** A started instance. */
export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly pid: number;
  /** Resolves with its exit code once it has ended, however it ended. */
  readonly exited: Promise<number | null>;
  /** SIGTERM: it stops taking connections, lets requests in flight finish (SHUTDOWN_TIMEOUT), then ends. */
  stop: () => Promise<number | null>;
}

/** Where an instance runs and what it is told. */
export interface InstanceOptions {
  name: string;
  host: string;
  port: number;
  /** The project folder holding `dist/` (its working directory). */
  root: string;
  env: NodeJS.ProcessEnv;
  /** Each line the instance writes: its JSON log entries carry `"instance":"<name>"` in front. */
  line: (text: string) => void;
}

/** Adds the instance's name to a JSON log entry; other lines are prefixed with it. */
export function tagLine(name: string, text: string): string {
  return text.startsWith('{') && text.endsWith('}') ? `{"instance":${JSON.stringify(name)},${text.slice(1)}` : `[${name}] ${text}`;
}

/** Whether nothing listens on `host:port` yet. */
function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((ok) => {
    const probe = createServer();
    probe.once('error', () => ok(false));
    probe.listen(port, host, () => probe.close(() => ok(true)));
  });
}

/** Starts an instance and resolves once its /readyz answers 200; rejects with what it said if it ends first or is not ready in time. */
export async function startInstance(o: InstanceOptions): Promise<Instance> {
  // A port already served (a shop left running) would answer our /readyz for the new instance.
  if (!(await portFree(o.host, o.port)))
    throw new Error(`L’instance ${o.name} ne peut pas écouter sur ${o.host}:${o.port} : ce port est déjà pris (par un autre processus).`);
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: o.root,
    env: { ...o.env, HOST: o.host, PORT: String(o.port) },
    // Its own process group: a Ctrl-C in the terminal reaches the cluster alone, which stops the instances in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((ok) => child.once('exit', (code, signal) => ok(code ?? (signal ? null : 0))));
  const said: string[] = [];
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (text) => {
      o.line(tagLine(o.name, text));
      if (said.length < 200) said.push(text);
    });
  const failed = (why: string) => new Error(`L’instance ${o.name} ${why} :\n${said.slice(-20).join('\n')}`);
  // Ready is what HAProxy will ask: /readyz answers 200 (whatever LOG_LEVEL lets the instance print).
  const deadline = Date.now() + READY_SECONDS * 1000;
  for (;;) {
    const code = await Promise.race([exited, new Promise<'running'>((ok) => setTimeout(ok, 100, 'running'))]);
    if (code !== 'running') throw failed(`s’est arrêtée (code ${code}) avant d’être prête`);
    const status = await fetch(`http://${urlHost(o.host)}:${o.port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw failed(`n’est pas prête après ${READY_SECONDS} s (/readyz : ${status || 'pas de réponse'})`);
    }
  }
  return {
    name: o.name,
    port: o.port,
    pid: child.pid!,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
