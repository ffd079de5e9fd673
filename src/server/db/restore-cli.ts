/** `npm run restore -- FICHIER [--clean]`: restores a backup into an empty database (README "Backups"). */
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { describeCounts } from './backup-counts.ts';
import type { CliIo } from './backup-cli.ts';
import { restoreBackup } from './backup-restore.ts';
import { commandOptions, runCommand } from '../command.ts';

const USAGE = [
  'Usage : npm run restore -- FICHIER [--clean]',
  '  Restaure une sauvegarde de npm run backup dans une base vide : PostgreSQL (DATABASE_URL), sinon DATA_DIR/pglite (boutique arrêtée).',
  '  Une sauvegarde PGlite (.tar.gz) se restaure aussi dans PostgreSQL : c’est ainsi qu’une boutique passe de PGlite à PostgreSQL.',
  '  --clean : la base n’est pas vide et vous voulez la remplacer (PostgreSQL : effacée ; PGlite : dossier mis de côté).',
].join('\n');

/** Runs the command; returns the process exit code (0 restored, 1 refused or failed, 2 bad usage). */
export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const { env = process.env, out = console.log, err = console.error, now = () => new Date() } = io;
  const parsed = commandOptions(
    () => parseArgs({ args: argv, allowPositionals: true, options: { clean: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }),
    (p) => p.values.help,
    USAGE,
    { out, err },
  );
  if (typeof parsed === 'number') return parsed;
  if (parsed.positionals.length !== 1) {
    err(parsed.positionals.length === 0 ? 'Quel fichier restaurer ? Donnez le fichier de sauvegarde.' : 'Un seul fichier à la fois.');
    err(USAGE);
    return 2;
  }
  const file = parsed.positionals[0]!;
  try {
    const config = loadEnv(env);
    const report = await restoreBackup(config, file, { clean: parsed.values.clean === true, now: now(), env });
    if (report.setAside) out(`L’ancienne base a été mise de côté : ${report.setAside}.`);
    const from = report.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    out(`Sauvegarde ${from} ${file} restaurée dans ${report.where}.`);
    out(`  Relu dans la base : ${describeCounts(report.counts)}.`);
    return 0;
  } catch (e) {
    err(`Restauration impossible : ${(e as Error).message}`);
    return 1;
  }
}

if (import.meta.main) runCommand(main);
