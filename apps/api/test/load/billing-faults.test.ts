import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditCheck, enrollmentBody, planId, requiredOptions, ssnEnding } from '../fixtures/enrollments.js';
import { askAgainWhileInUse, useTestApi } from '../helpers/app.js';
import { type BillingFault, controllableBilling } from './faulty-adapters.js';
import { expectNothingHalfWritten, runLoad, runTask, Tally, watermark } from './harness.js';

/*
 * Enrollment creates under load while the billing system goes down, errs, slows or answers with errors, then comes
 * back. Background tasks are driven by the test (a second "node" running the retry task during the load), so the
 * run is the same on a busy machine.
 */
const billing = controllableBilling();
const api = useTestApi({ backgroundTasks: false }, { billing });
let token: string;
let plan: number;
let options: number[];
let creditCheckId: number;

const CREATES = 120;
const CONCURRENCY = 12;
/** Every RETRY_EVERY-th client sends its request twice with one Idempotency-Key, as after a lost answer. */
const RETRY_EVERY = 6;

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  creditCheckId = (await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan }))
    .id_credit_check;
});

/** What a create answers while the fault is on, and where the enrollment ends once the fault has cleared. */
const CASES: Array<{ fault: BillingFault; heldAs: string; endsAs: string }> = [
  { fault: 'down', heldAs: 'SUBMITION_NOT_SENT_CONNECTION_ERROR', endsAs: 'PENDING' },
  { fault: 'erroring', heldAs: 'SUBMITION_NOT_SENT_CONNECTION_ERROR', endsAs: 'PENDING' },
  { fault: 'slow', heldAs: 'PENDING', endsAs: 'PENDING' },
  { fault: 'with-errors', heldAs: 'SUBMITTED_WITH_ERRORS', endsAs: 'SUBMITTED_WITH_ERRORS' },
];

/** Where an enrollment may end, from what its create answered (one the retry task was sending may end either way). */
function endingsOf(answer: string, heldAs: string, endsAs: string): string[] {
  if (answer === heldAs) return [endsAs];
  if (answer === 'QUEUED_FOR_SUBMISSION') return ['PENDING', endsAs];
  return ['PENDING'];
}

/** Time passes: the held enrollments' retries fall due, and the retry task runs until nothing is left to send. */
async function retryUntilSent(since: number): Promise<void> {
  const waiting = () =>
    api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('id', '>', since)
      .where('status', 'in', ['QUEUED_FOR_SUBMISSION', 'SUBMITION_NOT_SENT_CONNECTION_ERROR'])
      .execute();
  for (let round = 0; round < 10 && (await waiting()).length > 0; round++) {
    await api.db.kysely
      .updateTable('enrollments')
      .set({ next_submission_at: 1 })
      .where('id', '>', since)
      .where('status', '=', 'SUBMITION_NOT_SENT_CONNECTION_ERROR')
      .execute();
    await runTask(api, 'submit-enrollments');
  }
  console.log(
    await api.db.kysely
      .selectFrom('enrollments')
      .select(['id', 'status', 'next_submission_at', 'submission_attempts'])
      .where('id', '>', since)
      .where('status', '!=', 'PENDING')
      .execute(),
  );
  expect(await waiting(), 'enrollments never sent').toEqual([]);
}

// A failed run must not leave its fault on for the next.
afterEach(() => {
  billing.fault = null;
});

describe('enrollment creates under load while the billing system fails', () => {
  it.each(CASES)('billing system $fault, then back', async ({ fault, heldAs, endsAs }) => {
    const since = await watermark(api.db);
    const injectedBefore = billing.injected;
    billing.fault = null;
    const tally = new Tally();
    const answered = new Map<number, string>();
    const tasks: Array<Promise<unknown>> = [];
    let retriedClients = 0;

    await runLoad(CREATES, CONCURRENCY, async (i) => {
      // The fault is on for the middle half of the run, flipped while earlier requests are in flight.
      if (i === CREATES / 4) billing.fault = fault;
      if (i === (CREATES * 3) / 4) billing.fault = null;
      // Another node's retry task races the requests for the enrollments they queue.
      if (i % 10 === 0) tasks.push(runTask(api, 'submit-enrollments'));
      const body = enrollmentBody(plan, options, { payment: { creditCheckId } });
      const retried = i % RETRY_EVERY === 0;
      // Some integrators send no Idempotency-Key at all.
      const headers: Record<string, string> =
        retried || i % 2 === 0 ? { 'idempotency-key': `billing-${fault}-${i}` } : {};
      // A resend that finds the first still running (409) asks again until it gets the first's answer.
      const send = () =>
        askAgainWhileInUse(() => api.call('POST', '/enrollments/create', { token, body, headers }));
      if (retried) retriedClients++;
      const responses = retried ? await Promise.all([send(), send()]) : [await send()];
      for (const response of responses) {
        tally.count(response, response.body.data?.enrollmentStatus);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      }
      const ids = new Set(responses.map((r) => r.body.data.enrollmentId as number));
      expect(ids.size, 'one enrollment per Idempotency-Key').toBe(1);
      answered.set(responses[0]!.body.data.enrollmentId, responses[0]!.body.data.enrollmentStatus);
    });
    billing.fault = null;
    await Promise.all(tasks);
    await retryUntilSent(since.enrollment);

    const injected = billing.injected - injectedBefore;
    expect(injected).toBeGreaterThan(0);
    // Answers are the hold the fault calls for, or the normal outcome (before and after it, or sent meanwhile).
    for (const status of answered.values())
      expect(['PENDING', heldAs, 'QUEUED_FOR_SUBMISSION']).toContain(status);
    if (heldAs !== 'PENDING') expect([...answered.values()]).toContain(heldAs);

    const rows = await api.db.kysely
      .selectFrom('enrollments')
      .select(['id', 'status'])
      .where('id', '>', since.enrollment)
      .execute();
    // Every confirmed create exists, and nothing else was created (a retried request made no second one).
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...answered.keys()].sort((a, b) => a - b));
    for (const row of rows) {
      expect(endingsOf(answered.get(row.id)!, heldAs, endsAs), `enrollment ${row.id}`).toContain(row.status);
      // Received by the billing system exactly once, whatever the faults and retries before.
      expect(billing.received.get(row.id) ?? 0, `enrollment ${row.id} submissions`).toBe(1);
    }
    await expectNothingHalfWritten(api.db, since);
    const held = rows.filter((r) => answered.get(r.id) === 'SUBMITION_NOT_SENT_CONNECTION_ERROR').length;
    tally.report(`billing system ${fault}`, injected, {
      'clients retrying with one Idempotency-Key': retriedClients,
      'held then sent after recovery': held,
    });
  });
});
