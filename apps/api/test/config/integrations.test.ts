import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../src/config/index.js';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { integrationsFrom } from '../../src/config/integrations.js';

const SECRET = 's'.repeat(32);
const CONNECTORS = {
  CREDIT_BUREAU_URL: 'https://bureau.supplier.example/voltin',
  CREDIT_BUREAU_SECRET: SECRET,
  BILLING_SYSTEM_URL: 'https://billing.supplier.example',
  BILLING_SYSTEM_SECRET: SECRET,
};

function read(env: Record<string, string>, mode: Mode) {
  const problems: string[] = [];
  return { integrations: integrationsFrom(env, mode, problems), problems };
}

describe('credit bureau and billing system connector settings', () => {
  it('uses the sandbox systems in the sandbox when no connector is set', () => {
    expect(loadConfig({}).integrations).toEqual({ creditBureau: null, billingSystem: null });
  });

  it('names every missing setting in production', () => {
    expect(read({}, 'production').problems).toEqual([
      "CREDIT_BUREAU_URL and CREDIT_BUREAU_SECRET (or CREDIT_BUREAU_SECRET_FILE) are required in production: the connector that implements Voltin's credit bureau contract",
      "BILLING_SYSTEM_URL and BILLING_SYSTEM_SECRET (or BILLING_SYSTEM_SECRET_FILE) are required in production: the connector that implements Voltin's billing system contract",
    ]);
    const { problems } = read({ ...CONNECTORS, BILLING_SYSTEM_SECRET: '' }, 'production');
    expect(problems).toEqual([
      "BILLING_SYSTEM_SECRET (or BILLING_SYSTEM_SECRET_FILE) is required in production: the connector that implements Voltin's billing system contract",
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  });

  it('reads both connectors with the default patience: 5 s an attempt, 15 s a call, at most 4 attempts', () => {
    const { integrations, problems } = read(CONNECTORS, 'production');
    expect(problems).toEqual([]);
    expect(integrations.creditBureau).toEqual({
      url: 'https://bureau.supplier.example/voltin',
      secret: SECRET,
      retry: { attemptTimeoutMs: 5000, deadlineMs: 15000, firstRetryDelayMs: 250, maxAttempts: 4 },
    });
    expect(integrations.billingSystem?.url).toBe('https://billing.supplier.example');
  });

  it('takes the timeouts as settings, refusing an attempt longer than the whole call', () => {
    const { integrations } = read(
      { ...CONNECTORS, CREDIT_BUREAU_TIMEOUT_MS: '2000', CREDIT_BUREAU_DEADLINE_MS: '8000' },
      'production',
    );
    expect(integrations.creditBureau?.retry).toMatchObject({ attemptTimeoutMs: 2000, deadlineMs: 8000 });
    expect(
      read(
        { ...CONNECTORS, BILLING_SYSTEM_TIMEOUT_MS: '9000', BILLING_SYSTEM_DEADLINE_MS: 'soon' },
        'production',
      ).problems,
    ).toEqual([
      'BILLING_SYSTEM_DEADLINE_MS must be a whole number of milliseconds from 100 to 120000 (got "soon")',
    ]);
    expect(
      read(
        { ...CONNECTORS, BILLING_SYSTEM_TIMEOUT_MS: '9000', BILLING_SYSTEM_DEADLINE_MS: '3000' },
        'production',
      ).problems,
    ).toEqual(['BILLING_SYSTEM_TIMEOUT_MS must not be longer than BILLING_SYSTEM_DEADLINE_MS']);
  });

  it('requires https, except http://localhost in the sandbox; no credentials or query in the URL', () => {
    const local = { ...CONNECTORS, CREDIT_BUREAU_URL: 'http://127.0.0.1:8123/bureau' };
    expect(read(local, 'sandbox').problems).toEqual([]);
    expect(read(local, 'production').problems).toEqual([
      'CREDIT_BUREAU_URL must use https:// (http:// is accepted only for localhost in the sandbox), not "http://127.0.0.1:8123"',
    ]);
    expect(
      read({ ...CONNECTORS, CREDIT_BUREAU_URL: 'http://bureau.example' }, 'sandbox').problems,
    ).toHaveLength(1);
    expect(
      read({ ...CONNECTORS, BILLING_SYSTEM_URL: 'https://user:pw@billing.example/?key=1' }, 'production')
        .problems,
    ).toEqual([
      'BILLING_SYSTEM_URL must not carry credentials, a query or a fragment (the secret goes in its own setting)',
    ]);
    expect(read({ ...CONNECTORS, BILLING_SYSTEM_URL: 'billing.example' }, 'production').problems).toEqual([
      'BILLING_SYSTEM_URL must be an absolute https:// URL, like "https://connector.supplier.example"',
    ]);
  });

  it('in the sandbox, wants the URL and the secret together or neither', () => {
    expect(read({ CREDIT_BUREAU_URL: 'https://bureau.example' }, 'sandbox').problems).toEqual([
      'CREDIT_BUREAU_SECRET (or CREDIT_BUREAU_SECRET_FILE) must be set too, or neither (the sandbox credit bureau is used then)',
    ]);
  });

  it('reads a secret from a file (container secrets), never both, and refuses a short one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voltin-connector-'));
    const file = path.join(dir, 'bureau-secret');
    writeFileSync(file, `${SECRET}\n`);
    const fromFile = { ...CONNECTORS, CREDIT_BUREAU_SECRET: '', CREDIT_BUREAU_SECRET_FILE: file };
    expect(read(fromFile, 'production').integrations.creditBureau?.secret).toBe(SECRET);
    expect(read({ ...fromFile, CREDIT_BUREAU_SECRET: SECRET }, 'production').problems).toContain(
      'Set either CREDIT_BUREAU_SECRET or CREDIT_BUREAU_SECRET_FILE, not both',
    );
    expect(
      read({ ...fromFile, CREDIT_BUREAU_SECRET_FILE: path.join(dir, 'missing') }, 'production').problems[0],
    ).toMatch(/^CREDIT_BUREAU_SECRET_FILE names a file Voltin cannot read \(.*missing: ENOENT\)$/);
    expect(read({ ...CONNECTORS, BILLING_SYSTEM_SECRET: 'short' }, 'production').problems).toEqual([
      'BILLING_SYSTEM_SECRET must be at least 32 characters (generate one with: openssl rand -hex 32)',
    ]);
  });
});
