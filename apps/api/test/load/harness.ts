import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import type { ApiResponse, TestApi } from '../helpers/app.js';

/**
 * Runs jobs 0 … count-1 with at most `concurrency` in flight. Jobs start in order, so a test flips a fault when a
 * given job starts while earlier ones are still in flight.
 */
export async function runLoad(
  count: number,
  concurrency: number,
  job: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export const CONNECTION_ERROR = 'connection error';

/** Requests sent and their outcomes, e.g. "200 PENDING: 75", "503 UPSTREAM_UNAVAILABLE: 12". */
export class Tally {
  requests = 0;
  readonly outcomes = new Map<string, number>();

  /**
   * Checks that an answer is the envelope with a real status (never a 500) and counts it under its status and code,
   * or under `label` for a success.
   */
  count(response: ApiResponse, label = ''): void {
    this.requests++;
    expectEnvelope(response);
    const key = `${response.status} ${response.body.succeeded ? label : response.body.code}`.trim();
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
  }

  /** Answers that broke the envelope, seen by `record`. */
  readonly broken: string[] = [];

  /**
   * `count` for an open loop, whose requests cannot fail the test as they go: a failed connection is counted as
   * "connection error" and an answer that breaks the envelope is kept in `broken`, for the test to check at the end.
   */
  async record(request: Promise<ApiResponse>, label = ''): Promise<ApiResponse | undefined> {
    const response = await request.catch(() => undefined);
    if (!response) {
      this.requests++;
      this.outcomes.set(CONNECTION_ERROR, this.of(CONNECTION_ERROR) + 1);
      return undefined;
    }
    try {
      this.count(response, label);
    } catch (error) {
      this.broken.push(error instanceof Error ? error.message : String(error));
    }
    return response;
  }

  /** Requests answered other than 2xx, connection errors included. */
  get failures(): number {
    return [...this.outcomes].filter(([key]) => !key.startsWith('2')).reduce((sum, [, n]) => sum + n, 0);
  }

  of(key: string): number {
    return this.outcomes.get(key) ?? 0;
  }

  /** One line for the issue note: what was sent, what was injected, what came back. */
  report(name: string, faultsInjected: number, extra: Record<string, number> = {}): void {
    const outcomes = [...this.outcomes].map(([key, n]) => `${key}: ${n}`).join(', ');
    const more = Object.entries(extra)
      .map(([key, n]) => `, ${key} ${n}`)
      .join('');
    console.log(
      `[load] ${name}: ${this.requests} requests, ${faultsInjected} faults injected${more}; outcomes ${outcomes}`,
    );
  }
}

function expectEnvelope(response: ApiResponse): void {
  const { body } = response;
  const shown = `${response.status} ${JSON.stringify(body)}`;
  expect(response.status, shown).not.toBe(500);
  expect(typeof body?.succeeded, shown).toBe('boolean');
  expect(Array.isArray(body.errors), shown).toBe(true);
  expect(typeof body.message, shown).toBe('string');
  if (body.succeeded) expect(response.status, shown).toBe(200);
  else {
    expect(response.status, shown).toBeGreaterThanOrEqual(400);
    expect(typeof body.code, shown).toBe('string');
    expect(body.data, shown).toBeNull();
  }
}

/** The highest row ids before a run: what the run wrote is above them. */
export interface Watermark {
  enrollment: number;
  customer: number;
  charge: number;
  creditCheck: number;
}

export async function watermark(db: Db): Promise<Watermark> {
  const highest = async (table: 'enrollments' | 'customers' | 'charge_transactions' | 'credit_checks') => {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  };
  return {
    enrollment: await highest('enrollments'),
    customer: await highest('customers'),
    charge: await highest('charge_transactions'),
    creditCheck: await highest('credit_checks'),
  };
}

/**
 * Nothing the run wrote is half-written: each enrollment has its history from "Created" to its current status,
 * each new customer has an enrollment, and no charge is left without an answer.
 */
export async function expectNothingHalfWritten(db: Db, since: Watermark): Promise<void> {
  const enrollments = await db.kysely
    .selectFrom('enrollments')
    .select(['id', 'status'])
    .where('id', '>', since.enrollment)
    .execute();
  const history = await db.kysely
    .selectFrom('enrollment_status_history')
    .select(['enrollment_id', 'from_status', 'to_status'])
    .where('enrollment_id', '>', since.enrollment)
    .orderBy('id')
    .execute();
  for (const e of enrollments) {
    const own = history.filter((h) => h.enrollment_id === e.id);
    expect(own[0]?.from_status, `enrollment ${e.id} has no "Created" history row`).toBeNull();
    expect(own.at(-1)?.to_status, `enrollment ${e.id}: history ends elsewhere`).toBe(e.status);
  }
  const customersWithout = await db.kysely
    .selectFrom('customers')
    .select('id')
    .where('id', '>', since.customer)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('enrollments').select('id').whereRef('customer_id', '=', 'customers.id')),
      ),
    )
    .execute();
  expect(customersWithout, 'customers without an enrollment').toEqual([]);
  const unanswered = await db.kysely
    .selectFrom('charge_transactions')
    .select(['id', 'status'])
    .where('id', '>', since.charge)
    .where('status', 'in', ['pending', 'unknown'])
    .execute();
  expect(unanswered, 'charges left without an answer').toEqual([]);
}

/** Runs a background task as the scheduler would, waiting its turn if another run holds it. */
export async function runTask(api: Pick<TestApi, 'app'>, name: string): Promise<string> {
  for (;;) {
    const result = await api.app.voltin.scheduler.runNow(name);
    if (result !== null) return result;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
