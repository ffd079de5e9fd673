/** Runs a shell command's `main` (`npm run seed`, `admin`, `backup`, `restore`): exits with its code, or 1 with the French message of what it threw. */
export function runCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/**
 * A command's options, read by `read` (node's parseArgs): a bad option prints its French message and `usage` (exit code
 * 2), `--help` prints `usage` (exit code 0); either way the exit code is returned instead of the options.
 */
export function commandOptions<T>(
  read: () => T,
  help: (options: T) => boolean | undefined,
  usage: string,
  io: { out: (line: string) => void; err: (line: string) => void },
): T | number {
  let options: T;
  try {
    options = read();
  } catch (e) {
    io.err(`Option invalide : ${(e as Error).message}`);
    io.err(usage);
    return 2;
  }
  if (!help(options)) return options;
  io.out(usage);
  return 0;
}
