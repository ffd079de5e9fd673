import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: at most two PGlite instances at once.
    maxWorkers: 2,
    // A migrated PGlite dump and PostgreSQL template, and the fixture password hashes, made once per run.
    globalSetup: ['tests/global-setup.ts'],
  },
});
