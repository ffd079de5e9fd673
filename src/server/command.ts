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
