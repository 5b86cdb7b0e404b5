import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config/index.js';
import { type Db, openDatabase } from '../../src/db/client.js';
import { SANDBOX } from '../../src/db/seed/sandbox.js';
import { epochSeconds, systemClock } from '../../src/domain/clock.js';
import { hmacSha256Hex } from '../../src/security/tokens.js';
import { newPostgresDatabase } from './databases.js';
import { productionEnv } from './production.js';

export { SANDBOX };

/**
 * A database of its own for one test file: in-memory SQLite, or a fresh PostgreSQL database when DATABASE_URL is
 * PostgreSQL. A database rather than a schema, because files run side by side: Kysely's migrator reads the whole
 * catalogue of its database, and a schema another file drops at that moment makes the read fail.
 */
export async function openTestDatabase(): Promise<{
  db: Db;
  url: string;
  drop: () => Promise<void>;
  reopen: () => Db;
}> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    const db = openDatabase('sqlite::memory:');
    // In-memory SQLite is one process's own database: a "second node" shares the connection.
    return { db, url: 'sqlite::memory:', drop: () => db.close(), reopen: () => db };
  }
  const database = await newPostgresDatabase(url, { durable: false });
  const db = openDatabase(database.url, { poolSize: 5 });
  const others: Db[] = [];
  return {
    db,
    url: database.url,
    reopen: () => {
      const other = openDatabase(database.url, { poolSize: 5 });
      others.push(other);
      return other;
    },
    drop: async () => {
      for (const other of others) await other.close();
      await db.close();
      await database.drop();
    },
  };
}

const TEST_ENV = { LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '12', LOGIN_ATTEMPTS_PER_MINUTE: '10000' };

/**
 * A test app's configuration. `mode: 'production'` reads the environment production requires (partners where
 * nothing answers, quick to give up), so a production-mode test app is checked like a real start.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const production =
    overrides.mode === 'production'
      ? {
          ...productionEnv(),
          CREDIT_BUREAU_TIMEOUT_MS: '1000',
          CREDIT_BUREAU_DEADLINE_MS: '1000',
          BILLING_SYSTEM_TIMEOUT_MS: '1000',
          BILLING_SYSTEM_DEADLINE_MS: '1000',
        }
      : {};
  // Test databases live as long as the test process: so does their sandbox key (no file in ./data).
  return loadConfig({ ...TEST_ENV, ...production }, { sandboxKeyFile: null, ...overrides });
}

export interface CallOptions {
  token?: string;
  customerHash?: string;
  query?: Record<string, string | number | boolean | Array<string | number>>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  baseUrl: string;
  /** The Operations console's server (its pages and /ops/api/v1), on a port of its own. */
  consoleUrl: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  sandboxToken(): Promise<string>;
  sandboxCustomerHash(): Promise<{ customerId: number; customerHash: string }>;
}

export function signLogin(apiKey: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  return {
    token: apiKey,
    timestamp: String(timestamp),
    signature: hmacSha256Hex(secret, `${apiKey}:${timestamp}`),
  };
}

function urlOf(baseUrl: string, path: string, query: CallOptions['query']): string {
  const url = new URL(
    path.startsWith('/api') || path.startsWith('/Swagger') ? path : `/api/v1${path}`,
    baseUrl,
  );
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of [value].flat()) url.searchParams.append(key, String(v));
  }
  return url.toString();
}

/** Calls a Voltin server at `baseUrl` the way an integrator would: JSON in, the parsed envelope out. */
export function httpClient(baseUrl: string): TestApi['call'] {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.customerHash) headers['x-customer-hash'] = options.customerHash;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(urlOf(baseUrl, path, options.query), { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed as any };
  };
}

/**
 * With VOLTIN_TEST_LOG_FILE set (`npm test` sets it for the API suite), every app `useTestApi` builds logs at level
 * info to that file, appended by every test process, so the log scan (scripts/scan-test-logs.mjs) can look for
 * personal data in what a real deployment would log. Unset, the apps log nothing.
 */
