import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentGateways } from '../../src/adapters/payment-gateway/index.js';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { deriveKeys } from '../../src/security/keys.js';
import { configuredGatewayOf } from '../fixtures/tenants.js';
import { signLogin, testConfig } from '../helpers/app.js';
import { type EmptyDatabase, emptyDatabase } from '../helpers/processes.js';
import { productionEnv } from '../helpers/production.js';
import { everyRowAsText } from '../modules/payments/helpers.js';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
/** The sample company file the docs page "Going to production" shows and tells the operator to apply. */
const SAMPLE = path.resolve(apiRoot, '../../examples/company.json');
const MASTER_KEY = Buffer.alloc(32, 9);

let database: EmptyDatabase;
let dir: string;

beforeAll(async () => {
  database = await emptyDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'voltin-company-'));
});
afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** An operator command as its own process, in production mode with the environment production requires. */
function command(script: string, args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], {
    cwd: apiRoot,
    env: {
      ...process.env,
      ...productionEnv(),
      DATABASE_URL: database.url,
      VOLTIN_MASTER_KEY: MASTER_KEY.toString('base64'),
      INIT_CWD: dir,
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(database.url, { poolSize: 1 });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

function sampleWith(change: (file: any) => void): string {
  const file = JSON.parse(readFileSync(SAMPLE, 'utf8'));
  change(file);
  const changed = path.join(dir, `company-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(changed, JSON.stringify(file));
  return changed;
}

describe('npm run company:apply, company:account and company:gateway in production', () => {
  it('creates the company of the sample file from nothing, then changes nothing when applied again', async () => {
    const first = await command('company-apply.ts', [SAMPLE]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('created the retail company Lone Star Power (lone-star-power)');
    expect(first.stdout).toContain('added the utility ONCOR');
    const again = await command('company-apply.ts', [SAMPLE]);
    expect(again).toMatchObject({
      code: 0,
      stdout: 'No change: lone-star-power already matches company.json.\n',
    });
    const company = await withDatabase((db) =>
      db.kysely
        .selectFrom('retail_companies')
        .innerJoin('company_settings', 'company_settings.company_id', 'retail_companies.id')
        .select(['name', 'max_single_payment_cents', 'payment_return_origins', 'unknown_esiids'])
        .execute(),
    );
    expect(company).toEqual([
      {
        name: 'Lone Star Power',
        max_single_payment_cents: 300000,
        payment_return_origins: '["https://myaccount.lonestarpower.example"]',
        unknown_esiids: 'refuse',
      },
    ]);
  });

  it("applies a brand's look, and refuses a colour that is not #rrggbb saying what it must be, writing nothing", async () => {
    const branding = () =>
      withDatabase((db) =>
        db.kysely
          .selectFrom('brands')
          .select([
            'logo_url',
            'primary_color',
            'accent_color',
            'terms_url',
            'privacy_url',
            'default_language',
          ])
          .where('system_name', '=', 'lonestar')
          .executeTakeFirstOrThrow(),
      );
    expect(await branding()).toEqual({
      logo_url: 'https://www.lonestarpower.example/images/logo.svg',
      primary_color: '#8c1d18',
      accent_color: '#f4c430',
      terms_url: 'https://www.lonestarpower.example/terms',
      privacy_url: 'https://www.lonestarpower.example/privacy',
      default_language: 'en',
    });
    const recoloured = sampleWith((file) => {
      file.brands[0].accent_color = '#0A7C5A';
      file.brands[0].default_language = 'es';
      file.brands[0].logo_url = '/brand-logos/bluebonnet.svg';
    });
    expect((await command('company-apply.ts', [recoloured])).stdout).toContain(
      'updated the brand lonestar: logo_url, accent_color, default_language',
    );
    const before = await withDatabase(everyRowAsText);
    const bad = sampleWith((file) => {
      file.brands[0].primary_color = 'red';
      file.brands[0].accent_color = '#f4c43';
      file.brands[0].default_language = 'fr';
      file.brands[0].logo_url = 'http://www.lonestarpower.example/logo.svg';
    });
    const refused = await command('company-apply.ts', [bad]);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    const colour = 'must be a colour written #rrggbb (six hexadecimal digits), like #1f4e79';
    expect(refused.stderr).toContain(`/brands/0/primary_color: ${colour}`);
    expect(refused.stderr).toContain(`/brands/0/accent_color: ${colour}`);
    expect(refused.stderr).toMatch(/\/brands\/0\/default_language: /);
    expect(refused.stderr).toContain('/brands/0/logo_url: must be an absolute https:// URL');
    expect(await withDatabase(everyRowAsText)).toBe(before);
    expect((await command('company-apply.ts', [SAMPLE])).stdout).toContain(
      'updated the brand lonestar: logo_url, accent_color, default_language',
    );
  });

  it('two applies adding the same brand and market at once add each once; a run that lost says so, a rerun changes nothing', async () => {
    const withBrand = sampleWith((file) => {
      file.brands.push({ ...file.brands[0], system_name: 'lonestar-business', name: 'Lone Star Business' });
      file.markets.push({ state_code: 'OH', name: 'Ohio Energy Choice', handle_payments: false });
    });
    const runs = await Promise.all([0, 1, 2].map(() => command('company-apply.ts', [withBrand])));
    for (const run of runs.filter((r) => r.code !== 0))
      expect(run.stderr).toContain('Another company:apply changed this company at the same moment');
    expect(runs.filter((r) => r.stdout.includes('created the brand lonestar-business'))).toHaveLength(1);
    const brands = await withDatabase((db) =>
      db.kysely.selectFrom('brands').select('id').where('system_name', '=', 'lonestar-business').execute(),
    );
    expect(brands).toHaveLength(1);
    const ohio = await withDatabase((db) =>
      db.kysely.selectFrom('markets').select('id').where('state_code', '=', 'OH').execute(),
    );
    expect(ohio).toHaveLength(1);
    expect((await command('company-apply.ts', [withBrand])).stdout).toContain('No change');
    expect((await command('company-apply.ts', [SAMPLE])).stdout).toContain(
      'deactivated the brand lonestar-business',
    );
  });

  it('updates what changed, deactivates a brand left out, and refuses a bad file writing nothing', async () => {
    const changed = sampleWith((file) => {
      file.settings.credit_check_valid_days = 45;
      file.brands[0].system_name = 'lonestar-home';
      file.utilities = file.utilities.filter((u: string) => u !== 'TNMP');
    });
    const applied = await command('company-apply.ts', [changed]);
    expect(applied.code).toBe(0);
    expect(applied.stdout.split('\n').slice(1, -1)).toEqual([
      '  updated the company settings: credit_check_valid_days',
      '  created the brand lonestar-home',
      '  deactivated the brand lonestar (not in the file)',
      '  deactivated the utility TNMP (not in the file)',
    ]);
    const before = await withDatabase(everyRowAsText);
    const bad = sampleWith((file) => {
      file.settings.credit_check_valid_days = 20;
      file.brands[0].email = 'not an address';
      file.markets[0].state_code = 'ZZ';
      file.customer_types.pop();
    });
    const refused = await command('company-apply.ts', [bad]);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain('/brands/0/email: must match format "email"');
    expect(refused.stderr).toMatch(/\/markets\/0\/state_code: /);
    const leftOut = sampleWith((file) => {
      file.settings.credit_check_valid_days = 20;
      file.customer_types.pop();
    });
    const refusedRemoval = await command('company-apply.ts', [leftOut]);
    expect(refusedRemoval.code).toBe(1);
    expect(refusedRemoval.stderr).toContain('/customer_types: "SmallBusiness" exists');
    expect(await withDatabase(everyRowAsText)).toBe(before);
  });

  it('creates an account whose printed key and secret sign in, once; --rotate replaces the secret', async () => {
    const created = await command('company-account.ts', ['lone-star-power', 'Website', 'Integration']);
    expect(created.code).toBe(0);
    const apiKey = /API key: (\S+)/.exec(created.stdout)![1]!;
    const secret = /Secret: +(\S+)/.exec(created.stdout)![1]!;
    expect(await withDatabase(everyRowAsText)).not.toContain(secret);
    const twice = await command('company-account.ts', ['lone-star-power', 'Website', 'Integration']);
    expect(twice).toMatchObject({ code: 1, stderr: expect.stringContaining('use --rotate') });

    const app = await productionApp();
    try {
      expect(await login(app, apiKey, secret)).toBe(200);
      const rotated = await command('company-account.ts', ['--rotate', 'lone-star-power', 'Website']);
      expect(rotated.code).toBe(0);
      const newSecret = /Secret: +(\S+)/.exec(rotated.stdout)![1]!;
      expect(rotated.stdout).toContain(`API key: ${apiKey}`);
      expect(await login(app, apiKey, secret)).toBe(401);
      expect(await login(app, apiKey, newSecret)).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('seals the gateway keys it reads from the environment, and refuses a gateway the company file does not name', async () => {
    const transactionKey = 'TxKey-9f8e7d6c5b4a';
    const set = await command('company-gateway.ts', ['lone-star-power', 'authorize-net', 'sandbox'], {
      GATEWAY_LOGIN_ID: 'login-123',
      GATEWAY_TRANSACTION_KEY: transactionKey,
    });
    expect(set).toMatchObject({ code: 0 });
    expect(set.stdout).not.toContain(transactionKey);
    const rows = await withDatabase(everyRowAsText);
    expect(rows).toContain('login-123');
    expect(rows).not.toContain(transactionKey);
    await withDatabase(async (db) => {
      const company = await db.kysely
        .selectFrom('retail_companies')
        .select('id')
        .where('slug', '=', 'lone-star-power')
        .executeTakeFirstOrThrow();
      // A production server opens what the command sealed: the company's gateway is its live Authorize.Net account.
      const gateways = createPaymentGateways({
        db: db.kysely,
        secretBoxKey: deriveKeys(MASTER_KEY).secretBox,
        configuredGateway: configuredGatewayOf(db.kysely),
        sandboxAllowed: false,
      });
      await expect(gateways.gatewayFor(company.id)).resolves.toBeDefined();
    });
    const other = await command('company-gateway.ts', ['lone-star-power', 'icheck'], {
      GATEWAY_LOGIN_ID: 'site',
      GATEWAY_TRANSACTION_KEY: 'k',
      GATEWAY_API_KEY: 'a',
      GATEWAY_ENDPOINT: 'https://icheck.example',
    });
    expect(other).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('names the payment gateway AuthorizeNET'),
    });
    const missing = await command('company-gateway.ts', ['lone-star-power', 'authorize-net'], {
      GATEWAY_LOGIN_ID: '',
      GATEWAY_TRANSACTION_KEY: '',
    });
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('GATEWAY_LOGIN_ID, GATEWAY_TRANSACTION_KEY'),
    });
  });
});

function productionApp(): Promise<FastifyInstance> {
  return buildApp(testConfig({ mode: 'production', masterKey: MASTER_KEY, databaseUrl: database.url }), {
    logger: false,
  });
}

async function login(app: FastifyInstance, apiKey: string, secret: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    query: signLogin(apiKey, secret),
  });
  return response.statusCode;
}
