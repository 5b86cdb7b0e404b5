import { describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { maskPersonalData } from '../../../src/modules/audit/index.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { signedIn } from '../../helpers/console.js';

const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const as = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);

describe('the audit log', () => {
  it('records who changed what, from where, and finds it by actor, action, target and time', async () => {
    const admin = await as('Administrator');
    const start = clock.now().toISOString();
    const created = await admin.call('POST', '/staff', {
      body: { email: 'audited@bluebonnet.example', name: 'Audited Person', roles: ['Pricing'] },
    });
    clock.advance(120);
    const middle = clock.now().toISOString();
    await admin.call('PATCH', `/staff/${created.body.data.user.id}`, {
      body: { roles: ['Pricing', 'Marketing'] },
    });
    clock.advance(120);

    const auditor = await as('Read-only');
    const all = await auditor.call('GET', '/audit-log', {
      query: { targetType: 'staff_user', targetId: String(created.body.data.user.id) },
    });
    expect(all.body.data.map((e: { action: string }) => e.action)).toEqual(['staff.update', 'staff.create']);
    const [update] = all.body.data;
    expect(update).toMatchObject({
      actor: 'admin@bluebonnet.example',
      ip: '127.0.0.1',
      before: { roles: ['Pricing'] },
      after: { roles: ['Pricing', 'Marketing'] },
    });
    // The user's email in a before/after is recognisable, not readable in full.
    expect(update.after.email).toBe('a•••@bluebonnet.example');

    const later = await auditor.call('GET', '/audit-log', {
      query: { from: middle, actor: 'admin@bluebonnet.example' },
    });
    expect(later.body.data.map((e: { action: string }) => e.action)).toEqual(['staff.update']);
    const earlier = await auditor.call('GET', '/audit-log', {
      query: { from: start, to: middle, action: 'staff.create' },
    });
    expect(earlier.body.totalRecords).toBe(1);
  });

  it('is read by Administrators and auditors only', async () => {
    for (const role of ['Operations agent', 'Pricing', 'Customer support'])
      expectFailure(await (await as(role)).call('GET', '/audit-log'), 403, 'PERMISSION_DENIED');
    expect((await (await as('Administrator')).call('GET', '/audit-log')).status).toBe(200);
  });

  it('cannot be edited or deleted, by the application or anyone with the database', async () => {
    const admin = await as('Administrator');
    await admin.call('POST', '/staff', {
      body: { email: 'kept@bluebonnet.example', name: 'Kept', roles: ['Pricing'] },
    });
    const db = api.db.kysely;
    const before = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(db.updateTable('audit_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('masks personal data before it is written', () => {
    expect(
      maskPersonalData({
        ssn: '123-45-6789',
        date_of_birth: '1980-01-02',
        drivers_license: 'D1234567',
        email: 'jane.doe@example.com',
        phone: '5125550199',
        nested: [{ bank_account_number: '000123456789', name: 'Jane' }],
        status: 'ON_HOLD',
      }),
    ).toEqual({
      ssn: '[masked]',
      date_of_birth: '[masked]',
      drivers_license: '[masked]',
      email: 'j•••@example.com',
      phone: '••••••••99',
      nested: [{ bank_account_number: '[masked]', name: 'Jane' }],
      status: 'ON_HOLD',
    });
  });
});
