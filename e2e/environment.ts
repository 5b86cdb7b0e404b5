import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The one place that says how the browser tests reach the site and which browser they drive.
 *
 * The tests run against what `npm start` serves: the Voltin server (apps/api) with the built docs site at `/`,
 * on its own port and a throw-away SQLite database. E2E_BASE_URL points them at a server already running.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

export const externalBaseURL = process.env.E2E_BASE_URL;
export const baseURL = externalBaseURL ?? `http://localhost:${port}`;
/** The Operations console's own port beside it (E2E_CONSOLE_URL with E2E_BASE_URL). */
export const consoleURL = process.env.E2E_CONSOLE_URL ?? `http://localhost:${port + 1}`;
/** The customer self-service site's port after it (E2E_SITE_URL with E2E_BASE_URL). */
export const siteURL = process.env.E2E_SITE_URL ?? `http://localhost:${port + 2}`;

/**
 * The throw-away SQLite database of the server the tests start, made anew at each start. A test that needs a service
 * task run (service starting on its start date) runs it on this database as an operator does (`npm run tasks`); with
 * E2E_BASE_URL, E2E_DATABASE_URL names the running server's database (without it, such tests are skipped).
 */
const databaseDir = path.join(tmpdir(), `voltin-e2e-${port}`);
const ownDatabaseUrl = `sqlite:${path.join(databaseDir, 'e2e.sqlite')}`;
export const databaseUrl = process.env.E2E_DATABASE_URL ?? (externalBaseURL ? undefined : ownDatabaseUrl);

/**
 * Builds the API, the docs site, the console and the self-service site when they are not built yet, then starts them
 * as `npm start` does (scripts/serve.mjs). Run from the repository root.
 */
export const webServerCommand =
  '(test -f apps/docs/build/index.html && test -f apps/api/dist/server.js || node scripts/build-docs.mjs) && ' +
  '(test -f apps/console/dist/index.html || npm run build -w @voltin/console) && ' +
  '(test -f apps/self-service/dist/index.html && test -f apps/self-service/dist-server/main.js || npm run build -w @voltin/self-service) && ' +
  `rm -rf '${databaseDir}' && mkdir -p '${databaseDir}' && ` +
  `PORT=${port} CONSOLE_PORT=${port + 1} SELF_SERVICE_PORT=${port + 2} HOST=127.0.0.1 LOG_LEVEL=warn BACKGROUND_TASKS=false DATABASE_URL=${ownDatabaseUrl} node scripts/serve.mjs`;

/**
 * The system Chromium (npx playwright install cannot download browsers here). CHROMIUM_PATH, when set,
 * is the only candidate.
 */
export const chromiumPath = (
  process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser']
).find((candidate) => existsSync(candidate));

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const isCI = process.env.CI === 'true' || process.env.CI === '1';
