import { beforeAll, describe, expect, it } from 'vitest';
import type { BillingSystem } from '../../../src/adapters/billing-system/port.js';
import { createSandboxBillingSystem } from '../../../src/adapters/billing-system/sandbox.js';
import {
  creditCheck,
  enrollmentBody,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setCompanySettings } from '../../fixtures/operator.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { useTestApi } from '../../helpers/app.js';

/** Each enrollment the billing system received, in order. */
const sentToBilling: number[] = [];
const api = useTestApi(
  {},
  {
    billing: ((): BillingSystem => {
      const sandbox = createSandboxBillingSystem();
      return {
        submitEnrollment: (submission) => {
          sentToBilling.push(submission.enrollmentId);
          return sandbox.submitEnrollment(submission);
        },
      };
    })(),
  },
);
let token: string;
let plan: number;
let options: number[];
let companyId: number;

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  companyId = await sandboxCompanyId(api.db.kysely);
});

const requireVerification = (required: 0 | 1) =>
  setCompanySettings(api.db.kysely, { verification_required: required }, companyId);

async function sale(): Promise<number> {
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, options, { payment: { creditCheckId: check.id_credit_check } }),
  });
  expect(response.status).toBe(200);
  return response.body.data.enrollmentId as number;
}

const statusOf = async (enrollmentId: number) =>
  (
    await api.db.kysely
      .selectFrom('enrollments')
      .select('status')
      .where('id', '=', enrollmentId)
      .executeTakeFirstOrThrow()
  ).status;

const verificationsOf = (enrollmentId: number) =>
  api.db.kysely
    .selectFrom('tpv_verifications')
    .select(['verification_id', 'result'])
    .where('enrollment_id', '=', enrollmentId)
    .execute();

const agentQueue = async () =>
  (await api.call('GET', '/agent/enrollments', { token, query: { pageSize: 100 } })).body.data.map(
    (e: { id_enrollment?: number; enrollmentId?: number; id?: number }) =>
      e.id_enrollment ?? e.enrollmentId ?? e.id,
  );

describe('a sale of a company that requires third-party verification', () => {
  it('is created with one NOT_SENT verification and waits for it before billing', async () => {
    await requireVerification(1);
    const id = await sale();
    const verifications = await verificationsOf(id);
    expect(verifications).toHaveLength(1);
    expect(verifications[0]!.result).toBe('NOT_SENT');
    expect(await statusOf(id)).toBe('ON_HOLD_VERIFICATION_PENDING');
  });

  it('goes to billing when VERIFIED', async () => {
    await requireVerification(1);
    const id = await sale();
    const [verification] = await verificationsOf(id);
    const put = (body: unknown) =>
      api.call('PUT', `/tpv/verification/${verification!.verification_id}`, { token, body });
    expect((await put({ result: 'PENDING' })).status).toBe(200);
    expect(await statusOf(id)).toBe('ON_HOLD_VERIFICATION_PENDING');
    expect((await put({ result: 'VERIFIED' })).status).toBe(200);
    // Released, the sandbox billing system takes it at once: PENDING is "sent to billing".
    expect(await statusOf(id)).toBe('PENDING');
    expect(sentToBilling).toContain(id);
  });

  it('goes to the agents’ queue when the verification FAILED', async () => {
    await requireVerification(1);
    const id = await sale();
    const [verification] = await verificationsOf(id);
    const response = await api.call('PUT', `/tpv/verification/${verification!.verification_id}`, {
      token,
      body: {
        result: 'FAILED',
        reasons: [{ code: 'NO_CONSENT', reason: 'Customer did not confirm the sale' }],
      },
    });
    expect(response.status).toBe(200);
    expect(await statusOf(id)).toBe('ON_HOLD_VERIFICATION_FAILED');
    expect(await agentQueue()).toContain(id);
  });

  it('goes to the agents’ queue, and not to billing, when the provider COULDNT_CONTACT the customer', async () => {
    await requireVerification(1);
    const id = await sale();
    const [verification] = await verificationsOf(id);
    const put = (body: unknown) =>
      api.call('PUT', `/tpv/verification/${verification!.verification_id}`, { token, body });
    expect((await put({ result: 'PENDING' })).status).toBe(200);
    const response = await put({
      result: 'COULDNT_CONTACT',
      reasons: [{ code: 'NO_ANSWER', reason: 'Three calls, no answer' }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await statusOf(id)).toBe('ON_HOLD_VERIFICATION_FAILED');
    expect(await agentQueue()).toContain(id);

    // The submission task, run as the scheduler would, leaves it with the agents.
    await api.app.voltin.enrollments!.submitDue();
    expect(sentToBilling).not.toContain(id);
    expect(await statusOf(id)).toBe('ON_HOLD_VERIFICATION_FAILED');
  });

  it('is not held, and has no verification, when the company does not require one', async () => {
    await requireVerification(0);
    const id = await sale();
    expect(await verificationsOf(id)).toHaveLength(0);
    // Released, the sandbox billing system takes it at once: PENDING is "sent to billing".
    expect(await statusOf(id)).toBe('PENDING');
  });
});

describe('GET /tpv/verifications', () => {
  it('lists the sales still to verify for the provider to poll, paged, by result', async () => {
    await requireVerification(1);
    const first = await sale();
    const second = await sale();
    const [verification] = await verificationsOf(second);
    await api.call('PUT', `/tpv/verification/${verification!.verification_id}`, {
      token,
      body: { result: 'PENDING' },
    });
    const list = (result: string) =>
      api.call('GET', '/tpv/verifications', { token, query: { result, pageSize: 100 } });
    const notSent = await list('NOT_SENT');
    expect(notSent.status).toBe(200);
    const notSentIds = notSent.body.data.map((v: { enrollmentId: number }) => v.enrollmentId);
    expect(notSentIds).toContain(first);
    expect(notSentIds).not.toContain(second);
    expect(notSent.body.totalRecords).toBe(notSentIds.length);
    const pending = (await list('PENDING')).body.data;
    expect(pending.map((v: { enrollmentId: number }) => v.enrollmentId)).toContain(second);
    expect(pending[0]).not.toHaveProperty('ssn');
    const page = await api.call('GET', '/tpv/verifications', { token, query: { pageSize: 1 } });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.totalRecords).toBeGreaterThan(1);
  });
});
