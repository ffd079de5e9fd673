/** `npm run backup [-- --out FICHIER]`: writes the shop's database to one file (README "Backups"). */
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { describeCounts } from './backup-counts.ts';
import { humanSize } from './backup-file.ts';
import { takeBackup } from './backup.ts';
import { commandOptions, runCommand } from '../command.ts';

const USAGE = [
  'Usage : npm run backup [-- --out FICHIER]',
  '  Sauvegarde la base de la boutique : PostgreSQL (DATABASE_URL) avec pg_dump, sinon DATA_DIR/pglite (boutique arrêtée).',
  '  Sans --out : DATA_DIR/backups/boutique-<postgres|pglite>-<date>Z.<dump|tar.gz>. Un fichier existant n’est jamais remplacé.',
].join('\n');

/** What the command reads and writes; tests hand their own. */
export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  now: () => Date;
}

/** Runs the command; returns the process exit code (0 written, 1 failed, 2 bad usage). */
export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const { env = process.env, out = console.log, err = console.error, now = () => new Date() } = io;
  const values = commandOptions(
    () => parseArgs({ args: argv, options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } }).values,
    (v) => v.help,
    USAGE,
    { out, err },
  );
  if (typeof values === 'number') return values;
  try {
    const config = loadEnv(env);
    const report = await takeBackup(config, { now: now(), env, ...(values.out ? { out: values.out } : {}) });
    out(`Sauvegarde de ${report.where} écrite : ${report.file} (${humanSize(report.bytes)}).`);
    out(`  Elle contient ${describeCounts(report.counts)}.`);
    return 0;
  } catch (e) {
    err(`Sauvegarde impossible : ${(e as Error).message}`);
    return 1;
  }
}

if (import.meta.main) runCommand(main);
