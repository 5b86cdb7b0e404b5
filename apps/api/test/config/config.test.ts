import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { productionEnv } from '../helpers/production.js';

describe('configuration', () => {
  it('defaults to the sandbox on the embedded SQLite database at port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'sandbox', port: 3000, host: 'localhost', masterKey: null });
    expect(config.databaseUrl).toMatch(/^sqlite:.*data\/voltin\.sqlite$/);
  });

  it('reads PORT, DATABASE_URL and the master key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', VOLTIN_MASTER_KEY: key });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h/db' });
    expect(config.masterKey?.length).toBe(32);
  });

  it('refuses to start with every problem listed in one message', () => {
    const attempt = () =>
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
      expect(message).toContain('DATABASE_URL must be "sqlite:PATH" or "postgres://…"');
      expect(message).toContain('VOLTIN_MASTER_KEY is required in production');
      expect(message).toContain('LOG_LEVEL must be one of');
    }
  });

  describe('production refuses the sandbox', () => {
    it('starts with every external system configured for real', () => {
      const config = loadConfig(productionEnv());
      expect(config.mode).toBe('production');
      expect(config.publicBaseUrl).toBe('https://api.supplier.example');
    });

    it.each(Object.keys(productionEnv()).filter((name) => name !== 'NODE_ENV'))(
      'refuses to start without %s, naming it',
      (name) => {
        const { [name]: _, ...env } = productionEnv();
        expect(() => loadConfig(env)).toThrow(ConfigError);
        expect(() => loadConfig(env)).toThrow(name);
      },
    );

    it('names every missing setting in one sentence', () => {
      const message = (() => {
        try {
          loadConfig({ NODE_ENV: 'production' });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      for (const name of [
        'VOLTIN_MASTER_KEY',
        'PUBLIC_BASE_URL',
        'CONSOLE_BASE_URL',
        'SMTP_URL',
        'CREDIT_BUREAU_URL',
        'BILLING_SYSTEM_URL',
        'DOCUSIGN_INTEGRATION_KEY',
        'DOCUSIGN_CONNECT_HMAC_KEYS',
      ])
        expect(message).toContain(name);
    });

    it('wants the public base URL on https', () => {
      expect(() =>
        loadConfig({ ...productionEnv(), PUBLIC_BASE_URL: 'http://api.supplier.example' }),
      ).toThrow('PUBLIC_BASE_URL must be https:// in production');
    });
  });

  it('PUBLIC_BASE_URL defaults to localhost on PORT and is kept as its origin', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://API.voltin.example/' }).publicBaseUrl).toBe(
      'https://api.voltin.example',
    );
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://api.voltin.example:8443' }).publicBaseUrl).toBe(
      'https://api.voltin.example:8443',
    );
  });

  it('refuses a PUBLIC_BASE_URL that is not a bare absolute http(s) origin', () => {
    for (const bad of [
      'api.voltin.example',
      '//api.voltin.example',
      'ftp://api.voltin.example',
      'javascript:alert(1)',
      'https://api.voltin.example/api',
      'https://api.voltin.example?x=1',
      'https://api.voltin.example/#top',
      'https://user:secret@api.voltin.example',
    ]) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad }), bad).toThrow(/PUBLIC_BASE_URL must be an absolute/);
    }
  });

  it('reads the slow-client timeouts, and refuses a headers timeout longer than the request timeout', () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 20_000, requestTimeoutMs: 120_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '60000' })).toMatchObject({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 60_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '60000' })).toThrow(
      /HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10' })).toThrow(
      /REQUEST_TIMEOUT_MS must be a whole number/,
    );
  });

  it('reads the metrics token and the plan cache budget', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, catalogCacheMaxBytes: 32 * 1_048_576 });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token, CATALOG_CACHE_MAX_BYTES: '1048576' })).toMatchObject({
      metricsToken: token,
      catalogCacheMaxBytes: 1_048_576,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(() => loadConfig({ CATALOG_CACHE_MAX_BYTES: '100' })).toThrow(
      /CATALOG_CACHE_MAX_BYTES must be a whole/,
    );
  });

  it('refuses a master key of the wrong length', () => {
    expect(() => loadConfig({ VOLTIN_MASTER_KEY: 'c2hvcnQ=' })).toThrow(/exactly 32 bytes/);
  });

  describe('VOLTIN_MASTER_KEY_FILE', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voltin-key-'));
    const keyFile = (name: string, content: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return file;
    };
    const key = Buffer.alloc(32, 9);

    it('reads the key from the file, trimmed, for container secrets', () => {
      const file = keyFile('good', `  ${key.toString('base64')}\n`);
      const { VOLTIN_MASTER_KEY: _, ...production } = productionEnv();
      const config = loadConfig({ ...production, VOLTIN_MASTER_KEY_FILE: file });
      expect(config.masterKey).toEqual(key);
      expect(config.sandboxKeyFile).toBeNull();
    });

    it('refuses both settings at once, an unreadable file and a file without a 32-byte key', () => {
      const file = keyFile('both', key.toString('base64'));
      expect(() =>
        loadConfig({ VOLTIN_MASTER_KEY: key.toString('base64'), VOLTIN_MASTER_KEY_FILE: file }),
      ).toThrow('Set either VOLTIN_MASTER_KEY or VOLTIN_MASTER_KEY_FILE, not both');
      const missing = path.join(dir, 'missing');
      expect(() => loadConfig({ NODE_ENV: 'production', VOLTIN_MASTER_KEY_FILE: missing })).toThrow(
        `VOLTIN_MASTER_KEY_FILE names a file Voltin cannot read (${missing}: ENOENT)`,
      );
      expect(() => loadConfig({ VOLTIN_MASTER_KEY_FILE: keyFile('short', 'c2hvcnQ=\n') })).toThrow(
        /VOLTIN_MASTER_KEY_FILE names .* must hold the base64 encoding of exactly 32 bytes/,
      );
    });
  });

  it('the sandbox without a key keeps its generated one beside its SQLite file, in ./data for PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/voltin/voltin.sqlite' }).sandboxKeyFile).toBe(
      '/srv/voltin/voltin.master-key',
    );
    expect(loadConfig({}).sandboxKeyFile).toMatch(/data\/voltin\.master-key$/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).sandboxKeyFile).toMatch(
      /data\/voltin\.master-key$/,
    );
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).sandboxKeyFile).toBeNull();
    expect(
      loadConfig({ VOLTIN_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') }).sandboxKeyFile,
    ).toBeNull();
  });
});
