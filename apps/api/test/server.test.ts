import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'info', PASSWORD_HASH_COST: '10', DOCS_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(condition: () => boolean, child: ChildProcess) {
  while (!condition()) {
    if (child.exitCode !== null) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process', () => {
  it('starts on a fresh SQLite file, serves, and shuts down cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voltin-server-'));
    const server = startServer({
      PORT: '0',
      CONSOLE_PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'voltin.sqlite')}`,
    });
    await waitFor(
      () => /"address":"(http:[^"]+)"|Server listening at (http:\S+)/.test(server.output()),
      server.child,
    );
    const firstLine = JSON.parse(server.output().split('\n')[0]!);
    expect(firstLine).toMatchObject({ mode: 'sandbox', msg: expect.stringContaining('Voltin SANDBOX') });
    const address = /Server listening at (http:\/\/[^\s"]+)/.exec(server.output())?.[1];
    expect(address, server.output()).toBeTruthy();
    const health = await fetch(`${address}/api/v1/health`);
    expect(health.status).toBe(200);
    // The generated sandbox key lives beside the database, readable by its user only.
    expect(statSync(path.join(dir, 'voltin.master-key')).mode & 0o777).toBe(0o600);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  it('refuses to start with a sentence naming every configuration problem', async () => {
    const server = startServer({ PORT: 'eighty', NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Voltin cannot start; fix the configuration');
    expect(server.output()).toContain('PORT must be a whole number');
    expect(server.output()).toContain('VOLTIN_MASTER_KEY is required in production');
    for (const setting of [
      'PUBLIC_BASE_URL',
      'SMTP_URL',
      'CREDIT_BUREAU_URL',
      'BILLING_SYSTEM_URL',
      'DOCUSIGN_',
    ])
      expect(server.output()).toContain(setting);
  });
});
