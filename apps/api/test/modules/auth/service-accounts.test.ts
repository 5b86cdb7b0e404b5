import { beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { epochSeconds } from '../../../src/domain/clock.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Administrators keep the company's web service accounts in the console. The secret is answered once; a rotation
 * keeps the previous secret logging in until its grace deadline (the default is a day); a revocation ends the
 * account's logins at once. Everything here goes through the servers' real ports, as an integrator's calls do.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let admin: StaffBrowser;

interface Account {
  id: number;
  name: string;
  apiKey: string;
  operations: string[];
  affiliate: { id: number; name: string } | null;
  lastUsedAt: string | null;
  previousSecretValidUntil: string | null;
  active: boolean;
}

// Each login signs a timestamp of its own, so no login is refused as a replay of another.
let skew = 0;
const login = (apiKey: string, secret: string) =>
  api.call('POST', '/auth/login', { query: signLogin(apiKey, secret, epochSeconds(clock) - skew++) });
const brands = (token: string) => api.call('GET', '/brands', { token });

async function create(body: Record<string, unknown>): Promise<{ account: Account; secret: string }> {
  const answer = await admin.call('POST', '/web-service-accounts', {
    body: { roleGroups: ['Integration'], operations: ['listBrands'], ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

const listed = async () => (await admin.call('GET', '/web-service-accounts')).body.data as Account[];

const auditOf = async (accountId: number) =>
  (
    await admin.call('GET', '/audit-log', {
      query: { targetType: 'web-service-account', targetId: accountId },
    })
  ).body.data as { action: string; summary: string; before: unknown; after: unknown }[];

// The tests move the clock by hours, past a staff session's idle time: each one signs in anew.
beforeEach(async () => {
  admin = await signIn('Administrator');
});

describe('creating a web service account', () => {
  it('answers its secret once: the account logs in with it, and neither the list nor the audit log holds it', async () => {
    const { account, secret } = await create({ name: 'Billing bridge' });
    expect(account).toMatchObject({ name: 'Billing bridge', active: true, operations: ['listBrands'] });
    expect(account.apiKey).toMatch(/^vlt_[0-9a-f]{32}$/);
    const session = await login(account.apiKey, secret);
    expect(session.status).toBe(200);
    expect((await brands(session.body.data.token)).status).toBe(200);
    // Only the operations permitted: another one is refused.
    expectFailure(
      await api.call('GET', '/utilities', { token: session.body.data.token, query: { zipCode: '75001' } }),
      403,
      'PERMISSION_DENIED',
    );
    const row = (await listed()).find((a) => a.id === account.id)!;
    expect(row.lastUsedAt).toBe(clock.now().toISOString());
    expect(JSON.stringify(await listed())).not.toContain(secret);
    const audit = await auditOf(account.id);
    expect(audit.map((entry) => entry.action)).toEqual(['web-service-account.create']);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('binds an Affiliate account to its affiliate', async () => {
    const affiliates = (await admin.call('GET', '/affiliates')).body.data as { id: number; name: string }[];
    const affiliate = affiliates[0]!;
    const { account } = await create({
      name: 'Affiliate CRM',
      roleGroups: ['Affiliate'],
      affiliateId: affiliate.id,
      operations: ['listProspects'],
    });
    expect(account.affiliate).toEqual({ id: affiliate.id, name: affiliate.name });
    expect(
      expectFailure(
        await admin.call('POST', '/web-service-accounts', {
          body: { name: 'No affiliate', roleGroups: ['Affiliate'], operations: [] },
        }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual([
      'affiliateId: an Affiliate account has the Affiliate role group alone and names its affiliate',
    ]);
    expect(
      expectFailure(
        await admin.call('POST', '/web-service-accounts', {
          body: { name: 'Unbound', roleGroups: ['Integration'], affiliateId: affiliate.id, operations: [] },
        }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual(['affiliateId: only an Affiliate account is bound to an affiliate']);
  });

  it('refuses an operation the public API does not have', async () => {
    expect(
      expectFailure(
        await admin.call('POST', '/web-service-accounts', {
          body: { name: 'Typo', roleGroups: ['Integration'], operations: ['listBrands', 'listBrandz'] },
        }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual(['operations: listBrandz is not an operation of the public API']);
  });
});

describe('the operations an account can be permitted', () => {
  it('are the public API’s own, grouped by tag, without the public ones (the login needs no permission)', async () => {
    const groups = (await admin.call('GET', '/web-service-accounts/operations')).body.data as {
      tag: string;
      operations: { operationId: string; method: string; path: string }[];
    }[];
    const ids = groups.flatMap((group) => group.operations.map((o) => o.operationId));
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body as {
      paths: Record<string, Record<string, { operationId: string; security?: object[] }>>;
    };
    const bearer = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((operation) => operation.security?.some((scheme) => 'bearerAuth' in scheme))
      .map((operation) => operation.operationId);
    expect(ids.sort()).toEqual(bearer.sort());
    expect(ids).not.toContain('authLogin');
    expect(groups.find((group) => group.tag === 'Reference data')?.operations).toContainEqual(
      expect.objectContaining({ operationId: 'listBrands', method: 'GET', path: '/api/v1/brands' }),
    );
  });

  it('are replaced as a whole, each one checked, and the change audited', async () => {
    const { account, secret } = await create({ name: 'Widening' });
    const token = (await login(account.apiKey, secret)).body.data.token as string;
    const changed = await admin.call('PUT', `/web-service-accounts/${account.id}/operations`, {
      body: { operations: ['listBrands', 'listUtilities'] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.operations).toEqual(['listBrands', 'listUtilities']);
    expectFailure(
      await admin.call('PUT', `/web-service-accounts/${account.id}/operations`, {
        body: { operations: ['noSuchOperation'] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    // Permissions are cached for ten seconds on the call path.
    clock.advance(11);
    expect((await api.call('GET', '/utilities', { token, query: { zipCode: '75001' } })).status).toBe(200);
    const [entry] = await auditOf(account.id);
    expect(entry).toMatchObject({
      action: 'web-service-account.operations',
      before: { operations: ['listBrands'] },
      after: { operations: ['listBrands', 'listUtilities'] },
    });
  });
});

describe('rotating a secret', () => {
  it('keeps the integrator working through the grace period: both secrets log in until the deadline, then only the new', async () => {
    const { account, secret: old } = await create({ name: 'Rotating integrator' });
    const rotated = await admin.call('POST', `/web-service-accounts/${account.id}/rotation`, {
      body: { graceHours: 2 },
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(old);
    const deadline = new Date(clock.now().getTime() + 2 * 3_600_000).toISOString();
    expect(rotated.body.data.account.previousSecretValidUntil).toBe(deadline);
    expect((await login(account.apiKey, old)).status).toBe(200);
    expect((await login(account.apiKey, fresh)).status).toBe(200);
    clock.advance(2 * 3600 - 60);
    expect((await login(account.apiKey, old)).status).toBe(200);
    clock.advance(60);
    expectFailure(await login(account.apiKey, old), 401, 'AUTH_INVALID_CREDENTIALS');
    const session = await login(account.apiKey, fresh);
    expect((await brands(session.body.data.token)).status).toBe(200);
    admin = await signIn('Administrator'); // two hours on, the staff session has ended
    const audit = await auditOf(account.id);
    expect(audit[0]).toMatchObject({
      action: 'web-service-account.rotate',
      summary: `secret of Rotating integrator rotated; the previous one works until ${deadline}`,
    });
    expect(JSON.stringify(audit)).not.toContain(fresh);
    expect(JSON.stringify(await listed())).not.toContain(fresh);
  });

  it('gives a day of grace unless told otherwise, none when asked for 0 hours, a week at most', async () => {
    const { account, secret: first } = await create({ name: 'Default grace' });
    const rotated = await admin.call('POST', `/web-service-accounts/${account.id}/rotation`, { body: {} });
    expect(rotated.body.data.account.previousSecretValidUntil).toBe(
      new Date(clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
    const now = await admin.call('POST', `/web-service-accounts/${account.id}/rotation`, {
      body: { graceHours: 0 },
    });
    expect(now.body.data.account.previousSecretValidUntil).toBeNull();
    // The rotation without grace ends the secret before it too, at once.
    expectFailure(await login(account.apiKey, first), 401, 'AUTH_INVALID_CREDENTIALS');
    expectFailure(await login(account.apiKey, rotated.body.data.secret), 401, 'AUTH_INVALID_CREDENTIALS');
    expect((await login(account.apiKey, now.body.data.secret)).status).toBe(200);
    expectFailure(
      await admin.call('POST', `/web-service-accounts/${account.id}/rotation`, { body: { graceHours: 169 } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('revoking an account', () => {
  it('refuses its logins and the tokens it already has, at once', async () => {
    const { account, secret } = await create({ name: 'Leaving partner' });
    const session = (await login(account.apiKey, secret)).body.data as {
      token: string;
      refreshToken: string;
    };
    expect((await brands(session.token)).status).toBe(200);
    const revoked = await admin.call('POST', `/web-service-accounts/${account.id}/revocation`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data).toMatchObject({ active: false, revokedAt: clock.now().toISOString() });
    expectFailure(await brands(session.token), 401, 'AUTH_TOKEN_REVOKED');
    expectFailure(await login(account.apiKey, secret), 401, 'AUTH_INVALID_CREDENTIALS');
    expectFailure(
      await api.call('POST', '/auth/refresh', { body: session }),
      401,
      'AUTH_REFRESH_TOKEN_REUSED',
    );
    expectFailure(
      await admin.call('POST', `/web-service-accounts/${account.id}/revocation`),
      409,
      'SERVICE_ACCOUNT_REVOKED',
    );
    expectFailure(
      await admin.call('POST', `/web-service-accounts/${account.id}/rotation`, { body: {} }),
      409,
      'SERVICE_ACCOUNT_REVOKED',
    );
    expect((await auditOf(account.id))[0]).toMatchObject({ action: 'web-service-account.revoke' });
  });
});

describe('another company’s accounts', () => {
  it('are neither listed nor changed (404)', async () => {
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-accounts');
    const theirs = await api.db.kysely
      .selectFrom('web_service_accounts')
      .select('id')
      .where('company_id', '=', rival.companyId)
      .executeTakeFirstOrThrow();
    expect((await listed()).map((a) => a.id)).not.toContain(theirs.id);
    const path = `/web-service-accounts/${theirs.id}`;
    expectFailure(await admin.call('POST', `${path}/rotation`, { body: {} }), 404, 'NOT_FOUND');
    expectFailure(await admin.call('POST', `${path}/revocation`), 404, 'NOT_FOUND');
    expectFailure(
      await admin.call('PUT', `${path}/operations`, { body: { operations: [] } }),
      404,
      'NOT_FOUND',
    );
    expect((await login(rival.apiKey, rival.secret)).status).toBe(200);
  });
});

describe('a staff member who is not an Administrator', () => {
  it('is refused every account operation', async () => {
    const operations = await signIn('Operations agent');
    expectFailure(await operations.call('GET', '/web-service-accounts'), 403, 'PERMISSION_DENIED');
    expectFailure(await operations.call('GET', '/web-service-accounts/operations'), 403, 'PERMISSION_DENIED');
    expectFailure(
      await operations.call('POST', '/web-service-accounts', {
        body: { name: 'Mine', roleGroups: ['Integration'], operations: [] },
      }),
      403,
      'PERMISSION_DENIED',
    );
  });
});
