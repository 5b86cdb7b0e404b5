import { defineConfig } from '@playwright/test';
import {
  baseURL,
  chromiumArgs,
  chromiumPath,
  externalBaseURL,
  isCI,
  webServerCommand,
} from './e2e/environment';

if (!chromiumPath) {
  const message =
    (process.env.CHROMIUM_PATH
      ? `No Chromium at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}. `
      : 'No Chromium found at /usr/bin/chromium or /usr/bin/chromium-browser. ') +
    'Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.';
  if (isCI) throw new Error(`${message} The browser tests cannot run in CI without it.`);
  console.warn(
    `\n${'!'.repeat(100)}\n!! ${message}\n!! ALL BROWSER TESTS ARE SKIPPED.\n${'!'.repeat(100)}\n`,
  );
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  // As for the API tests: one more run under CI on a noisy shared machine; Playwright reports such a test as flaky.
  retries: isCI ? 1 : 0,
  // A safety net, not a measure: the console's largest pages run axe several times, which on a busy two-core CI
  // machine beside another worker can pass Playwright's default 30 s.
  timeout: 60_000,
  // Likewise for one expectation: a list's first answer may take over the default 5 s there.
  expect: { timeout: 10_000 },
  workers: isCI ? 2 : undefined,
  reporter: [
    ['list'],
    ...(isCI ? [['html', { open: 'never' }] as const] : []),
    // scripts/test-all.mjs reads the counts for its closing line
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as const]
      : []),
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium' }],
  // No server when there is no browser to test with, or when E2E_BASE_URL names a running one.
  webServer:
    chromiumPath && !externalBaseURL
      ? {
          command: webServerCommand,
          url: baseURL,
          reuseExistingServer: !isCI,
          // Start-up limit only (a first run builds the site); no test measures time.
          timeout: 180_000,
          stdout: 'ignore',
          stderr: 'pipe',
        }
      : undefined,
});
