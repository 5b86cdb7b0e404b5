import { describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { currentTotp } from '../../../src/modules/staff/index.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn, staffBrowser } from '../../helpers/console.js';

const clock = manualClock();
const api = useTestApi({}, {}, { clock });
const admin = SANDBOX_STAFF.find((member) => member.role === 'Administrator')!;
const tokenOf = (link: string) => link.split('/setup/')[1]!;

async function addStaff(by: StaffBrowser, email: string, roles: string[]) {
  const created = await by.call('POST', '/staff', { body: { email, name: 'New Person', roles } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data as { user: { id: number }; setupLink: string };
}

describe('staff users, managed by an Administrator', () => {
  it('adds a user who sets a password through a one-time link, then signs in', async () => {
    const byAdmin = await signedIn(api.consoleUrl, admin.email, admin.password);
    const { user, setupLink } = await addStaff(byAdmin, 'Casey.Agent@Bluebonnet.example', [
      'Operations agent',
    ]);
    expect(setupLink.startsWith(`${api.consoleUrl}/setup/`)).toBe(true);
    const browser = staffBrowser(api.consoleUrl);
    expectFailure(
      await browser.signIn('casey.agent@bluebonnet.example', 'Casey-Password-1'),
      401,
      'STAFF_SIGN_IN_FAILED',
    );

    const details = await browser.call('GET', `/setup/${tokenOf(setupLink)}`);
    expect(details.body.data).toMatchObject({ email: 'casey.agent@bluebonnet.example', totpRequired: false });
    expect(details.body.data.totpUri).toMatch(/^otpauth:\/\/totp\//);
    expectFailure(
      await browser.call('POST', `/setup/${tokenOf(setupLink)}`, { body: { password: 'short' } }),
      422,
      'PASSWORD_TOO_WEAK',
    );
    expect(
      (await browser.call('POST', `/setup/${tokenOf(setupLink)}`, { body: { password: 'Casey-Password-1' } }))
        .status,
    ).toBe(200);
    expectFailure(
      await browser.call('POST', `/setup/${tokenOf(setupLink)}`, { body: { password: 'Other-Password-1' } }),
      410,
      'STAFF_SETUP_LINK_INVALID',
    );
    expect((await browser.signIn('casey.agent@bluebonnet.example', 'Casey-Password-1')).status).toBe(200);

    const listed = await byAdmin.call('GET', '/staff', { query: { pageSize: 100 } });
    expect(listed.body.data.find((u: { id: number }) => u.id === user.id)).toMatchObject({
      roles: ['Operations agent'],
      setupPending: false,
      totpEnabled: false,
    });
    expectFailure(
      await byAdmin.call('POST', '/staff', {
        body: { email: 'casey.agent@bluebonnet.example', name: 'Again', roles: ['Pricing'] },
      }),
      409,
      'STAFF_EMAIL_TAKEN',
    );
  });

  it('lets a set-up link expire', async () => {
    const byAdmin = await signedIn(api.consoleUrl, admin.email, admin.password);
    const { setupLink } = await addStaff(byAdmin, 'late@bluebonnet.example', ['Pricing']);
    clock.advance(24 * 3600 + 1);
    expectFailure(
      await staffBrowser(api.consoleUrl).call('GET', `/setup/${tokenOf(setupLink)}`),
      410,
      'STAFF_SETUP_LINK_INVALID',
    );
  });

  it('asks a user with an authenticator for its code, and accepts each code once', async () => {
    const byAdmin = await signedIn(api.consoleUrl, admin.email, admin.password);
    const { setupLink } = await addStaff(byAdmin, 'totp.user@bluebonnet.example', ['Customer support']);
    const browser = staffBrowser(api.consoleUrl);
    const { totpSecret } = (await browser.call('GET', `/setup/${tokenOf(setupLink)}`)).body.data;
    expectFailure(
      await browser.call('POST', `/setup/${tokenOf(setupLink)}`, {
        body: { password: 'Totp-Password-1', totp: '000000' },
      }),
      401,
      'STAFF_TOTP_REQUIRED',
    );
    const setup = await browser.call('POST', `/setup/${tokenOf(setupLink)}`, {
      body: { password: 'Totp-Password-1', totp: currentTotp(totpSecret, clock) },
    });
    expect(setup.status).toBe(200);

    clock.advance(60);
    expectFailure(
      await browser.signIn('totp.user@bluebonnet.example', 'Totp-Password-1'),
      401,
      'STAFF_TOTP_REQUIRED',
    );
    const code = currentTotp(totpSecret, clock);
    expect((await browser.signIn('totp.user@bluebonnet.example', 'Totp-Password-1', code)).status).toBe(200);
    // The same code a second time (someone who saw it over a shoulder) is refused.
    expectFailure(
      await staffBrowser(api.consoleUrl).signIn('totp.user@bluebonnet.example', 'Totp-Password-1', code),
      401,
      'STAFF_TOTP_REQUIRED',
    );
  });

  it('changes roles, disables a user (ending their sessions) and keeps the last Administrator', async () => {
    const byAdmin = await signedIn(api.consoleUrl, admin.email, admin.password);
    const { user, setupLink } = await addStaff(byAdmin, 'temp@bluebonnet.example', ['Marketing']);
    await staffBrowser(api.consoleUrl).call('POST', `/setup/${tokenOf(setupLink)}`, {
      body: { password: 'Temp-Password-1' },
    });
    const temp = await signedIn(api.consoleUrl, 'temp@bluebonnet.example', 'Temp-Password-1');
    expect((await temp.call('GET', '/session')).body.data.user.permissions).toEqual([
      'work.read',
      'marketing.write',
      'tasks.read',
    ]);

    const promoted = await byAdmin.call('PATCH', `/staff/${user.id}`, {
      body: { roles: ['Marketing', 'Read-only'] },
    });
    expect(promoted.body.data.roles).toEqual(['Marketing', 'Read-only']);
    expect((await temp.call('GET', '/session')).body.data.user.permissions).toContain('audit.read');

    expect((await byAdmin.call('PATCH', `/staff/${user.id}`, { body: { disabled: true } })).status).toBe(200);
    expectFailure(await temp.call('GET', '/session'), 401, 'STAFF_SESSION_REQUIRED');
    expectFailure(
      await staffBrowser(api.consoleUrl).signIn('temp@bluebonnet.example', 'Temp-Password-1'),
      401,
      'STAFF_SIGN_IN_FAILED',
    );

    const adminId = (await byAdmin.call('GET', '/staff', { query: { pageSize: 100 } })).body.data.find(
      (u: { email: string }) => u.email === admin.email,
    ).id;
    expectFailure(
      await byAdmin.call('PATCH', `/staff/${adminId}`, { body: { roles: ['Read-only'] } }),
      409,
      'STAFF_LAST_ADMINISTRATOR',
    );
    expectFailure(
      await byAdmin.call('PATCH', `/staff/${user.id}`, { body: { roles: ['Wizard'] } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('resets a password: the old one stops working, sessions end, a new link is answered', async () => {
    const byAdmin = await signedIn(api.consoleUrl, admin.email, admin.password);
    const { user, setupLink } = await addStaff(byAdmin, 'forgetful@bluebonnet.example', ['Pricing']);
    await staffBrowser(api.consoleUrl).call('POST', `/setup/${tokenOf(setupLink)}`, {
      body: { password: 'Forgot-Password-1' },
    });
    const session = await signedIn(api.consoleUrl, 'forgetful@bluebonnet.example', 'Forgot-Password-1');
    const reset = await byAdmin.call('POST', `/staff/${user.id}/reset-password`);
    expect(reset.status).toBe(200);
    expectFailure(await session.call('GET', '/session'), 401, 'STAFF_SESSION_REQUIRED');
    expectFailure(
      await staffBrowser(api.consoleUrl).signIn('forgetful@bluebonnet.example', 'Forgot-Password-1'),
      401,
      'STAFF_SIGN_IN_FAILED',
    );
    await staffBrowser(api.consoleUrl).call('POST', `/setup/${tokenOf(reset.body.data.setupLink)}`, {
      body: { password: 'Remembered-Password-2' },
    });
    expect(
      (await staffBrowser(api.consoleUrl).signIn('forgetful@bluebonnet.example', 'Remembered-Password-2'))
        .status,
    ).toBe(200);
  });

  it('is an Administrator’s: other roles are refused', async () => {
    for (const member of SANDBOX_STAFF.filter((m) => m.role !== 'Administrator')) {
      const browser = await signedIn(api.consoleUrl, member.email, member.password);
      expectFailure(await browser.call('GET', '/staff'), 403, 'PERMISSION_DENIED');
      expectFailure(
        await browser.call('POST', '/staff', {
          body: { email: 'x@bluebonnet.example', name: 'X', roles: ['Administrator'] },
        }),
        403,
        'PERMISSION_DENIED',
      );
    }
  });
});
