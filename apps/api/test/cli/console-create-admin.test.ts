import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { currentTotp } from '../../src/modules/staff/index.js';
import { createTenant } from '../fixtures/tenants.js';
import { expectFailure, testConfig } from '../helpers/app.js';
import { manualClock } from '../helpers/clock.js';
import { signedIn, staffBrowser } from '../helpers/console.js';
import { productionEnv } from '../helpers/production.js';

/**
 * A production deployment's first Administrator: made by `npm run console:create-admin` (its own process), who
 * finishes through the printed one-time link and must enrol an authenticator, as every Administrator in production.
 */
const apiRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
let dir: string;
let databaseUrl: string;
let app: FastifyInstance;
let consoleUrl: string;

function createAdmin(args: string[], command = 'console-create-admin') {
  return run(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
    cwd: apiRoot,
    env: {
      ...process.env,
      ...productionEnv(),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      CONSOLE_BASE_URL: consoleUrl,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const clock = manualClock(new Date().toISOString());

/** The code the authenticator enrolled with `secret` shows half a minute on: each code is accepted once. */
function nextCode(secret: string) {
  clock.advance(30);
  return currentTotp(secret, clock);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voltin-console-admin-'));
  databaseUrl = `sqlite:${path.join(dir, 'production.sqlite')}`;
  app = await buildApp(testConfig({ mode: 'production', databaseUrl }), { logger: false, clock });
  await app.listen({ host: '127.0.0.1', port: 0 });
  consoleUrl = await app.voltin.console!.listen({ host: '127.0.0.1', port: 0 });
  app.voltin.config.console.baseUrl = consoleUrl;
  await createTenant(app.voltin.db.kysely, app.voltin.keys, 'lone-star-power');
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run console:create-admin in production', () => {
  it('has no sandbox staff to sign in with', async () => {
    expectFailure(
      await staffBrowser(consoleUrl).signIn('admin@bluebonnet.example', 'Admin-Password-1'),
      401,
      'STAFF_SIGN_IN_FAILED',
    );
  });

  it('prints a one-time link where the Administrator sets a password and must enrol an authenticator', async () => {
    const made = await createAdmin(['lone-star-power', 'Robin@LoneStar.example', 'Robin Reyes']);
    expect(made.code, made.stderr).toBe(0);
    const link = /(http\S+\/setup\/\S+)/.exec(made.stdout)?.[1];
    expect(link?.startsWith(`${consoleUrl}/setup/`)).toBe(true);
    const token = link!.split('/setup/')[1]!;
    const browser = staffBrowser(consoleUrl);
    const details = (await browser.call('GET', `/setup/${token}`)).body.data;
    expect(details).toMatchObject({
      email: 'robin@lonestar.example',
      name: 'Robin Reyes',
      totpRequired: true,
    });
    expectFailure(
      await browser.call('POST', `/setup/${token}`, { body: { password: 'Robin-Password-1' } }),
      401,
      'STAFF_TOTP_REQUIRED',
    );
    const done = await browser.call('POST', `/setup/${token}`, {
      body: { password: 'Robin-Password-1', totp: nextCode(details.totpSecret) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectFailure(
      await browser.signIn('robin@lonestar.example', 'Robin-Password-1'),
      401,
      'STAFF_TOTP_REQUIRED',
    );
    const signedInAdmin = await browser.signIn(
      'robin@lonestar.example',
      'Robin-Password-1',
      nextCode(details.totpSecret),
    );
    expect(signedInAdmin.body.data.user.roles).toEqual(['Administrator']);

    const again = await createAdmin(['lone-star-power', 'robin@lonestar.example']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const log = await browser.call('GET', '/audit-log', { query: { action: 'staff.create' } });
    expect(log.body.data[0]).toMatchObject({ actor: 'npm run console:create-admin', ip: 'command line' });
  });

  it('refuses an Administrator without an authenticator (a user promoted to it) until they enrol one', async () => {
    const made = await createAdmin(['lone-star-power', 'second@lonestar.example']);
    const token = /\/setup\/(\S+)/.exec(made.stdout)![1]!;
    const setup = (await staffBrowser(consoleUrl).call('GET', `/setup/${token}`)).body.data;
    await staffBrowser(consoleUrl).call('POST', `/setup/${token}`, {
      body: { password: 'Second-Password-1', totp: nextCode(setup.totpSecret) },
    });
    const second = staffBrowser(consoleUrl);
    await second.signIn('second@lonestar.example', 'Second-Password-1', nextCode(setup.totpSecret));
    const added = await second.call('POST', '/staff', {
      body: { email: 'pricing@lonestar.example', name: 'Pat', roles: ['Pricing'] },
    });
    const pricingToken = added.body.data.setupLink.split('/setup/')[1];
    await staffBrowser(consoleUrl).call('POST', `/setup/${pricingToken}`, {
      body: { password: 'Pricing-Password-9' },
    });
    await signedIn(consoleUrl, 'pricing@lonestar.example', 'Pricing-Password-9');

    await second.call('PATCH', `/staff/${added.body.data.user.id}`, { body: { roles: ['Administrator'] } });
    expectFailure(
      await staffBrowser(consoleUrl).signIn('pricing@lonestar.example', 'Pricing-Password-9'),
      403,
      'STAFF_TOTP_SETUP_REQUIRED',
    );
  });

  it('makes a platform operator with console:create-operator, who needs an authenticator too and opens the companies', async () => {
    const made = await createAdmin(
      ['lone-star-power', 'ops@voltin.example', 'Olive Operator'],
      'console-create-operator',
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('as Platform operator');
    const token = /\/setup\/(\S+)/.exec(made.stdout)![1]!;
    const browser = staffBrowser(consoleUrl);
    const details = (await browser.call('GET', `/setup/${token}`)).body.data;
    expect(details.totpRequired).toBe(true);
    await browser.call('POST', `/setup/${token}`, {
      body: { password: 'Operator-Password-9', totp: nextCode(details.totpSecret) },
    });
    const signedInOperator = await browser.signIn(
      'ops@voltin.example',
      'Operator-Password-9',
      nextCode(details.totpSecret),
    );
    expect(signedInOperator.body.data.user.roles).toEqual(['Platform operator']);
    const companies = await browser.call('GET', '/platform/companies');
    expect(companies.body.data.map((c: { slug: string }) => c.slug)).toContain('lone-star-power');
    expectFailure(await browser.call('GET', '/plans'), 403, 'PERMISSION_DENIED');
  });
});
