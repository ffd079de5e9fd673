/** HAProxy's runtime API over its Unix socket (management guide §9.3): what a rolling restart tells the load balancer. */
import { createConnection } from 'node:net';
import { BACKEND } from './haproxy-config.ts';

/** Sends one command and resolves with HAProxy's whole answer (it closes the connection after it). */
export function runtimeCommand(socket: string, command: string): Promise<string> {
  return new Promise((ok, fail) => {
    let answer = '';
    // Not interactive: HAProxy answers the one command, then closes the connection.
    const conn = createConnection(socket, () => conn.write(`${command}\n`));
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      answer += chunk;
    });
    conn.once('error', fail);
    conn.once('close', () => ok(answer));
  });
}

/** Runs a command that answers nothing on success; throws HAProxy's words otherwise. */
async function act(socket: string, command: string): Promise<void> {
  const answer = (await runtimeCommand(socket, command)).trim();
  if (answer) throw new Error(`HAProxy a refusé « ${command} » : ${answer}`);
}

/** `drain`: no new request goes to the instance (it stays checked); `ready`: back in the rotation. */
export const setState = (socket: string, server: string, state: 'ready' | 'drain' | 'maint') =>
  act(socket, `set server ${BACKEND}/${server} state ${state}`);

/** Marks the instance up at once, instead of after two checks (its own /readyz was just read). */
export const markUp = (socket: string, server: string) => act(socket, `set server ${BACKEND}/${server} health up`);

/** One instance as HAProxy sees it. */
export interface ServerStat {
  name: string;
  /** UP, DOWN, DRAIN, MAINT, or a transition such as "UP 1/2". */
  status: string;
  /** Requests in flight on it. */
  current: number;
  /** Times the balancer chose it since HAProxy started. */
  chosen: number;
}

/** The instances' state and counters (`show stat`, CSV with a header line). */
export async function serverStats(socket: string): Promise<ServerStat[]> {
  const [head, ...rows] = (await runtimeCommand(socket, 'show stat')).split('\n').filter(Boolean);
  const columns = (head ?? '').replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((line) => line.split(','))
    .filter((cells) => cells[at('pxname')] === BACKEND && cells[at('svname')] !== 'BACKEND')
    .map((cells) => ({
      name: cells[at('svname')]!,
      status: cells[at('status')]!,
      current: Number(cells[at('scur')]),
      chosen: Number(cells[at('lbtot')]),
    }));
}
