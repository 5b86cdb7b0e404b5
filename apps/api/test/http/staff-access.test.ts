import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../src/db/seed/staff.js';
import { permissionsOf, ROLE_NAMES } from '../../src/modules/staff/index.js';
import { useTestApi } from '../helpers/app.js';
import { type StaffBrowser, signedIn, staffBrowser } from '../helpers/console.js';

/**
 * Every operation of the console's API, called as every role: the server refuses exactly what the role's
 * permissions do not cover (the console only hides it), before reading the request.
 */
const api = useTestApi();
const browsers = new Map<string, StaffBrowser>();

/** A concrete path for a route (`:id` → an id nobody has, `:token` → a token nobody was given). */
const pathOf = (url: string) =>
  url.replace('/ops/api/v1', '').replace(':id', '2147483000').replace(':token', 'x'.repeat(43));

beforeAll(async () => {
  for (const member of SANDBOX_STAFF)
    browsers.set(member.role, await signedIn(api.consoleUrl, member.email, member.password));
});

describe('the console’s permission matrix', () => {
  it('covers every role', () => {
    expect([...browsers.keys()].sort()).toEqual([...ROLE_NAMES].sort());
  });

  it('answers each operation to the roles that permit it and refuses the others with 403', async () => {
    const guarded = api.app.voltin.console!.opsCatalogue.filter(
      (route) => route.permission !== 'public' && route.permission !== 'signed-in',
    );
    expect(guarded.length).toBeGreaterThan(8);
    const refusedWrongly: string[] = [];
    for (const route of guarded)
      for (const role of ROLE_NAMES) {
        const permitted = permissionsOf([role]).includes(route.permission as never);
        const response = await browsers.get(role)!.call(route.method, pathOf(route.url), {
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
        const refused = response.status === 403 && response.body.code === 'PERMISSION_DENIED';
        if (refused === permitted)
          refusedWrongly.push(
            `${role} ${route.method} ${route.url}: ${response.status} ${response.body.code ?? ''}`,
          );
      }
    expect(refusedWrongly).toEqual([]);
  });

  it('lets every signed-in role see its own session, and nobody signed out', async () => {
    for (const route of api.app.voltin.console!.opsCatalogue.filter(
      (r) => r.permission === 'signed-in' && r.method === 'GET',
    )) {
      for (const role of ROLE_NAMES)
        expect(
          (await browsers.get(role)!.call('GET', pathOf(route.url))).status,
          `${role} ${route.url}`,
        ).toBe(200);
      expect((await staffBrowser(api.consoleUrl).call('GET', pathOf(route.url))).status).toBe(401);
    }
  });

  it('refuses a change without the CSRF token before anything else, whatever the role', async () => {
    for (const route of api.app.voltin.console!.opsCatalogue.filter(
      (r) => r.method !== 'GET' && r.permission !== 'public',
    )) {
      const response = await browsers
        .get('Administrator')!
        .call(route.method, pathOf(route.url), { body: {}, withoutCsrf: true });
      expect(`${route.method} ${route.url} ${response.status} ${response.body.code}`).toBe(
        `${route.method} ${route.url} 403 CSRF_TOKEN_INVALID`,
      );
    }
  });
});
