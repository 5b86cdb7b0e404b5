import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocumentSigningConfig, documentSigningFrom } from './document-signing.js';
import { type Integrations, integrationsFrom } from './integrations.js';
import type { Mode } from './mode.js';
import { type UploadQuotas, uploadQuotasFrom } from './uploads.js';

export type { Mode };

/** How failed logins are slowed down (see createLoginThrottle); the same for customers and web service accounts. */
export interface LoginLimits {
  /** Failures of one login name from one client address answered at once. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  firstDelaySeconds: number;
  /** The longest wait between two attempts of one login name from one address. */
  maxDelaySeconds: number;
  /** Failed logins from one client address per hour, whatever the login names. */
  failuresPerAddressPerHour: number;
  /** Failed logins of one login name per hour from addresses it never logged in from. */
  failuresPerAccountPerHour: number;
  /** Account-probing calls (validate-new-customer, forgot-username, forgot-password) per client address per hour. */
  probesPerAddressPerHour: number;
}

export interface Config {
  mode: Mode;
  host: string;
  port: number;
  databaseUrl: string;
  /**
   * Base64 of 32 random bytes, from VOLTIN_MASTER_KEY or the file VOLTIN_MASTER_KEY_FILE names; required in
   * production. Never stored in the database.
   */
  masterKey: Buffer | null;
  /**
   * Where the sandbox keeps the master key it generates when none is given: next to its SQLite file, or in ./data for
   * PostgreSQL. Null in production (the key must be given) and for in-memory SQLite (a key for the process).
   */
  sandboxKeyFile: string | null;
  /** Master keys a rotation replaces (VOLTIN_PREVIOUS_MASTER_KEYS): they open and verify, never seal or sign. */
  previousMasterKeys: Buffer[];
  logLevel: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  customerSessionTtlSeconds: number;
  loginAttemptsPerMinute: number;
  loginLimits: LoginLimits;
  loginSignatureWindowSeconds: number;
  passwordHashCost: number;
  /**
   * Addresses and CIDR ranges (or proxy-addr's `loopback`, `linklocal`, `uniquelocal`) of the reverse proxies whose
   * X-Forwarded-For is believed; the client address is the nearest one not in this list. Empty: none is.
   */
  trustProxy: string[];
  docsDir: string;
  /** "user:password" to put the docs site behind HTTP basic auth; null leaves it public. */
  docsBasicAuth: string | null;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  /** Largest ESIID extract staff may upload from the console (kept in the database until imported). */
  esiidUploadLimitBytes: number;
  /** Files and bytes of uploaded documents per customer and per retail company (src/config/uploads.ts). */
  uploadQuotas: UploadQuotas;
  /** Longest a client may take to send a whole request, headers and body; a body that trickles in slower is cut with 408. */
  requestTimeoutMs: number;
  /** Longest a client may take to send the request line and headers (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** How long a node holds an enrollment it is sending to billing; after a crash, another node resends it after this. */
  submissionLeaseSeconds: number;
  /**
   * How long a call holds its Idempotency-Key while it runs; longer than any call takes. After a crash, the client's
   * retry with the key runs after this (until then it is 409 IDEMPOTENCY_KEY_IN_USE).
   */
  idempotencyLeaseSeconds: number;
  /** Whether this process runs the periodic background tasks (any number of nodes may; each run happens once). */
  backgroundTasks: boolean;
  /** SMTP relay for outgoing email (`smtp://…` or `smtps://…`); null keeps email in the outbox and the log. */
  smtpUrl: string | null;
  /** The sender of outgoing email, `address` or `Name <address>`. */
  mailFrom: string;
  /**
   * Scheme, host and port every absolute link the API hands out starts with (`https://api.example.com`, no path).
   * Links never come from the request's Host header, which the caller controls.
   */
  publicBaseUrl: string;
  /** How much of the plan-shopping catalogue one node keeps in memory (answers as sent, in characters). */
  catalogCacheMaxBytes: number;
  /** The bearer token Prometheus scrapes GET /metrics with; null leaves /metrics off (404). */
  metricsToken: string | null;
  /** DocuSign and its Connect webhook keys (src/config/document-signing.ts). */
  documentSigning: DocumentSigningConfig;
  /** The supplier's credit bureau and billing system connectors (src/config/integrations.ts). */
  integrations: Integrations;
  /** The Operations console's own server (its pages and /ops/api/v1). */
  console: ConsoleSettings;
}

