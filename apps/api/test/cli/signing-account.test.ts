import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SANDBOX_PROSPECTS } from '../../src/db/seed/prospects.js';
import { createTenant } from '../fixtures/tenants.js';
import { testConfig } from '../helpers/app.js';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** `npm run signing:account` as its own process. */
function command(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/signing-account.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

let dir: string;
let databaseUrl: string;
let app: FastifyInstance;
const ACCOUNT = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const TEMPLATE = '0a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voltin-signing-account-'));
  databaseUrl = `sqlite:${path.join(dir, 'sandbox.sqlite')}`;
  app = await buildApp(testConfig({ databaseUrl }), { logger: false });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const accountOf = (slug: string) =>
  app.voltin.db.kysely
    .selectFrom('signing_accounts')
    .innerJoin('retail_companies', 'retail_companies.id', 'signing_accounts.company_id')
    .select(['account_id', 'template_id', 'template_role'])
    .where('retail_companies.slug', '=', slug)
    .execute();

describe('npm run signing:account', () => {
  it('shows the company’s DocuSign account', async () => {
    const shown = await command(['bluebonnet-energy']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(
      `Bluebonnet Energy: DocuSign account ${SANDBOX_PROSPECTS.signingAccountId}, no template: the prospect's attached documents.\n`,
    );
  });

  it('points the company at another DocuSign account and template, replacing its account', async () => {
    const set = await command(['bluebonnet-energy', ACCOUNT, TEMPLATE, 'Customer']);
    expect(set.stdout).toBe(
      `Bluebonnet Energy: DocuSign account ${ACCOUNT}, template ${TEMPLATE}, the customer as Customer.\n`,
    );
    expect(await accountOf('bluebonnet-energy')).toEqual([
      { account_id: ACCOUNT, template_id: TEMPLATE, template_role: 'Customer' },
    ]);
    await command(['bluebonnet-energy', ACCOUNT]);
    expect(await accountOf('bluebonnet-energy')).toEqual([
      { account_id: ACCOUNT, template_id: null, template_role: null },
    ]);
  });

  it('gives a company without one its first account, and refuses an account another company uses', async () => {
    const slug = 'signing-cli';
    await createTenant(app.voltin.db.kysely, app.voltin.keys, slug);
    expect((await command([slug])).stdout).toMatch(/has no DocuSign account: its contracts cannot be sent/);
    const taken = await command([slug, ACCOUNT]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`The DocuSign account ${ACCOUNT} already serves another retail company.`);
    const other = '6c2d3e4f-5061-4b7c-9d8e-0f1a2b3c4d5e';
    expect((await command([slug, other])).code).toBe(0);
    expect(await accountOf(slug)).toEqual([{ account_id: other, template_id: null, template_role: null }]);
  });

  it('refuses what is not a DocuSign GUID, an unknown company and a wrong command line, changing nothing', async () => {
    const bad = await command(['bluebonnet-energy', 'my-account']);
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.stderr).toContain(
      'The DocuSign account must be its API Account ID, a GUID (got "my-account").',
    );
    expect((await command(['bluebonnet-energy', ACCOUNT, 'tmpl'])).stderr).toContain(
      'The DocuSign template must be its template ID, a GUID (got "tmpl").',
    );
    expect((await command(['nobody', ACCOUNT])).stderr).toContain('No retail company has the slug "nobody".');
    expect((await command([])).code).toBe(2);
    expect(await accountOf('bluebonnet-energy')).toEqual([
      { account_id: ACCOUNT, template_id: null, template_role: null },
    ]);
  });
});
