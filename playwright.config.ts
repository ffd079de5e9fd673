import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 4399);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Browser journeys against the built shop, served the way `npm start` serves it, on a throw-away database. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Once the shop answers (the web server starts first): the shop's settings the journeys share.
  globalSetup: './tests/fixtures/e2e-setup.ts',
  // scripts/e2e.mjs gives each shard its own folder.
  outputDir: process.env.E2E_OUTPUT || 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    trace: 'off',
    // A failing journey keeps what the screen showed (in test-results/), so a regression can be seen.
    screenshot: 'only-on-failure',
    // The background worker (/sw.js) would answer requests before `page.route` sees them and precache on every fresh
    // context: journeys run without it, except tests/e2e/offline.spec.ts, which turns it on to test it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node src/server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR || 'data/e2e',
      LOG_REQUESTS: 'false',
      NODE_ENV: 'test',
    },
  },
});