export interface ConsoleSettings {
  /** CONSOLE_PORT: the console listens apart from the public API, so it can stay on a private network. */
  port: number;
  /** The built console's files (CONSOLE_DIR, apps/console/dist by default). */
  dir: string;
  /** Where staff reach the console (set-up links start with it); CONSOLE_BASE_URL, by default this host's port. */
  baseUrl: string;
  /** A session nobody used for this long is over (CONSOLE_IDLE_MINUTES). */
  idleSeconds: number;
  /** A session is over this long after sign-in, however active (CONSOLE_SESSION_HOURS). */
  absoluteSeconds: number;
  /** How long a set-up link (a new user, a password reset) can be used (CONSOLE_SETUP_LINK_HOURS). */
  setupLinkSeconds: number;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Voltin cannot start; fix the configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEFAULT_SQLITE_PATH = path.join(repoRoot, 'data', 'voltin.sqlite');
const DEFAULT_SANDBOX_KEY_FILE = path.join(repoRoot, 'data', 'voltin.master-key');
const DEFAULT_DOCS_DIR = path.join(repoRoot, 'apps', 'docs', 'build');
const DEFAULT_CONSOLE_DIR = path.join(repoRoot, 'apps', 'console', 'dist');

type Env = Record<string, string | undefined>;

/** PUBLIC_BASE_URL as its origin (no trailing slash); an absolute http(s) URL with nothing after the port. */
function publicBaseUrlFrom(raw: string, problems: string[], name = 'PUBLIC_BASE_URL'): string {
  const problem = `${name} must be an absolute http:// or https:// URL with no path, query or credentials, like "https://api.example.com"`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(problem);
    return raw;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!['http:', 'https:'].includes(url.protocol) || !bare || !/^https?:\/\//i.test(raw)) {
    problems.push(problem);
  }
  return url.origin;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as the list of trusted proxies. `true` (every hop) would let any client choose its own address for the
 * rate limits by sending X-Forwarded-For, so production refuses it; the sandbox maps it to every address.
 */
function trustedProxiesFrom(raw: string | undefined, mode: Mode, problems: string[]): string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return [];
  if (value === 'true') {
    if (mode === 'production')
      problems.push(
        'TRUST_PROXY=true would believe X-Forwarded-For from anyone; list the addresses of your reverse proxies instead, like "10.0.0.5,10.0.1.0/24"',
      );
    return ['0.0.0.0/0', '::/0'];
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0)
    problems.push(
      `TRUST_PROXY must be a comma-separated list of IP addresses, CIDR ranges or loopback, linklocal, uniquelocal (not ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
  return entries;
}

const GENERATE_KEY = `node -e "console.log(require('crypto').randomBytes(32).toString('base64'))"`;

/** A secret setting given in NAME or in the file NAME_FILE names (container secrets), never both; null when neither. */
function secretSetting(
  env: Env,
  name: string,
  problems: string[],
): { encoded: string; source: string } | null | 'unreadable' {
  const file = env[`${name}_FILE`]?.trim() || null;
  if (env[name] && file) {
    problems.push(`Set either ${name} or ${name}_FILE, not both`);
    return 'unreadable';
  }
  if (!file) return env[name] ? { encoded: env[name]!, source: name } : null;
  try {
    return { encoded: readFileSync(file, 'utf8').trim(), source: `The file ${name}_FILE names (${file})` };
  } catch (error) {
    problems.push(
      `${name}_FILE names a file Voltin cannot read (${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    );
    return 'unreadable';
  }
}

/** The master key from VOLTIN_MASTER_KEY or the file VOLTIN_MASTER_KEY_FILE names (container secrets), never both. */
function masterKeyFrom(env: Env, mode: Mode, problems: string[]): Buffer | null {
  const setting = secretSetting(env, 'VOLTIN_MASTER_KEY', problems);
  if (setting === 'unreadable') return null;
  if (setting === null) {
    if (mode === 'production')
      problems.push(
        `VOLTIN_MASTER_KEY is required in production, or VOLTIN_MASTER_KEY_FILE naming a file that holds it (generate a key with: ${GENERATE_KEY})`,
      );
    return null;
  }
  const key = Buffer.from(setting.encoded, 'base64');
  if (key.length !== 32) problems.push(`${setting.source} must hold the base64 encoding of exactly 32 bytes`);
  return key;
}

/**
 * The master keys a rotation replaces, from VOLTIN_PREVIOUS_MASTER_KEYS or VOLTIN_PREVIOUS_MASTER_KEYS_FILE:
 * base64 keys separated by commas (or lines, in a file). They open values and accept tokens and links, never seal
 * or sign.
 */
function previousMasterKeysFrom(env: Env, masterKey: Buffer | null, problems: string[]): Buffer[] {
  const setting = secretSetting(env, 'VOLTIN_PREVIOUS_MASTER_KEYS', problems);
  if (setting === null || setting === 'unreadable') return [];
  const keys = setting.encoded
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((encoded) => Buffer.from(encoded, 'base64'));
  const malformed = keys.filter((key) => key.length !== 32).length;
  if (malformed > 0)
    problems.push(
      `${setting.source} must be base64 keys of exactly 32 bytes separated by commas (${malformed} of ${keys.length} are not)`,
    );
  if (masterKey && keys.some((key) => key.equals(masterKey)))
    problems.push(`${setting.source} lists the current master key; it names only keys a rotation replaces`);
  return malformed > 0 ? [] : keys;
}

/** The file the sandbox keeps its generated key in: beside its SQLite database, so the two travel together. */
function sandboxKeyFileFor(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return DEFAULT_SANDBOX_KEY_FILE;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:') return null;
  const resolved = path.resolve(file);
  return path.join(path.dirname(resolved), `${path.parse(resolved).name}.master-key`);
}

type IntSetting = (name: string, fallback: number, min: number, max: number) => number;

function consoleSettingsFrom(env: Env, mode: Mode, int: IntSetting, problems: string[]): ConsoleSettings {
  const port = int('CONSOLE_PORT', 3001, 0, 65535);
  if (mode === 'production' && !env.CONSOLE_BASE_URL?.trim())
    problems.push(
      'CONSOLE_BASE_URL is required in production: the address staff reach the Operations console at, which its one-time set-up links start with',
    );
  const baseUrl = publicBaseUrlFrom(
    env.CONSOLE_BASE_URL?.trim() || `http://localhost:${port}`,
    problems,
    'CONSOLE_BASE_URL',
  );
  return {
    port,
    dir: env.CONSOLE_DIR || DEFAULT_CONSOLE_DIR,
    baseUrl,
    idleSeconds: int('CONSOLE_IDLE_MINUTES', 30, 1, 24 * 60) * 60,
    absoluteSeconds: int('CONSOLE_SESSION_HOURS', 12, 1, 24 * 7) * 3600,
    setupLinkSeconds: int('CONSOLE_SETUP_LINK_HOURS', 24, 1, 24 * 14) * 3600,
  };
}

/** NODE_ENV=production is production; anything else is the sandbox. */
export const modeOf = (env: Env = process.env): Mode =>
  env.NODE_ENV === 'production' ? 'production' : 'sandbox';

/** Reads and validates every setting at once, so a bad deployment learns all its mistakes in one start. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const mode = modeOf(env);
  const databaseUrl = env.DATABASE_URL?.trim() || `sqlite:${DEFAULT_SQLITE_PATH}`;
  if (!/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must be "sqlite:PATH" or "postgres://…" (got "${databaseUrl.split('@').pop()}")`,
    );
  }

  const masterKey = masterKeyFrom(env, mode, problems);
  const previousMasterKeys = previousMasterKeysFrom(env, masterKey, problems);
  const docsBasicAuth = env.DOCS_BASIC_AUTH || null;
  if (docsBasicAuth !== null && !/^[^:]+:.+$/.test(docsBasicAuth)) {
    problems.push('DOCS_BASIC_AUTH must look like "user:password"');
  }

  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/?#\s]+/.test(smtpUrl)) {
    problems.push(
      'SMTP_URL must look like "smtp://user:password@host:587" or "smtps://user:password@host:465"',
    );
  }
  const mailFrom = env.MAIL_FROM?.trim() || null;
  if (
    mailFrom !== null &&
    !/^([^<>]+<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/.test(mailFrom)
  ) {
    problems.push('MAIL_FROM must be an email address or "Name <address>"');
  }
  if (mode === 'production' && smtpUrl === null)
    problems.push(
      'SMTP_URL is required in production: the mail relay that sends password resets and autoresponders (with MAIL_FROM)',
    );
  if (smtpUrl !== null && mailFrom === null) {
    problems.push('MAIL_FROM is required when SMTP_URL is set (the relay must accept it as a sender)');
  }

  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters (generate one with: openssl rand -hex 32)');
  }

  const port = int('PORT', 3000, 0, 65535);
  const uploadLimitBytes = int('UPLOAD_LIMIT_BYTES', 10 * 1_048_576, 1024, 100 * 1_048_576);
  if (mode === 'production' && !env.PUBLIC_BASE_URL?.trim())
    problems.push(
      'PUBLIC_BASE_URL is required in production: the https:// address customers and partners reach this API at, which every link it hands out starts with',
    );
  const publicBaseUrl = publicBaseUrlFrom(
    env.PUBLIC_BASE_URL?.trim() || `http://localhost:${port}`,
    problems,
  );
  if (mode === 'production' && env.PUBLIC_BASE_URL?.trim() && !publicBaseUrl.startsWith('https://'))
    problems.push('PUBLIC_BASE_URL must be https:// in production: payment and document links travel in it');

  const config: Config = {
    mode,
    host: env.HOST || 'localhost',
    port,
    databaseUrl,
    masterKey,
    sandboxKeyFile: mode === 'sandbox' && masterKey === null ? sandboxKeyFileFor(databaseUrl) : null,
    previousMasterKeys,
    logLevel: env.LOG_LEVEL || 'info',
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 900, 30, 86_400),
    refreshTokenTtlSeconds: int('REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 300, 365 * 86_400),
    customerSessionTtlSeconds: int('CUSTOMER_SESSION_TTL_SECONDS', 12 * 3600, 60, 30 * 86_400),
    loginAttemptsPerMinute: int('LOGIN_ATTEMPTS_PER_MINUTE', 20, 1, 10_000),
    loginLimits: {
      freeFailures: 5,
      firstDelaySeconds: 30,
      maxDelaySeconds: 900,
      failuresPerAddressPerHour: int('LOGIN_FAILURES_PER_ADDRESS_PER_HOUR', 30, 1, 1_000_000),
      failuresPerAccountPerHour: int('LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR', 10, 1, 1_000_000),
      probesPerAddressPerHour: int('PROBES_PER_ADDRESS_PER_HOUR', 60, 1, 1_000_000),
    },
    loginSignatureWindowSeconds: 300,
    passwordHashCost: int('PASSWORD_HASH_COST', 17, 10, 20),
    trustProxy: trustedProxiesFrom(env.TRUST_PROXY, mode, problems),
    docsDir: env.DOCS_DIR || DEFAULT_DOCS_DIR,
    docsBasicAuth,
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    uploadLimitBytes,
    esiidUploadLimitBytes: int('ESIID_UPLOAD_LIMIT_BYTES', 256 * 1_048_576, 1024, 2047 * 1_048_576),
    uploadQuotas: uploadQuotasFrom(env, uploadLimitBytes, problems),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', 20_000, 1000, 3_600_000),
    backgroundTasks: env.BACKGROUND_TASKS !== 'false',
    submissionLeaseSeconds: int('SUBMISSION_LEASE_SECONDS', 120, 1, 3600),
    idempotencyLeaseSeconds: int('IDEMPOTENCY_LEASE_SECONDS', 120, 1, 3600),
    smtpUrl,
    mailFrom: mailFrom ?? 'Voltin <no-reply@voltin.invalid>',
    publicBaseUrl,
    catalogCacheMaxBytes: int('CATALOG_CACHE_MAX_BYTES', 32 * 1_048_576, 65_536, 2 ** 40),
    metricsToken,
    documentSigning: documentSigningFrom(env, mode, problems),
    integrations: integrationsFrom(env, mode, problems),
    console: consoleSettingsFrom(env, mode, int, problems),
  };
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(config.logLevel)) {
    problems.push(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${config.logLevel}")`,
    );
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push(
      `HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS (got ${config.headersTimeoutMs} and ${config.requestTimeoutMs})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, ...overrides };
}
