/** `npm run admin -- --email … [--name …] [--phone …] [--reset]`: creates an administrator; the password comes from ADMIN_PASSWORD or standard input, never from the command line. */
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { adminInputSchema, ensureAdmin } from './admin-account.ts';
import { commandOptions, runCommand } from '../command.ts';

const USAGE = [
  'Usage : npm run admin -- --email vous@exemple.sn [--name "Votre nom"] [--phone 77…] [--reset]',
  '  Crée un administrateur (base : DATABASE_URL, sinon DATA_DIR/pglite, serveur arrêté).',
  '  Le mot de passe est lu dans ADMIN_PASSWORD, sinon demandé (ou lu sur l’entrée standard) : jamais en argument.',
  '  --reset remplace le mot de passe d’un administrateur existant et ferme ses sessions.',
].join('\n');

const NO_PASSWORD = 'Mot de passe absent : tapez-le quand il est demandé, passez-le sur l’entrée standard ou dans ADMIN_PASSWORD.';
const LABELS: Record<string, string> = { email: '--email', name: '--name', phone: '--phone', password: 'mot de passe' };

/** What the command reads and writes; tests hand their own. */
export interface AdminCliIo {
  env: Record<string, string | undefined>;
  /** The password typed (twice, hidden) on a terminal, or the first line of piped input. */
  readPassword: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
}

// A terminal's echo goes nowhere while the password is typed.
async function askHidden(question: string): Promise<string> {
  process.stderr.write(question);
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return await rl.question('');
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await askHidden('Mot de passe : ');
    const again = await askHidden('Confirmez le mot de passe : ');
    if (first !== again) throw new Error('Les mots de passe ne correspondent pas.');
    return first;
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

const issues = (error: z.ZodError) => error.issues.map((i) => `${LABELS[String(i.path[0])] ?? String(i.path[0])} : ${i.message}`);

const readOptions = (args: string[]) =>
  parseArgs({
    args,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      reset: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;

/** Runs the command; returns the process exit code (0 done or nothing to do, 1 refused, 2 bad usage). */
export async function main(argv: string[], io: Partial<AdminCliIo> = {}): Promise<number> {
  const { env = process.env, out = console.log, err = console.error } = io;
  if (argv.some((a) => a === '--password' || a.startsWith('--password='))) {
    err(
      '--password n’est pas accepté : un mot de passe en argument reste dans l’historique du shell et la liste des processus (changez-le s’il y est déjà).',
    );
    err(USAGE);
    return 2;
  }
  const values = commandOptions(
    () => readOptions(argv),
    (v) => v.help,
    USAGE,
    { out, err },
  );
  if (typeof values === 'number') return values;
  const who = adminInputSchema.omit({ password: true }).safeParse({
    email: values.email ?? env.ADMIN_EMAIL,
    name: values.name ?? env.ADMIN_NAME ?? 'Administrateur',
    phone: values.phone ?? env.ADMIN_PHONE,
  });
  if (!who.success) {
    for (const line of issues(who.error)) err(line);
    err(USAGE);
    return 2;
  }
  const password = env.ADMIN_PASSWORD || (await (io.readPassword ?? readPassword)());
  if (!password) {
    err(NO_PASSWORD);
    return 2;
  }
  const input = adminInputSchema.safeParse({ ...who.data, password });
  if (!input.success) {
    for (const line of issues(input.error)) err(line);
    return 2;
  }
  // ADMIN_* are this command's input, checked above; the server's pairing rule does not apply here.
  const config = loadEnv(Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('ADMIN_'))));
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: join(config.DATA_DIR, 'pglite') });
  try {
    const outcome = await ensureAdmin(database.db, input.data, { reset: values.reset, now: new Date(), source: 'npm run admin' });
    const email = input.data.email;
    if (outcome.kind === 'created') out(`Administrateur créé : ${email}. Connectez-vous sur /login, puis ouvrez /admin.`);
    else if (outcome.kind === 'unchanged') out(`L’administrateur ${email} existe déjà avec ce mot de passe : rien à changer.`);
    else if (outcome.kind === 'reset') out(`Mot de passe de l’administrateur ${email} remplacé ; ses sessions ouvertes sont fermées.`);
    else if (outcome.kind === 'refused') {
      err(outcome.message);
      return 1;
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) runCommand(main);
