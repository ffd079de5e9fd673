import { defineConfig } from 'vitest/config';

// The browser half's stores keep state in their modules (atoms, what was reported once per page): each of its test
// files gets fresh modules. The server's and the domain's do not rely on that, and share each worker's loaded modules:
// importing the server afresh for every file was a fifth of the suite's time.
const browser = ['src/features', 'src/lib', 'src/components', 'src/worker'];

export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: at most two PGlite instances at once.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: browser.map((dir) => `${dir}/**`),
          isolate: false,
          // A migrated PGlite dump and PostgreSQL template, and the fixture password hashes, made once per run.
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'browser', include: browser.flatMap((dir) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`]) } },
    ],
  },
});
