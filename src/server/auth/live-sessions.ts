/**
 * Who holds a live session (§3: a revoked session stops its tokens at once), read from the database or from this
 * process's memory of it. The memory is kept only while the database tells this process of every change that could
 * make it wrong (migration 0021's triggers, on the channel 'boutique_auth'); without that, every read asks the database.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { builtOnce, type Database, type Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

/** What a signed-in request needs to know of its session's holder. */
export interface LiveSession {
  userId: number;
  role: 'customer' | 'admin';
  isVerified: boolean;
}

/** The channel migration 0021's triggers notify: 's:<session id>' or 'u:<user id>'. */
export const AUTH_CHANNEL = 'boutique_auth';
/** A remembered session is read again after this long even if nothing was told (a backstop, never the rule). */
export const REMEMBERED_MS = 30_000;
const REMEMBERED_MAX = 10_000;
/** After a lost connection, listening again is tried after this long, doubling up to a minute. */
const RETRY_MS = 1_000;

// Read on every signed-in request the memory cannot answer.
const liveSession = builtOnce((db) =>
  db
    .select({ role: users.role, isVerified: users.isVerified })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, sql.placeholder('sub')), isNull(sessions.revokedAt)))
    .prepare(''),
);

interface Memory {
  listening: boolean;
  // Bumped by every change told: a read that began before one is not remembered (it may hold what the change undid).
  generation: number;
  bySession: Map<string, LiveSession & { until: number }>;
}

const memories = new WeakMap<Db, Memory>();

/** Forgets what `payload` ('s:<session id>' or 'u:<user id>') changed; anything else, everything. */
function forget(memory: Memory, payload: string): void {
  memory.generation++;
  const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
  if (kind === 's:') memory.bySession.delete(id);
  else if (kind === 'u:' && /^\d+$/.test(id)) {
    for (const [sid, held] of memory.bySession) if (held.userId === Number(id)) memory.bySession.delete(sid);
  } else memory.bySession.clear();
}

/** The holder of session `sid` of user `sub` if it is live, else null. */
export async function readLiveSession(db: Db, sid: string, sub: number, now = Date.now()): Promise<LiveSession | null> {
  const memory = memories.get(db);
  const known = memory?.listening ? memory.bySession.get(sid) : undefined;
  if (known && known.userId === sub && known.until > now) return known;
  const generation = memory?.generation;
  const [row] = await liveSession(db).execute({ sid, sub });
  if (!row) return null;
  const live: LiveSession = { userId: sub, role: row.role, isVerified: row.isVerified };
  if (memory?.listening && memory.generation === generation) {
    if (memory.bySession.size >= REMEMBERED_MAX) memory.bySession.delete(memory.bySession.keys().next().value!);
    memory.bySession.set(sid, { ...live, until: now + REMEMBERED_MS });
  }
  return live;
}

/**
 * What this process just changed of `userId`'s access (a session revoked, the account verified or removed), forgotten
 * at once: the database's notice of it may reach this process after the answer to the change has reached the client.
 */
export function forgetUser(db: Db, userId: number): void {
  const memory = memories.get(db);
  if (memory) forget(memory, `u:${userId}`);
}

/**
 * Starts remembering live sessions of `database`, for as long as it listens to the changes; listens again after a lost
 * connection (forgetting everything meanwhile). The returned stop ends it.
 */
export async function rememberLiveSessions(database: Database, warn: (message: string) => void = () => {}): Promise<() => Promise<void>> {
  const memory: Memory = { listening: false, generation: 0, bySession: new Map() };
  memories.set(database.db, memory);
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | undefined;
  const lost = (delay: number) => (err: Error) => {
    memory.listening = false;
    forget(memory, '*');
    stopListening = null;
    if (stopped) return;
    warn(`Sessions lues en base à chaque requête : écoute des changements perdue (${err.message}).`);
    retry = setTimeout(() => void listen(Math.min(delay * 2, 60_000)), delay);
  };
  const listen = async (delay: number) => {
    try {
      const stop = await database.listen(AUTH_CHANNEL, (payload) => forget(memory, payload), lost(RETRY_MS));
      if (stopped) return void (await stop());
      stopListening = stop;
      // Remembered from now on: every change committed after LISTEN is told.
      memory.listening = true;
    } catch (err) {
      lost(delay)(err as Error);
    }
  };
  await listen(RETRY_MS);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    memory.listening = false;
    memories.delete(database.db);
    await stopListening?.();
  };
}
