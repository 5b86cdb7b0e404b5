import { describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock, moveToAFreshHour } from '../../helpers/clock.js';
import { signedIn, staffBrowser } from '../../helpers/console.js';

const clock = manualClock();
const api = useTestApi({}, {}, { clock });
const agent = SANDBOX_STAFF.find((member) => member.role === 'Operations agent')!;
const admin = SANDBOX_STAFF.find((member) => member.role === 'Administrator')!;

describe('Operations console sign-in', () => {
  it('signs every sandbox staff member in with an HttpOnly, SameSite=Strict cookie and answers the CSRF token', async () => {
    for (const member of SANDBOX_STAFF) {
      const browser = staffBrowser(api.consoleUrl);
      const response = await browser.signIn(member.email.toUpperCase(), member.password);
      expect(response.status, member.email).toBe(200);
      expect(response.body.data.user).toMatchObject({ email: member.email, roles: [member.role] });
      expect(response.body.data.csrfToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const cookie = response.headers.getSetCookie().join('\n');
      expect(cookie).toMatch(/voltin_console_session=[^;]+;.*HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      // Plain http here: a Secure cookie would never come back.
      expect(cookie).not.toMatch(/Secure/i);
    }
  });

  it('says who is signed in, and 401 when nobody is', async () => {
    expectFailure(await staffBrowser(api.consoleUrl).call('GET', '/session'), 401, 'STAFF_SESSION_REQUIRED');
    const browser = await signedIn(api.consoleUrl, agent.email, agent.password);
    const session = await browser.call('GET', '/session');
    expect(session.status).toBe(200);
    expect(session.body.data).toEqual({
      csrfToken: browser.csrfToken(),
      user: {
        email: agent.email,
        name: agent.name,
        roles: ['Operations agent'],
        permissions: ['work.read', 'enrollments.act', 'customers.act', 'tasks.read'],
      },
    });
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    moveToAFreshHour(clock);
    const browser = staffBrowser(api.consoleUrl);
    const wrong = expectFailure(
      await browser.signIn(agent.email, 'Not-The-Password-1'),
      401,
      'STAFF_SIGN_IN_FAILED',
    );
    const unknown = expectFailure(
      await browser.signIn('nobody@bluebonnet.example', 'Not-The-Password-1'),
      401,
      'STAFF_SIGN_IN_FAILED',
    );
    expect(unknown.message).toBe(wrong.message);
    expect(browser.cookie()).toBeNull();
  });

  it('makes each failed sign-in past the fifth wait longer, and lets the right password in once the wait is over', async () => {
    moveToAFreshHour(clock);
    const browser = staffBrowser(api.consoleUrl);
    for (let i = 0; i < 5; i++)
      expectFailure(await browser.signIn(admin.email, 'Wrong-Password-1'), 401, 'STAFF_SIGN_IN_FAILED');
    expectFailure(await browser.signIn(admin.email, 'Wrong-Password-1'), 401, 'STAFF_SIGN_IN_FAILED');
    const refused = await browser.signIn(admin.email, admin.password);
    expectFailure(refused, 429, 'RATE_LIMITED');
    const firstWait = Number(refused.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThan(0);
    clock.advance(firstWait);
    expectFailure(await browser.signIn(admin.email, 'Wrong-Password-1'), 401, 'STAFF_SIGN_IN_FAILED');
    const longer = Number((await browser.signIn(admin.email, admin.password)).headers.get('retry-after'));
    expect(longer).toBeGreaterThan(firstWait);
    clock.advance(longer);
    expect((await browser.signIn(admin.email, admin.password)).status).toBe(200);
  });
});

describe('Operations console sessions', () => {
  it('refuses a change without the CSRF token, or with another session’s', async () => {
    const browser = await signedIn(api.consoleUrl, agent.email, agent.password);
    const other = await signedIn(api.consoleUrl, agent.email, agent.password);
    expectFailure(await browser.call('DELETE', '/session', { withoutCsrf: true }), 403, 'CSRF_TOKEN_INVALID');
    expectFailure(
      await browser.call('DELETE', '/session', {
        withoutCsrf: true,
        headers: { 'x-csrf-token': other.csrfToken()! },
      }),
      403,
      'CSRF_TOKEN_INVALID',
    );
    expect((await browser.call('GET', '/session')).status).toBe(200);
  });

  it('ends a session left idle for 30 minutes', async () => {
    const browser = await signedIn(api.consoleUrl, agent.email, agent.password);
    clock.advance(29 * 60);
    expect((await browser.call('GET', '/session')).status).toBe(200);
    clock.advance(29 * 60);
    expect((await browser.call('GET', '/session')).status).toBe(200);
    clock.advance(30 * 60);
    expectFailure(await browser.call('GET', '/session'), 401, 'STAFF_SESSION_EXPIRED');
    expectFailure(await browser.call('GET', '/session'), 401, 'STAFF_SESSION_REQUIRED');
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const browser = await signedIn(api.consoleUrl, agent.email, agent.password);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      clock.advance(20 * 60);
      expect((await browser.call('GET', '/session')).status, `after ${minutes + 20} minutes`).toBe(200);
    }
    clock.advance(20 * 60);
    expectFailure(await browser.call('GET', '/session'), 401, 'STAFF_SESSION_EXPIRED');
  });

  it('signs out this browser only, or every session of the user', async () => {
    const laptop = await signedIn(api.consoleUrl, agent.email, agent.password);
    const tablet = await signedIn(api.consoleUrl, agent.email, agent.password);
    const phone = await signedIn(api.consoleUrl, agent.email, agent.password);
    const leftCookie = laptop.cookie();
    expect((await laptop.call('DELETE', '/session')).status).toBe(200);
    expect(laptop.cookie()).toBeNull();
    // The old cookie is dead on the server, not only forgotten by the browser.
    const replay = await fetch(new URL('/ops/api/v1/session', api.consoleUrl), {
      headers: { cookie: `voltin_console_session=${leftCookie}` },
    });
    expect(replay.status).toBe(401);
    expect((await tablet.call('GET', '/session')).status).toBe(200);
    const everywhere = await tablet.call('POST', '/session/sign-out-everywhere');
    expect(everywhere.status).toBe(200);
    expect(everywhere.body.data.ended).toBeGreaterThanOrEqual(2);
    expectFailure(await phone.call('GET', '/session'), 401, 'STAFF_SESSION_REQUIRED');
    expectFailure(await tablet.call('GET', '/session'), 401, 'STAFF_SESSION_REQUIRED');
  });

  it('keeps only a hash of the session cookie', async () => {
    const browser = await signedIn(api.consoleUrl, agent.email, agent.password);
    const rows = await api.db.kysely.selectFrom('staff_sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(browser.cookie());
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('is answered on the console’s port only: the public API’s port does not know /ops', async () => {
    const response = await fetch(new URL('/ops/api/v1/session', api.baseUrl));
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('ROUTE_NOT_FOUND');
    for (const path of ['/api/v1/health', '/ops/api/v1/no-such-operation']) {
      const onConsole = await fetch(new URL(path, api.consoleUrl));
      expect(onConsole.status, path).toBe(404);
    }
  });
});
