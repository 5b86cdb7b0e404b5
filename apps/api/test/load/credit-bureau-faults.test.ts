import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  creditCheckBody,
  enrollmentBody,
  planId,
  requiredOptions,
  ssnEnding,
} from '../fixtures/enrollments.js';
import { useTestApi } from '../helpers/app.js';
import { type BureauFault, controllableBureau } from './faulty-adapters.js';
import { expectNothingHalfWritten, runLoad, Tally, watermark } from './harness.js';

/*
 * Customers going through credit check then enrollment, under load, while the credit bureau goes down or slows,
 * then comes back. A check the bureau did not answer is recorded with its error and cannot back an enrollment;
 * the enrollment it was for writes nothing, and goes through once the customer is checked again.
 */
const bureau = controllableBureau();
const api = useTestApi({ backgroundTasks: false }, { bureau });
let token: string;
let plan: number;
let options: number[];

const JOURNEYS = 100;
const CONCURRENCY = 10;

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
});

interface Journey {
  body: ReturnType<typeof enrollmentBody>;
  idempotencyKey: string;
}

// A failed run must not leave its fault on for the next.
afterEach(() => {
  bureau.fault = null;
});

describe('credit checks and enrollment creates under load while the credit bureau fails', () => {
  it.each<{ fault: BureauFault }>([{ fault: 'down' }, { fault: 'erroring' }, { fault: 'slow' }])(
    'credit bureau $fault, then back',
    async ({ fault }) => {
      const since = await watermark(api.db);
      const injectedBefore = bureau.injected;
      const tally = new Tally();
      const creditCheck = async () => {
        const response = await api.call('POST', '/payments/credit-check', {
          token,
          body: creditCheckBody({ socialSecurityNumber: ssnEnding('720'), planId: plan }),
        });
        tally.count(response, response.body.data?.error_msg ? 'bureau error' : 'scored');
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body.data as {
          id_credit_check: number;
          score: number | null;
          error_msg: string | null;
        };
      };
      const enroll = async (journey: Journey, creditCheckId: number) => {
        const response = await api.call('POST', '/enrollments/create', {
          token,
          body: { ...journey.body, payment: { creditCheckId } },
          headers: { 'idempotency-key': journey.idempotencyKey },
        });
        tally.count(response, response.body.data?.enrollmentStatus);
        return response;
      };
      /** Journeys whose check the bureau did not answer: the customer comes back once it is up. */
      const comeBack: Journey[] = [];

      await runLoad(JOURNEYS, CONCURRENCY, async (i) => {
        // The fault is on for the middle half of the run, flipped while earlier journeys are in flight.
        if (i === JOURNEYS / 4) bureau.fault = fault;
        if (i === (JOURNEYS * 3) / 4) bureau.fault = null;
        const journey = {
          body: enrollmentBody(plan, options),
          idempotencyKey: `bureau-${fault}-${i}`,
        };
        const check = await creditCheck();
        // An integrator that does not look at error_msg tries the enrollment all the same.
        const created = await enroll(journey, check.id_credit_check);
        if (check.error_msg === null) {
          expect(check.score).toBe(720);
          expect(created.body.data?.enrollmentStatus, JSON.stringify(created.body)).toBe('PENDING');
          return;
        }
        expect(check.score).toBeNull();
        expect(created.status, JSON.stringify(created.body)).toBe(422);
        expect(created.body.code).toBe('CREDIT_CHECK_UNUSABLE');
        comeBack.push(journey);
      });
      bureau.fault = null;
      const injected = bureau.injected - injectedBefore;
      expect(injected).toBeGreaterThan(0);
      expect(comeBack).toHaveLength(fault === 'slow' ? 0 : injected);

      // The bureau is back: each customer refused meanwhile is checked again and enrolled with the same request and
      // the new check, under a new Idempotency-Key: the refused attempt's key keeps its answer for its own retries.
      await runLoad(comeBack.length, CONCURRENCY, async (i) => {
        const journey = comeBack[i]!;
        const check = await creditCheck();
        expect(check.error_msg).toBeNull();
        const created = await enroll(
          { ...journey, idempotencyKey: `${journey.idempotencyKey}-again` },
          check.id_credit_check,
        );
        expect(created.body.data?.enrollmentStatus, JSON.stringify(created.body)).toBe('PENDING');
      });

      // One enrollment and one customer per journey; every check recorded, those the bureau missed with their error.
      const rows = async (table: 'enrollments' | 'customers', above: number) =>
        (await api.db.kysely.selectFrom(table).select('id').where('id', '>', above).execute()).length;
      expect(await rows('enrollments', since.enrollment)).toBe(JOURNEYS);
      expect(await rows('customers', since.customer)).toBe(JOURNEYS);
      const checks = await api.db.kysely
        .selectFrom('credit_checks')
        .select(['score', 'error_msg'])
        .where('id', '>', since.creditCheck)
        .execute();
      expect(checks).toHaveLength(JOURNEYS + comeBack.length);
      expect(checks.filter((c) => c.error_msg !== null)).toHaveLength(comeBack.length);
      const statuses = await api.db.kysely
        .selectFrom('enrollments')
        .select('status')
        .where('id', '>', since.enrollment)
        .execute();
      expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['PENDING']));
      await expectNothingHalfWritten(api.db, since);
      tally.report(`credit bureau ${fault}`, injected, {
        'customers refused, then enrolled on return': comeBack.length,
      });
    },
  );
});