function logToFileIfAsked(): { overrides: Partial<Config>; options: BuildOptions } {
  const file = process.env.VOLTIN_TEST_LOG_FILE;
  if (!file) return { overrides: {}, options: {} };
  testLogFile ??= pino.destination({
    dest: file,
    append: true,
    sync: true,
  }) as unknown as NodeJS.WritableStream;
  return { overrides: { logLevel: 'info' }, options: { logStream: testLogFile } };
}
let testLogFile: NodeJS.WritableStream | undefined;

/**
 * Builds the app on its own database, listens on a free loopback port, and tears all down after the file.
 * `adapters` replaces external systems (fault tests); `build.clock`, the time (a test's manual clock).
 */
export function useTestApi(
  overrides: Partial<Config> = {},
  adapters: BuildOptions['adapters'] = {},
  build: Pick<BuildOptions, 'clock'> = {},
): TestApi {
  const api = {} as TestApi;
  let drop: () => Promise<void>;
  const undeclared = new Set<string>();
  let token: { value: string; at: number } | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
    const logging = logToFileIfAsked();
    const app = await buildApp(
      testConfig({ databaseUrl: database.url, ...logging.overrides, ...overrides }),
      {
        db: database.db,
        adapters,
        ...build,
        ...logging.options,
        onUndeclaredAnswer: ({ method, route, status, code }) =>
          undeclared.add(`${method} ${route} answered ${status} ${code ?? '(no code)'}`),
      },
    );
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const consoleUrl = await app.voltin.console!.listen({ host: '127.0.0.1', port: 0 });
    // The ports are known only now: links point at these servers unless the test configured them itself.
    if (!overrides.publicBaseUrl) app.voltin.config.publicBaseUrl = address;
    if (!overrides.console) app.voltin.config.console.baseUrl = consoleUrl;
    Object.assign(api, { app, db: database.db, baseUrl: address, consoleUrl });
  });
  afterAll(async () => {
    // The file is over: a connection a test left open (a response it did not read to the end) must not hold the close.
    api.app?.voltin.console?.server.closeAllConnections();
    api.app?.server.closeAllConnections();
    await api.app?.close();
    await drop?.();
    // Every answer a route gives is in its OpenAPI entry: a new failure is declared where the route is.
    if (undeclared.size > 0)
      throw new Error(`answers the OpenAPI document does not declare:\n${[...undeclared].join('\n')}`);
  });
  api.call = (method, path, options) => httpClient(api.baseUrl)(method, path, options);
  // Signed at the app's own time, and signed in again once that time has moved ten minutes (a test's manual clock
  // may move days), well inside the token's life.
  const clock = build.clock ?? systemClock;
  api.sandboxToken = async () => {
    const now = clock.now().getTime();
    if (token && now - token.at < 600_000) return token.value;
    const response = await api.call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, epochSeconds(clock)),
    });
    if (response.status !== 200) throw new Error(`sandbox login failed: ${JSON.stringify(response.body)}`);
    token = { value: response.body.data.token as string, at: now };
    return token.value;
  };
  api.sandboxCustomerHash = async () => {
    const response = await api.call('POST', '/customers/login', {
      token: await api.sandboxToken(),
      body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
    });
    if (response.status !== 200) throw new Error(`customer login failed: ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
  return api;
}

/** Asserts the failure envelope and returns it, for further checks. */
export function expectFailure(response: ApiResponse, status: number, code: string) {
  const { body } = response;
  if (response.status !== status || body?.code !== code || body?.succeeded !== false || body?.data !== null) {
    throw new Error(`expected ${status} ${code}, got ${response.status} ${JSON.stringify(body)}`);
  }
  if (!Array.isArray(body.errors) || body.errors.length === 0 || typeof body.message !== 'string') {
    throw new Error(`failure envelope is incomplete: ${JSON.stringify(body)}`);
  }
  return body;
}

/**
 * Sends a request again while its Idempotency-Key is held by the same request still running (409
 * IDEMPOTENCY_KEY_IN_USE), as a client told to ask again shortly does; returns the answer it ends with.
 */
export async function askAgainWhileInUse(
  send: () => Promise<ApiResponse>,
  waitMs = 50,
): Promise<ApiResponse> {
  for (;;) {
    const response = await send();
    if (response.body?.code !== 'IDEMPOTENCY_KEY_IN_USE') return response;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
