import { beforeAll, describe, expect, it } from 'vitest';
import { createVerificationsService } from '../../../src/modules/verifications/index.js';
import { createAccount, createTenant, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
let companyId: number;

/**
 * A verification as the provider knows it, seeded directly: a sale's own (sale-verification.test.ts) gets a random
 * id, while these tests name theirs, and some are linked to no enrollment (recorded before sales requested them),
 * which no API call makes.
 */
async function seedVerification(
  verificationId: string,
  enrollmentId: number | null = null,
  company = companyId,
) {
  const now = new Date().toISOString();
  await api.db.kysely
    .insertInto('tpv_verifications')
    .values({
      company_id: company,
      verification_id: verificationId,
      enrollment_id: enrollmentId,
      result: 'NOT_SENT',
      reasons: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const put = (verificationId: string, body: unknown, as = token) =>
  api.call('PUT', `/tpv/verification/${verificationId}`, { token: as, body });

beforeAll(async () => {
  token = await api.sandboxToken();
  companyId = await sandboxCompanyId(api.db.kysely);
});

describe('PUT /tpv/verification/{verificationId}', () => {
  it('records results, repeatedly, until VERIFIED, keeping every update', async () => {
    await seedVerification('TPV-1001');
    let response = await put('TPV-1001', { result: 'PENDING' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      verificationId: 'TPV-1001',
      result: 'PENDING',
      reasons: [],
      verifiedAt: null,
    });
    response = await put('TPV-1001', {
      result: 'COULDNT_CONTACT',
      reasons: [{ code: 'NA', reason: 'No answer after three attempts' }],
    });
    expect(response.body.data.reasons).toEqual([{ code: 'NA', reason: 'No answer after three attempts' }]);
    response = await put('TPV-1001', {
      result: 'FAILED',
      reasons: [
        { code: 'AUTH', reason: 'Customer is not the account holder' },
        { code: 'RATE', reason: 'Customer did not confirm the rate' },
      ],
    });
    expect(response.body.data.result).toBe('FAILED');
    response = await put('TPV-1001', { result: 'VERIFIED', reasons: [] });
    expect(response.body.data).toMatchObject({
      result: 'VERIFIED',
      reasons: [],
      verifiedAt: expect.any(String),
    });
    expect(response.body.data.history.map((h: { result: string }) => h.result)).toEqual([
      'PENDING',
      'COULDNT_CONTACT',
      'FAILED',
      'VERIFIED',
    ]);
    expect(response.body.data.history[2].reasons).toHaveLength(2);
  });

  it('refuses any update after VERIFIED with 409 VERIFICATION_ALREADY_VERIFIED and keeps the result', async () => {
    await seedVerification('TPV-1002');
    await put('TPV-1002', { result: 'VERIFIED' });
    for (const result of ['FAILED', 'VERIFIED', 'PENDING']) {
      const failure = expectFailure(
        await put('TPV-1002', { result, reasons: [{ code: 'X', reason: 'late' }] }),
        409,
        'VERIFICATION_ALREADY_VERIFIED',
      );
      expect(failure.message).toBe(
        'Verification TPV-1002 is already VERIFIED; a verified result is final and cannot be updated.',
      );
    }
    const updates = await api.db.kysely.selectFrom('tpv_verification_updates').selectAll().execute();
    const [row] = await api.db.kysely
      .selectFrom('tpv_verifications')
      .selectAll()
      .where('verification_id', '=', 'TPV-1002')
      .execute();
    expect(row!.result).toBe('VERIFIED');
    expect(updates.filter((u) => u.verification_pk === row!.id)).toHaveLength(1);
  });

  it('needs a reason for FAILED and COULDNT_CONTACT, naming the field', async () => {
    await seedVerification('TPV-1003');
    for (const result of ['FAILED', 'COULDNT_CONTACT']) {
      const failure = expectFailure(await put('TPV-1003', { result }), 400, 'VALIDATION_FAILED');
      expect(failure.errors).toEqual([
        `body.reasons: at least one reason is required when the result is ${result}`,
      ]);
    }
  });

  it('refuses an unknown result, an incomplete reason and a missing result', async () => {
    await seedVerification('TPV-1004');
    let failure = expectFailure(await put('TPV-1004', { result: 'MAYBE' }), 400, 'VALIDATION_FAILED');
    expect(failure.errors).toEqual([
      'body.result: must be equal to one of the allowed values (NOT_SENT, PENDING, VERIFIED, FAILED, COULDNT_CONTACT)',
    ]);
    failure = expectFailure(
      await put('TPV-1004', { result: 'FAILED', reasons: [{ code: 'X' }] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual(['body.reasons.0.reason: is required']);
    failure = expectFailure(await put('TPV-1004', { reasons: [] }), 400, 'VALIDATION_FAILED');
    expect(failure.errors).toEqual(['body.result: is required']);
  });

  it('answers 404 for an unknown verification or one of another company', async () => {
    expectFailure(await put('TPV-NOPE', { result: 'PENDING' }), 404, 'NOT_FOUND');
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-tpv');
    await seedVerification('TPV-RIVAL', null, rival.companyId);
    expectFailure(await put('TPV-RIVAL', { result: 'PENDING' }), 404, 'NOT_FOUND');
  });

  it('is for the Verification role group', async () => {
    const integration = await createAccount(api.db.kysely, api.app.voltin.keys, {
      companyId,
      apiKey: 'vlt_no_tpv_role',
      permissions: ['*'],
    });
    const other = (
      await api.call('POST', '/auth/login', { query: signLogin(integration.apiKey, integration.secret) })
    ).body.data.token;
    await seedVerification('TPV-1005');
    expectFailure(await put('TPV-1005', { result: 'PENDING' }, other), 403, 'PERMISSION_DENIED');
  });
});

describe('the linked enrollment follows the result (onResult)', () => {
  it('hands each recorded result of a linked verification to the enrollment side, and nothing when unlinked', async () => {
    const seen: { enrollmentId: number; result: string }[] = [];
    const service = createVerificationsService({
      db: api.db.kysely,
      clock: api.app.voltin.clock,
      enrollments: {
        verificationResult: async (enrollmentId, result) => void seen.push({ enrollmentId, result }),
      },
    });
    await seedVerification('TPV-2001', 42);
    await seedVerification('TPV-2002', null);
    await service.update(companyId, 'TPV-2001', {
      result: 'FAILED',
      reasons: [{ code: 'NA', reason: 'Hung up' }],
    });
    await service.update(companyId, 'TPV-2002', { result: 'PENDING' });
    expect(seen).toEqual([{ enrollmentId: 42, result: 'FAILED' }]);
  });
});
