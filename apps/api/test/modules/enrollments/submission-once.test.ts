import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSystem, EnrollmentSubmission } from '../../../src/adapters/billing-system/port.js';
import { createSandboxBillingSystem } from '../../../src/adapters/billing-system/sandbox.js';
import { buildApp } from '../../../src/app.js';
import { correctCustomerName, enrollmentBody } from '../../fixtures/enrollments.js';
import { openTestDatabase, SANDBOX, signLogin, testConfig } from '../../helpers/app.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/** A billing system shared by both nodes that records every submission it receives. */
const received: number[] = [];
const sandbox = createSandboxBillingSystem();
const countingBilling: BillingSystem = {
  async submitEnrollment(submission: EnrollmentSubmission) {
    received.push(submission.enrollmentId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return sandbox.submitEnrollment(submission);
  },
};

let nodeA: App;
let nodeB: App;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  const config = testConfig({ databaseUrl: database.url });
  nodeA = await buildApp(config, { db: database.db, logger: false, adapters: { billing: countingBilling } });
  // On PostgreSQL the second node has its own connection pool, as a second process would.
  nodeB = await buildApp(config, {
    db: database.reopen(),
    logger: false,
    adapters: { billing: countingBilling },
  });
});

afterAll(async () => {
  await nodeA.close();
  await nodeB.close();
  await drop();
});

describe('two API nodes on one database', () => {
  it('never send the same enrollment to the billing system twice', async () => {
    const db = nodeA.voltin.db.kysely;
    const token = (
      await nodeA.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
      })
    ).json().data.token;
    const plan = await db
      .selectFrom('plans')
      .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
      .select('plans.id')
      .where('utilities.code', '=', 'ONCOR')
      .where('plans.name', '=', 'Bluebonnet Energy 12-Month Fixed Electric')
      .executeTakeFirstOrThrow();
    const options = (
      await db
        .selectFrom('plan_acceptance_options')
        .select('id')
        .where('plan_id', '=', plan.id)
        .where('is_required', '=', 1)
        .execute()
    ).map((o) => o.id);
    const ids: number[] = [];
    const customers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await nodeA.inject({
        method: 'POST',
        url: '/api/v1/enrollments/create',
        headers: { authorization: `Bearer ${token}` },
        payload: enrollmentBody(plan.id, options, {
          customer: { lastName: 'Offline' },
          payment: { bypassCreditCheck: true, depositWaived: true },
        }),
      });
      ids.push(created.json().data.enrollmentId);
      customers.push(created.json().data.customerId);
    }
    // Make every one due at once (waived deposits otherwise wait for an agent, and an agent's release sends at
    // once: no API call leaves twelve queued for the task), with the billing system reachable.
    await db
      .updateTable('enrollments')
      .set({ status: 'QUEUED_FOR_SUBMISSION', next_submission_at: null, manual_review_reasons: '[]' })
      .where('id', 'in', ids)
      .execute();
    for (const customerId of customers) await correctCustomerName({ db: nodeA.voltin.db }, customerId);
    received.length = 0;
    await Promise.all([
      nodeA.voltin.enrollments!.submitDue(),
      nodeB.voltin.enrollments!.submitDue(),
      nodeA.voltin.enrollments!.submitDue(),
      nodeB.voltin.enrollments!.submitDue(),
    ]);
    expect([...received].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const statuses = await db.selectFrom('enrollments').select('status').where('id', 'in', ids).execute();
    expect(statuses.map((s) => s.status)).toEqual(ids.map(() => 'PENDING'));
  });
});
