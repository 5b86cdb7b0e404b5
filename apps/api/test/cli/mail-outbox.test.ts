import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { httpClient, SANDBOX, signLogin, testConfig } from '../helpers/app.js';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** A staff command as its own process: `npm run mail:outbox` / `npm run mail:bounces` run these files. */
function command(file: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', `src/cli/${file}`, ...args], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

let dir: string;
let databaseUrl: string;
let app: FastifyInstance;
let call: ReturnType<typeof httpClient>;
let token: string;
const address = 'demo.customer@bluebonnet-energy.example';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voltin-mailbox-'));
  databaseUrl = `sqlite:${path.join(dir, 'sandbox.sqlite')}`;
  // The sandbox without SMTP_URL: mail is "delivered" to the log transport.
  app = await buildApp(testConfig({ databaseUrl, smtpUrl: null }), { logger: false });
  call = httpClient(await app.listen({ host: '127.0.0.1', port: 0 }));
  const login = await call('POST', '/auth/login', { query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret) });
  token = login.body.data.token as string;
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function brandId() {
  const brand = await app.voltin.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('system_name', '=', 'bluebonnet')
    .executeTakeFirstOrThrow();
  return brand.id;
}

describe('npm run mail:outbox (the sandbox mailbox)', () => {
  it('lists the mail the sandbox delivered and prints one in full, so staff can follow a reset link', async () => {
    const forgot = await call('POST', '/customers/forgot-password', {
      token,
      body: { brandId: await brandId(), username: SANDBOX.customerUserName },
    });
    expect(forgot.status).toBe(200);
    expect(await app.voltin.scheduler.runNow('deliver-mail')).toMatch(/^sent 1,/);
    const mail = await app.voltin.db.kysely
      .selectFrom('mail_outbox')
      .select(['id', 'status'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.status).toBe('sent');

    const list = await command('mail-outbox.ts', [], { DATABASE_URL: databaseUrl });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`#${mail.id} {2}\\S+ {2}sent +${address} {2}Reset your Bluebonnet Energy password`),
    );

    const one = await command('mail-outbox.ts', [String(mail.id)], { DATABASE_URL: databaseUrl });
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(`To:      ${address}`);
    const resetToken = /securityToken=([A-Za-z0-9_-]+)/.exec(one.stdout)?.[1];
    expect(resetToken).toBeDefined();
    const reset = await call('POST', '/customers/reset-password', {
      token,
      body: { securityToken: resetToken, newPassword: 'Read-From-Outbox-2027' },
    });
    expect(reset.status).toBe(200);
  });

  it('answers a message that does not exist and a malformed id', async () => {
    const missing = await command('mail-outbox.ts', ['999999'], { DATABASE_URL: databaseUrl });
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No message #999999') });
    const malformed = await command('mail-outbox.ts', ['abc'], { DATABASE_URL: databaseUrl });
    expect(malformed).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run mail:outbox'),
    });
  });

  it('is refused in production, whose mail bodies leave with the mail', async () => {
    const refused = await command('mail-outbox.ts', [], {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused in production/);
    expect(refused.stdout).toBe('');
  });
});

describe('npm run mail:bounces', () => {
  it("lists a company's bounced addresses and clears one, so its next mail is attempted", async () => {
    const company = await app.voltin.db.kysely
      .selectFrom('retail_companies')
      .select(['id', 'slug'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await app.voltin.db.kysely
      .insertInto('mail_bounces')
      .values({
        company_id: company.id,
        address,
        reply: '550 5.1.1 <d***@b***.example>: User unknown',
        outbox_id: 1,
        bounced_at: '2026-11-25T10:00:00.000Z',
      })
      .execute();
    const env = { DATABASE_URL: databaseUrl };
    const list = await command('mail-bounces.ts', [company.slug], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(
      `${address}  2026-11-25T10:00:00.000Z  550 5.1.1 <d***@b***.example>: User unknown`,
    );

    const cleared = await command('mail-bounces.ts', [company.slug, 'clear', address.toUpperCase()], env);
    expect(cleared).toMatchObject({ code: 0, stdout: expect.stringContaining('will be attempted') });
    expect(await app.voltin.db.kysely.selectFrom('mail_bounces').selectAll().execute()).toEqual([]);
    const again = await command('mail-bounces.ts', [company.slug, 'clear', address], env);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('no bounce recorded') });
    const unknown = await command('mail-bounces.ts', ['no-such-company'], env);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('No retail company') });
  });
});
