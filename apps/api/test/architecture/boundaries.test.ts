import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: the check is a plain script of the repository's test runner, without type declarations.
import { cruiseWithRules, newViolations } from '../../../../scripts/boundaries.mjs';

/**
 * The rules of .dependency-cruiser.cjs (npm run check:boundaries) on a small tree shaped like apps/api/src, which
 * keeps them all; each test adds one forbidden import and sees the check name it.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const cleanTree: Record<string, string> = {
  'server.ts': "import './app.js';\n",
  'app.ts': [
    "import './modules/orders/index.js';",
    "import './modules/stock/index.js';",
    "import './adapters/gateway/sandbox.js';",
    "import './db/schema.js';",
    "import './jobs/scheduler.js';",
  ].join('\n'),
  'modules/orders/index.ts': "export { orderRoutes } from './routes.js';\n",
  'modules/orders/routes.ts': [
    "import type { FastifyInstance } from 'fastify';",
    "import { callerOf } from '../../http/access.js';",
    "import { createOrders } from './service.js';",
    'export const orderRoutes = (app: FastifyInstance) => [app, callerOf, createOrders];',
  ].join('\n'),
  'modules/orders/service.ts': [
    "import { ApiError } from '../../http/errors.js';",
    "import { reserve } from '../stock/index.js';",
    "import { insertOrder } from './store.js';",
    'export const createOrders = () => [ApiError, reserve, insertOrder];',
  ].join('\n'),
  'modules/orders/store.ts': [
    "import type { Database } from '../../db/schema.js';",
    'export const insertOrder = (db: Database) => db;',
  ].join('\n'),
  'modules/stock/index.ts': "export { reserve } from './service.js';\n",
  'modules/stock/service.ts': [
    "import { sharedRule } from '../../domain/rule.js';",
    'export const reserve = () => sharedRule;',
  ].join('\n'),
  'domain/rule.ts': 'export const sharedRule = 1;\n',
  'adapters/gateway/sandbox.ts': [
    "import type { Gateway } from './port.js';",
    'export const sandbox: Gateway = { charge: () => 1 };',
  ].join('\n'),
  'adapters/gateway/port.ts': 'export interface Gateway { charge(): number }\n',
  'db/schema.ts': 'export interface Database { orders: unknown }\n',
  'jobs/scheduler.ts': "import type { Database } from '../db/schema.js';\nexport type Jobs = Database;\n",
  'http/access.ts':
    "import type { FastifyRequest } from 'fastify';\nexport const callerOf = (r: FastifyRequest) => r;\n",
  'http/errors.ts': 'export class ApiError extends Error {}\n',
};

/** The orders service reaching into the stock module's service.ts instead of its index.ts. */
const ordersServiceUsingStockInternals = (cleanTree['modules/orders/service.ts'] as string).replace(
  '../stock/index.js',
  '../stock/service.js',
);

let fixture: string | undefined;
function removeFixture() {
  if (fixture) rmSync(fixture, { recursive: true, force: true });
  fixture = undefined;
}
afterEach(removeFixture);

