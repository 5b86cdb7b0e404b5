import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { httpClient, SANDBOX, signLogin, testConfig } from '../helpers/app.js';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The operator's command, as its own process: `npm run db:backup -w @voltin/api -- <target>` runs this. */
function dbBackup(databaseUrl: string, target?: string) {
  const args = ['--import', 'tsx', 'src/cli/db-backup.ts', ...(target ? [target] : [])];
  return run(process.execPath, args, {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** A server on the database, signed in; `timestamp` signs the login (each signature is accepted once per database). */
async function startServer(databaseUrl: string, timestamp?: number) {
  const app: FastifyInstance = await buildApp(testConfig({ databaseUrl }), { logger: false });
  const call = httpClient(await app.listen({ host: '127.0.0.1', port: 0 }));
  const login = await call('POST', '/auth/login', {
    query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, timestamp),
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { app, call, token: login.body.data.token as string };
}

const countMail = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  const { n } = db.prepare('select count(*) as n from mail_outbox').get() as { n: number };
  db.close();
  return n;
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'voltin-backup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run db:backup', () => {
  it('copies the SQLite database online while the server writes, and the copy serves as a database', async () => {
    const live = await startServer(`sqlite:${path.join(dir, 'live.sqlite')}`);
    const db = live.app.voltin.db.kysely;
    const plan = await db.selectFrom('plans').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('plans').set({ name: 'Kept by the backup' }).where('id', '=', plan.id).execute();

    // The server keeps writing while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await db
          .insertInto('mail_outbox')
          .values({
            company_id: 1,
            recipient: 'ops@voltin.example',
            subject: `write ${written}`,
            text: 't',
            html: 'h',
            template: 'test',
            next_attempt_at: 0,
            created_at: new Date().toISOString(),
          })
          .execute();
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const writtenBefore = written;
    const copy = path.join(dir, 'copy.sqlite');
    const result = await dbBackup(`sqlite:${path.join(dir, 'live.sqlite')}`, copy);
    const writtenAfter = written;
    writing = false;
    await writer;
    await live.app.close();

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/integrity_check ok/);
    expect(writtenAfter).toBeGreaterThan(writtenBefore);
    const copied = countMail(copy);
    expect(copied).toBeGreaterThanOrEqual(writtenBefore);
    expect(copied).toBeLessThanOrEqual(writtenAfter);

    // Restore: the copy is the DATABASE_URL of a fresh server, which answers from it. The copy remembers the live
    // server's login signature, so a backup within the same second must sign a later timestamp.
    const restored = await startServer(`sqlite:${copy}`, Math.floor(Date.now() / 1000) + 1);
    try {
      const read = await restored.call('GET', `/plans/${plan.id}`, { token: restored.token });
      expect(read.status).toBe(200);
      expect(read.body.data.name).toBe('Kept by the backup');
    } finally {
      await restored.app.close();
    }
  });

  it('never overwrites an earlier backup', async () => {
    const url = `sqlite:${path.join(dir, 'live.sqlite')}`;
    const result = await dbBackup(url, path.join(dir, 'copy.sqlite'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/already exists/);
  });

  it('sends a PostgreSQL operator to pg_dump', async () => {
    const result = await dbBackup('postgres://postgres@127.0.0.1:5432/test', path.join(dir, 'pg.sqlite'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/pg_dump --format=custom/);
    expect(result.stderr).toMatch(/pg_restore/);
  });
});
