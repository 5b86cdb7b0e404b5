import { readFileSync } from 'node:fs';
import type { RetryPolicy } from '../adapters/connector-contract/client.js';
import type { Mode } from './mode.js';

type Env = Record<string, string | undefined>;

/** Where a supplier's connector answers Voltin's contract, the secret the calls are signed with, and the patience. */
export interface ConnectorSettings {
  /** Base URL; the contract's paths (`/v1/…`) are appended to it. */
  url: string;
  secret: string;
  retry: RetryPolicy;
}

/** The connectors Voltin calls; null means the in-process sandbox one (never in production). */
export interface Integrations {
  creditBureau: ConnectorSettings | null;
  billingSystem: ConnectorSettings | null;
}

/** The wait before the first retry (doubling after); a call is tried at most this many times within its deadline. */
const FIRST_RETRY_DELAY_MS = 250;
const MAX_ATTEMPTS = 4;
const MIN_SECRET_LENGTH = 32;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Decision: http:// only reaches a connector on this machine, and only in the sandbox (tests, local fakes). */
function connectorUrlFrom(name: string, raw: string, mode: Mode, problems: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} must be an absolute https:// URL, like "https://connector.supplier.example"`);
    return raw;
  }
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && mode === 'sandbox';
  if (url.protocol !== 'https:' && !local)
    problems.push(
      `${name} must use https:// (http:// is accepted only for localhost in the sandbox), not "${url.protocol}//${url.host}"`,
    );
  if (url.username || url.password || url.search || url.hash)
    problems.push(
      `${name} must not carry credentials, a query or a fragment (the secret goes in its own setting)`,
    );
  return raw;
}

/** NAME or the file NAME_FILE names (container secrets), never both; null when neither is set. */
function secretFrom(env: Env, name: string, problems: string[]): string | null {
  const file = env[`${name}_FILE`]?.trim() || null;
  if (env[name] && file) {
    problems.push(`Set either ${name} or ${name}_FILE, not both`);
    return null;
  }
  let secret = env[name] || null;
  if (file) {
    try {
      secret = readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(
        `${name}_FILE names a file Voltin cannot read (${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      );
      return null;
    }
  }
  if (secret !== null && secret.length < MIN_SECRET_LENGTH)
    problems.push(
      `${name} must be at least ${MIN_SECRET_LENGTH} characters (generate one with: openssl rand -hex 32)`,
    );
  return secret;
}

function millisecondsFrom(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 120_000) {
    problems.push(`${name} must be a whole number of milliseconds from 100 to 120000 (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** One connector's settings, all read at once: `<PREFIX>_URL`, `_SECRET` (or `_SECRET_FILE`), `_TIMEOUT_MS`, `_DEADLINE_MS`. */
function connectorFrom(
  env: Env,
  prefix: string,
  system: string,
  mode: Mode,
  problems: string[],
): ConnectorSettings | null {
  const rawUrl = env[`${prefix}_URL`]?.trim() || null;
  const secret = secretFrom(env, `${prefix}_SECRET`, problems);
  const attemptTimeoutMs = millisecondsFrom(env, `${prefix}_TIMEOUT_MS`, 5_000, problems);
  const deadlineMs = millisecondsFrom(env, `${prefix}_DEADLINE_MS`, 15_000, problems);
  if (attemptTimeoutMs > deadlineMs)
    problems.push(`${prefix}_TIMEOUT_MS must not be longer than ${prefix}_DEADLINE_MS`);
  const missing = [
    ...(rawUrl === null ? [`${prefix}_URL`] : []),
    ...(secret === null ? [`${prefix}_SECRET (or ${prefix}_SECRET_FILE)`] : []),
  ];
  if (rawUrl === null && secret === null && mode === 'sandbox') return null;
  if (missing.length > 0) {
    problems.push(
      mode === 'production'
        ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required in production: the connector that implements Voltin's ${system} contract`
        : `${missing.join(' and ')} must be set too, or neither (the sandbox ${system} is used then)`,
    );
    return null;
  }
  return {
    url: connectorUrlFrom(`${prefix}_URL`, rawUrl!, mode, problems),
    secret: secret!,
    retry: {
      attemptTimeoutMs,
      deadlineMs,
      firstRetryDelayMs: FIRST_RETRY_DELAY_MS,
      maxAttempts: MAX_ATTEMPTS,
    },
  };
}

/** The credit bureau and billing system connectors: required in production, optional (sandbox) otherwise. */
export function integrationsFrom(env: Env, mode: Mode, problems: string[]): Integrations {
  return {
    creditBureau: connectorFrom(env, 'CREDIT_BUREAU', 'credit bureau', mode, problems),
    billingSystem: connectorFrom(env, 'BILLING_SYSTEM', 'billing system', mode, problems),
  };
}