/** The clean tree with `changes` written over it, cruised; returns the violations that are not known ones. */
async function violationsWith(changes: Record<string, string>, knownViolations: unknown[] = []) {
  removeFixture();
  fixture = mkdtempSync(path.join(tmpdir(), 'voltin-boundaries-'));
  // Fastify resolves from the fixture as it does from the repository.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(fixture, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries({ ...cleanTree, ...changes })) {
    const full = path.join(fixture, 'apps/api/src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  const result = await cruiseWithRules({ baseDir: fixture, knownViolations });
  return { violations: newViolations(result) as string[], result };
}

const src = 'apps/api/src';

describe('the module boundaries check (npm run check:boundaries)', () => {
  it('passes a tree that keeps every rule, where a service may use ApiError and another module’s index', async () => {
    expect((await violationsWith({})).violations).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const { violations } = await violationsWith({
      'modules/orders/store.ts': [
        "import type { Database } from '../../db/schema.js';",
        "import { createOrders } from './service.js';",
        'export const insertOrder = (db: Database) => [db, createOrders];',
      ].join('\n'),
    });
    expect(violations).toContainEqual(
      expect.stringMatching(/^no-circular: .*modules\/orders\/(service|store)\.ts/),
    );
  });

  it("refuses a module importing another module's internals instead of its index.ts", async () => {
    const { violations } = await violationsWith({
      'modules/orders/service.ts': ordersServiceUsingStockInternals,
    });
    expect(violations).toEqual([
      `not-to-other-module-internals: ${src}/modules/orders/service.ts → ${src}/modules/stock/service.ts`,
    ]);
  });

  it("refuses code outside the modules importing a module's internals", async () => {
    const { violations } = await violationsWith({
      'jobs/scheduler.ts':
        "import { insertOrder } from '../modules/orders/store.js';\nexport const jobs = insertOrder;\n",
    });
    expect(violations).toEqual([
      `outside-to-module-internals: ${src}/jobs/scheduler.ts → ${src}/modules/orders/store.ts`,
    ]);
  });

  it('refuses an adapter importing a module, even its index.ts', async () => {
    const { violations } = await violationsWith({
      'adapters/gateway/port.ts':
        "import { orderRoutes } from '../../modules/orders/index.js';\nexport interface Gateway { charge(): number }\nexport const routes = orderRoutes;\n",
    });
    expect(violations).toEqual([
      `adapters-not-to-modules: ${src}/adapters/gateway/port.ts → ${src}/modules/orders/index.ts`,
    ]);
  });

  it('refuses the database layer importing a module', async () => {
    const { violations } = await violationsWith({
      'db/schema.ts':
        "import { reserve } from '../modules/stock/index.js';\nexport interface Database { orders: unknown }\nexport const r = reserve;\n",
    });
    expect(violations).toEqual([`db-not-to-modules: ${src}/db/schema.ts → ${src}/modules/stock/index.ts`]);
  });

  it('refuses a service or store importing Fastify or the HTTP plumbing, not the errors kernel', async () => {
    const { violations } = await violationsWith({
      'modules/orders/store.ts': [
        "import type { FastifyRequest } from 'fastify';",
        "import type { Database } from '../../db/schema.js';",
        'export const insertOrder = (db: Database, request?: FastifyRequest) => [db, request];',
      ].join('\n'),
      'domain/rule.ts':
        "import { callerOf } from '../http/access.js';\nexport const sharedRule = callerOf;\n",
    });
    expect(violations).toEqual([
      `domain-not-to-http: ${src}/domain/rule.ts → ${src}/http/access.ts`,
      expect.stringMatching(
        new RegExp(`^domain-not-to-http: ${src}/modules/orders/store\\.ts → .*node_modules/fastify/`),
      ),
    ]);
  });

  it("refuses any other file of a module importing the HTTP plumbing, and lets the module's pages use it", async () => {
    const { violations } = await violationsWith({
      'modules/orders/index.ts': [
        "export { orderRoutes } from './routes.js';",
        "export { receiptPage } from './receipt-page.js';",
      ].join('\n'),
      'modules/orders/receipt-page.ts': [
        "import type { FastifyInstance } from 'fastify';",
        "import { callerOf } from '../../http/access.js';",
        'export const receiptPage = (app: FastifyInstance) => [app, callerOf];',
      ].join('\n'),
      'modules/orders/service.ts': [
        "import { ApiError } from '../../http/errors.js';",
        "import { reserve } from '../stock/index.js';",
        "import { priceOf } from './pricing.js';",
        "import { insertOrder } from './store.js';",
        'export const createOrders = () => [ApiError, reserve, insertOrder, priceOf];',
      ].join('\n'),
      'modules/orders/pricing.ts':
        "import { callerOf } from '../../http/access.js';\nexport const priceOf = callerOf;\n",
    });
    expect(violations).toEqual([
      `domain-not-to-http: ${src}/modules/orders/pricing.ts → ${src}/http/access.ts`,
    ]);
  });

  it('refuses a file nothing imports', async () => {
    const { violations } = await violationsWith({
      'modules/stock/leftover.ts': 'export const unused = 1;\n',
    });
    expect(violations).toEqual([
      `no-orphans: ${src}/modules/stock/leftover.ts → ${src}/modules/stock/leftover.ts`,
    ]);
  });

  it("refuses the self-service site importing the API's code: it reaches the API through the SDK only", async () => {
    const site = '../../self-service/server/proxy.ts';
    expect(
      (await violationsWith({ [site]: "import { sdk } from '@voltin/sdk';\nexport const proxy = sdk;\n" }))
        .violations,
    ).toEqual([]);
    const { violations } = await violationsWith({
      [site]:
        "import { orderRoutes } from '../../api/src/modules/orders/index.js';\nexport const proxy = orderRoutes;\n",
    });
    expect(violations).toEqual([
      `self-service-through-the-sdk: apps/self-service/server/proxy.ts → ${src}/modules/orders/index.ts`,
    ]);
  });

  it('lets a known violation through and still refuses a new one', async () => {
    const bad = {
      'modules/orders/service.ts': ordersServiceUsingStockInternals,
    };
    const { result } = await violationsWith(bad);
    const known = result.summary.violations;
    const again = await violationsWith(bad, known);
    expect(again.violations).toEqual([]);
    const another = await violationsWith(
      {
        ...bad,
        'jobs/scheduler.ts':
          "import { insertOrder } from '../modules/orders/store.js';\nexport const jobs = insertOrder;\n",
      },
      known,
    );
    expect(another.violations).toEqual([
      `outside-to-module-internals: ${src}/jobs/scheduler.ts → ${src}/modules/orders/store.ts`,
    ]);
  });
});
