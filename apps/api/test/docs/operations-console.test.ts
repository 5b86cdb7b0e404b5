import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { SANDBOX_STAFF } from '../../src/db/seed/staff.js';
import { PERMISSIONS, ROLES } from '../../src/modules/staff/index.js';
import { collectReference } from '../../src/reference-export.js';
import { useTestApi } from '../helpers/app.js';
import { signedIn } from '../helpers/console.js';
import { readPage } from './examples.js';

/**
 * The docs section "Operations Console" against the code: its generated tables come from the reference export, and
 * what the pages write by hand (the permission of each action, the operations they name, the queues, the defaults)
 * is what the console's server does.
 */
const api = useTestApi();

const OVERVIEW = 'operations-console/operations-console.md';
const QUEUES = 'operations-console/work-queues.md';
const CUSTOMERS = 'operations-console/customers-and-enrollments.md';
const STAFF = 'operations-console/staff-and-audit-log.md';
const PAGES = [OVERVIEW, QUEUES, CUSTOMERS, STAFF];

const METHOD_AND_PATH = /`(GET|POST|PUT|PATCH|DELETE) ((?:\/ops)?\/api\/v1\/[^`?\s]*)[^`]*`/g;
/** `/ops/api/v1/enrollments/{id}/reject` → `/ops/api/v1/enrollments/:id/reject`, as the routes are registered. */
const routeUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function opsCatalogue() {
  return api.app.voltin.console!.opsCatalogue;
}

/** The text of one `## heading` section of a page, up to the next `## `. */
function section(page: string, heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  expect(start, `section "${heading}"`).toBeGreaterThan(-1);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

describe('the reference export of the console', () => {
  it('carries the roles and permissions of the code, and every console operation with its permission', async () => {
    const { consoleAccess, sandbox } = await collectReference(api.app);
    expect(consoleAccess.roles).toEqual(
      Object.entries(ROLES).map(([role, permissions]) => ({ role, permissions: [...permissions] })),
    );
    expect(consoleAccess.permissions).toEqual(
      Object.entries(PERMISSIONS).map(([permission, description]) => ({ permission, description })),
    );
    expect(
      consoleAccess.operations.map(({ method, path, operationId, permission }) => ({
        method,
        url: routeUrl(path),
        operationId,
        permission,
      })),
    ).toEqual(opsCatalogue());
    for (const operation of consoleAccess.operations) {
      expect(['public', 'signed-in', ...Object.keys(PERMISSIONS)], operation.operationId).toContain(
        operation.permission,
      );
      expect(operation.summary, operation.operationId).not.toBe('');
      expect(operation.tags.length, operation.operationId).toBeGreaterThan(0);
    }
    expect(sandbox.staff).toEqual(
      SANDBOX_STAFF.map(({ email, password, role }) => ({ email, password, role })),
    );
  });
});

describe('the Operations Console pages', () => {
  it('render the generated tables and describe every role', () => {
    const overview = readPage(OVERVIEW);
    for (const component of ['<ConsoleRoles />', '<ConsoleOperations />', '<ConsoleSandboxStaff />'])
      expect(overview).toContain(component);
    for (const role of Object.keys(ROLES)) expect(overview, role).toContain(`- **${role}**:`);
  });

  it('name as "not in the console yet" exactly the permissions no operation uses', async () => {
    // An operation uses a permission its route needs, or one it checks for part of its work and names in its
    // summary (releasing a hold checks deposits.waive), as the roles table of the page counts them.
    const { operations } = (await collectReference(api.app)).consoleAccess;
    const unused = Object.keys(PERMISSIONS).filter(
      (permission) => !operations.some((o) => o.permission === permission || o.summary.includes(permission)),
    );
    const named = [
      ...section(readPage(OVERVIEW), 'What is not in the console yet').matchAll(/`([a-z]+\.[a-z]+)`/g),
    ].map((match) => match[1]!);
    expect([...new Set(named)].sort()).toEqual(unused.sort());
  });

  it('give each action of the work queues the permission its console operation needs', () => {
    const permissionOf = new Map(opsCatalogue().map((r) => [`${r.method} ${r.url}`, r.permission]));
    const rows = readPage(QUEUES)
      .split('\n')
      .filter((line) => line.startsWith('|') && line.includes('/ops/api/v1/'));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) {
      const permission = [...row.matchAll(/`([a-z]+\.[a-z]+)`/g)]
        .map((match) => match[1]!)
        .find((name) => Object.hasOwn(PERMISSIONS, name));
      const operations = [...row.matchAll(METHOD_AND_PATH)].filter((m) => m[2]!.startsWith('/ops/'));
      expect(operations.length, row).toBeGreaterThan(0);
      for (const [, method, path] of operations)
        expect(`${method} ${path}: ${permission}`).toBe(
          `${method} ${path}: ${permissionOf.get(`${method} ${routeUrl(path!)}`)}`,
        );
    }
  });

  it('give each action taken for a customer the permission its console operation needs', () => {
    // The table of "Acting for a customer": customers.act unless the row names another permission (refunds).
    const permissionOf = new Map(opsCatalogue().map((r) => [`${r.method} ${r.url}`, r.permission]));
    const rows = section(readPage(CUSTOMERS), 'Acting for a customer')
      .split('\n')
      .filter((line) => line.startsWith('|') && line.includes('/ops/api/v1/'));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      const named = [...row.matchAll(/`([a-z]+\.[a-z]+)`/g)]
        .map((match) => match[1]!)
        .find((name) => Object.hasOwn(PERMISSIONS, name));
      for (const [, method, path] of row.matchAll(METHOD_AND_PATH))
        expect(`${method} ${path}: ${named ?? 'customers.act'}`).toBe(
          `${method} ${path}: ${permissionOf.get(`${method} ${routeUrl(path!)}`)}`,
        );
    }
    // Every operation of the customers' tag that acts (not a read, not a reveal) is in the table.
    const acting = opsCatalogue().filter(
      (r) => r.method === 'POST' && (r.permission === 'customers.act' || r.permission === 'payments.refund'),
    );
    const table = rows.join('\n');
    for (const r of acting)
      expect(table, `${r.method} ${r.url}`).toContain(`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
  });

  it('name only operations that exist, on the console or on the platform API', () => {
    const known = new Set([
      ...opsCatalogue().map((r) => `${r.method} ${r.url}`),
      ...api.app.routeCatalogue.map((r) => `${r.method} ${r.url}`),
    ]);
    for (const file of PAGES)
      for (const [, method, path] of readPage(file).matchAll(METHOD_AND_PATH))
        expect(known, `${file}: ${method} ${path}`).toContain(`${method} ${routeUrl(path!)}`);
  });

  it('list the queues the console answers, by the labels it shows', async () => {
    const admin = SANDBOX_STAFF.find((member) => member.role === 'Administrator')!;
    const browser = await signedIn(api.consoleUrl, admin.email, admin.password);
    const answer = await browser.call<{ data: { queue: string; label: string }[] }>('GET', '/queues');
    expect(answer.status).toBe(200);
    const rows = section(readPage(QUEUES), 'The queues')
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| queue'))
      .map((line) => line.split('|')[1]!.trim());
    expect(rows).toEqual(answer.body.data.map((queue) => queue.label));
  });

  it('state the configured defaults of sessions, set-up links and sign-in delays', () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' }, { sandboxKeyFile: null });
    const overview = readPage(OVERVIEW);
    const settings: [string, number][] = [
      ['CONSOLE_PORT', config.console.port],
      ['CONSOLE_IDLE_MINUTES', config.console.idleSeconds / 60],
      ['CONSOLE_SESSION_HOURS', config.console.absoluteSeconds / 3600],
      ['CONSOLE_SETUP_LINK_HOURS', config.console.setupLinkSeconds / 3600],
    ];
    for (const [name, value] of settings) expect(overview).toContain(`| \`${name}\` | \`${value}\` |`);
    expect(overview).toContain(`${config.console.idleSeconds / 60} minutes without activity`);
    expect(overview).toContain(`${config.console.absoluteSeconds / 3600} hours after sign-in`);
    expect(readPage(STAFF)).toContain(`within ${config.console.setupLinkSeconds / 3600} hours`);
    const limits = config.loginLimits;
    expect(overview).toContain(`the first ${limits.freeFailures} failures are answered at once`);
    expect(overview).toContain(`each attempt waits ${limits.firstDelaySeconds} seconds`);
    expect(overview).toContain(`up to ${limits.maxDelaySeconds / 60} minutes`);
  });
});
