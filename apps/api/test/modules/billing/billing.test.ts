import { beforeAll, describe, expect, it } from 'vitest';
import type { ChargeStatus, TransactionType } from '../../../src/domain/charges.js';
import { addMonths } from '../../../src/domain/dates.js';
import {
  activateEnrollment,
  dayOn,
  pendingEnrollment,
  planId,
  recordCharge,
  requiredOptions,
  travelTo,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { pdfTextOf } from '../../helpers/pdf.js';

/* Service starts, statements fall due and payments arrive on the app's clock, which the tests move on. */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
let token: string;
let customerHash: string;
let customerId: number;
let fixed12: number;
let options: number[];

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const cents = (dollars: number) => Math.round(dollars * 100);

const get = (path: string, query?: Record<string, any>, hash = customerHash) =>
  api.call('GET', path, { token, customerHash: hash, query });

const createEnrollment = () =>
  pendingEnrollment(api, token, { plan: fixed12, options, customer: { idCustomer: customerId } });

/** Service of an enrollment of the sandbox customer starts on the clock (the lifecycle task makes it ACTIVE). */
async function startedEnrollment(): Promise<{ id: number; start: string }> {
  const id = await createEnrollment();
  const start = await activateEnrollment(api, clock, id);
  await signIn();
  const view = await api.call('GET', `/enrollments/${id}`, { token });
  expect(view.body.data.status).toBe('ACTIVE');
  return { id, start };
}

/** The clock moves on to `day`, where the customer signs in again (tokens and sessions run out meanwhile). */
async function travelAndSignIn(day: string) {
  travelTo(clock, day);
  await signIn();
}

/** A payment of the gateway's on the clock's today. */
const payment = (
  enrollmentId: number,
  type: TransactionType,
  amountCents: number,
  status: ChargeStatus = 'approved',
) => recordCharge(api, { enrollmentId, type, amountCents, status });

/** Every item of a paged billing list, page by page. */
async function allPages(path: string, pageSize: number) {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const response = await get(path, { pageNumber: page, pageSize });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ succeeded: true, pageNumber: page, pageSize });
    items.push(...response.body.data);
    if (page >= response.body.totalPages) {
      expect(items).toHaveLength(response.body.totalRecords);
      return items;
    }
  }
}

async function pdfText(enrollmentId: number, tokenOfStatement: string): Promise<string> {
  const response = await fetch(
    `${api.baseUrl}/api/v1/billing/statements-pdf/${enrollmentId}?custStatementTkn=${tokenOfStatement}`,
    { headers: { authorization: `Bearer ${token}`, 'x-customer-hash': customerHash } },
  );
  return pdfTextOf(response);
}

const money = (dollars: number) =>
  `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function signIn() {
  token = await api.sandboxToken();
  ({ customerHash, customerId } = await api.sandboxCustomerHash());
}

beforeAll(async () => {
  await signIn();
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, fixed12);
});

describe('an enrollment that has not started', () => {
  it('has empty lists and a zero summary', async () => {
    const id = await createEnrollment();
    expect((await get(`/billing/usage-history/${id}`)).body).toMatchObject({ succeeded: true, data: [] });
    for (const list of ['charges', 'statements']) {
      expect((await get(`/billing/${list}/${id}`)).body).toMatchObject({
        succeeded: true,
        data: [],
        pageNumber: 1,
        pageSize: 20,
        totalPages: 0,
        totalRecords: 0,
      });
    }
    expect((await get(`/billing/summary/${id}`)).body.data).toMatchObject({
      currentBalanceAmt: 0,
      amountDueAmt: 0,
      overdueBalanceAmt: 0,
      stmtBalanceAmt: 0,
      lastStatementDate: null,
      nextStatementDate: null,
      lastPaymentAmt: 0,
      statementCount: 0,
      usageUnit: 'kWh',
    });
    expect((await get(`/billing/statement-summary/${id}`)).body.data).toMatchObject({
      custStatementTkn: null,
      currentChargesAmt: 0,
      stmtBalanceAmt: 0,
    });
  });
});

describe('an enrollment started three months ago', () => {
  let start: string;
  let id: number;
  let statements: any[];
  /** Another enrollment of the customer, started the same day, that was paid and charged a deposit on the way. */
  let paid: number;
  const firstStatementDate = () => addDays(addMonths(start, 1), 1);
  const paidOn = () => addDays(firstStatementDate(), 3);

  beforeAll(async () => {
    const created = [await createEnrollment(), await createEnrollment()];
    start = await activateEnrollment(api, clock, created[0]!);
    await activateEnrollment(api, clock, created[1]!);
    [id, paid] = created as [number, number];
    await travelAndSignIn(addDays(firstStatementDate(), 1));
    await payment(paid, 'DEPOSIT', 10000);
    await travelAndSignIn(paidOn());
    await payment(paid, 'ONE_TIME_PAYMENT', 5000);
    await travelAndSignIn(addDays(firstStatementDate(), 4));
    await payment(paid, 'ONE_TIME_PAYMENT', 7000, 'declined');
    await travelAndSignIn(addDays(addMonths(start, 3), 5));
    statements = await allPages(`/billing/statements/${id}`, 2);
  });

  it('has one statement per monthly read, newest first, each due 16 days after its date', () => {
    expect(statements).toHaveLength(3);
    statements.forEach((s, i) => {
      const k = 2 - i;
      expect(s).toMatchObject({
        beginReadDate: addMonths(start, k),
        endReadDate: addMonths(start, k + 1),
        statementDate: addDays(addMonths(start, k + 1), 1),
        dueDate: addDays(addMonths(start, k + 1), 17),
        usageUnit: 'kWh',
      });
      expect(s.usageNum).toBeGreaterThan(400);
      expect(s.usageNum).toBeLessThan(2500);
      expect(s.custStatementTkn).toMatch(/^[0-9a-f]{24}$/);
    });
  });

  it('has totals that add up: previous balance − payments + current charges = balance', async () => {
    const charges = await allPages(`/billing/charges/${id}`, 7);
    const oldestFirst = [...statements].reverse();
    let previous = 0;
    for (const s of oldestFirst) {
      expect(s.previousBalanceAmt).toBe(previous);
      expect(cents(s.stmtBalanceAmt)).toBe(
        cents(s.previousBalanceAmt) - cents(s.paymentsAmt) + cents(s.currentChargesAmt),
      );
      const lines = charges.filter((c) => c.custStatementTkn === s.custStatementTkn);
      expect(lines.map((c) => c.chargeType)).toEqual(['ENERGY', 'BASE', 'DELIVERY', 'DELIVERY', 'TAX']);
      expect(lines.reduce((sum, c) => sum + cents(c.chargeAmt), 0)).toBe(cents(s.currentChargesAmt));
      expect(lines[0]).toMatchObject({ quantity: s.usageNum, unit: 'kWh', chargeDate: s.statementDate });
      previous = s.stmtBalanceAmt;
    }
    // Nothing paid: the first statement was due before the third was issued.
    expect(statements[0].overdueBalanceAmt).toBe(
      Math.round((oldestFirst[0].currentChargesAmt + oldestFirst[1].currentChargesAmt) * 100) / 100,
    );
  });

  it('shows the same periods in the usage history and the latest statement in the summaries', async () => {
    const usage = (await get(`/billing/usage-history/${id}`)).body.data;
    expect(usage.map((u: any) => [u.custStatementTkn, u.usageNum, u.usageChargeAmount])).toEqual(
      statements.map((s) => [s.custStatementTkn, s.usageNum, s.currentChargesAmt]),
    );
    const [latest] = statements;
    const summary = (await get(`/billing/summary/${id}`)).body.data;
    expect(summary).toMatchObject({
      currentBalanceAmt: latest.stmtBalanceAmt,
      amountDueAmt: latest.stmtBalanceAmt,
      stmtBalanceAmt: latest.stmtBalanceAmt,
      lastStatementDate: latest.statementDate,
      dueDate: latest.dueDate,
      nextStatementDate: addDays(addMonths(start, 4), 1),
      statementCount: 3,
      lastPaymentAmt: 0,
      lastPaymentDate: null,
    });
    const short = (await get(`/billing/statement-summary/${id}`)).body.data;
    expect(short).toMatchObject({
      custStatementTkn: latest.custStatementTkn,
      currentChargesAmt: latest.currentChargesAmt,
      stmtBalanceAmt: latest.stmtBalanceAmt,
    });
    expect(
      cents(short.energyChargesAmt) +
        cents(short.baseChargesAmt) +
        cents(short.deliveryChargesAmt) +
        cents(short.taxesAmt),
    ).toBe(cents(short.currentChargesAmt));
  });

  it('renders a statement as a PDF whose totals are the statement totals', async () => {
    const s = statements[1];
    const text = await pdfText(id, s.custStatementTkn);
    expect(text).toContain('1201 Elm St, Dallas, TX 75201');
    expect(text).toContain(
      `${s.beginReadDate} ${s.endReadDate} ${s.daysOfService} ${s.usageNum.toLocaleString('en-US')} kWh`,
    );
    expect(text).toContain(`Previous balance ${money(s.previousBalanceAmt)}`);
    expect(text).toContain(`Payments received ${money(-s.paymentsAmt)}`);
    expect(text).toContain(`Current charges ${money(s.currentChargesAmt)}`);
    expect(text).toContain(`Balance due ${money(s.stmtBalanceAmt)}`);
    expect(text).toContain(`Due date ${s.dueDate}`);
    const charges = (await allPages(`/billing/charges/${id}`, 100)).filter(
      (c) => c.custStatementTkn === s.custStatementTkn,
    );
    for (const c of charges) expect(text).toContain(money(c.chargeAmt));
    expect(text).toContain(`Total current charges ${money(s.currentChargesAmt)}`);
    // The PDF's own figures add up.
    const figure = (label: string) =>
      cents(
        Number(
          new RegExp(`${label} (-?)\\$([\\d,]+\\.\\d\\d)`).exec(text)!.slice(1).join('').replace(/,/g, ''),
        ),
      );
    expect(figure('Previous balance') + figure('Payments received') + figure('Current charges')).toBe(
      figure('Balance due'),
    );
  });

  it('answers 404 for a token that is not a statement of the enrollment', async () => {
    expectFailure(
      await get(`/billing/statements-pdf/${id}`, { custStatementTkn: 'f'.repeat(24) }),
      404,
      'NOT_FOUND',
    );
    const otherToken = (await get(`/billing/statements/${paid}`)).body.data[0].custStatementTkn;
    expectFailure(
      await get(`/billing/statements-pdf/${id}`, { custStatementTkn: otherToken }),
      404,
      'NOT_FOUND',
    );
  });

  it('applies an approved one-time payment to the balance; a deposit is held and a declined payment does nothing', async () => {
    const after = await allPages(`/billing/statements/${paid}`, 20);
    const [latest, middle, oldest] = after;
    expect(oldest).toMatchObject({ statementDate: firstStatementDate(), paymentsAmt: 0 });
    expect(oldest.stmtBalanceAmt).toBe(oldest.currentChargesAmt);
    expect(middle).toMatchObject({
      paymentsAmt: 50,
      lastPaymentAmt: 50,
      lastPaymentDate: paidOn(),
      previousBalanceAmt: oldest.stmtBalanceAmt,
    });
    expect(cents(middle.stmtBalanceAmt)).toBe(
      cents(oldest.stmtBalanceAmt) + cents(middle.currentChargesAmt) - 5000,
    );
    expect(cents(middle.overdueBalanceAmt)).toBe(cents(oldest.currentChargesAmt) - 5000);
    expect(cents(latest.stmtBalanceAmt)).toBe(cents(middle.stmtBalanceAmt) + cents(latest.currentChargesAmt));
    expect(latest).toMatchObject({ paymentsAmt: 0, lastPaymentAmt: 50, lastPaymentDate: paidOn() });
    const summary = (await get(`/billing/summary/${paid}`)).body.data;
    expect(summary).toMatchObject({
      lastPaymentAmt: 50,
      lastPaymentDate: paidOn(),
      depositHeldAmt: 100,
      stmtBalanceAmt: latest.stmtBalanceAmt,
      currentBalanceAmt: latest.stmtBalanceAmt,
    });
    const text = await pdfText(paid, middle.custStatementTkn);
    expect(text).toContain(`Payments received -$50.00`);
    expect(text).toContain(`Balance due ${money(middle.stmtBalanceAmt)}`);
    expect(text).toContain(`Last payment: $50.00 on ${paidOn()}`);

    // A payment after the latest statement lowers the balance now, not the statement.
    await payment(paid, 'RECURRING_BILLING', 2500);
    const now = (await get(`/billing/summary/${paid}`)).body.data;
    expect(cents(now.currentBalanceAmt)).toBe(cents(latest.stmtBalanceAmt) - 2500);
    expect(now).toMatchObject({ lastPaymentAmt: 25, lastPaymentDate: dayOn(clock) });
  });
});

describe('a dropped enrollment', () => {
  it('is billed up to the drop date, the last period prorated, and has no next statement', async () => {
    const { id, start } = await startedEnrollment();
    const dropDate = addDays(addMonths(start, 1), 10);
    const drop = await api.call('POST', `/enrollments/${id}/drop`, {
      token,
      body: { effectiveDate: dropDate, reasonCodeId: 1 },
    });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    await travelAndSignIn(addDays(addMonths(start, 3), 5));
    await api.app.voltin.scheduler.runNow('advance-enrollments');
    expect((await api.call('GET', `/enrollments/${id}`, { token })).body.data.status).toBe('DROPPED');
    const statements = (await get(`/billing/statements/${id}`)).body.data;
    expect(statements.map((s: any) => [s.beginReadDate, s.endReadDate])).toEqual([
      [addMonths(start, 1), dropDate],
      [start, addMonths(start, 1)],
    ]);
    const charges = (await get(`/billing/charges/${id}`, { pageSize: 100 })).body.data.filter(
      (c: any) => c.custStatementTkn === statements[0].custStatementTkn && c.chargeType === 'BASE',
    );
    expect(charges[0].quantity).toBeLessThan(1);
    expect((await get(`/billing/summary/${id}`)).body.data.nextStatementDate).toBeNull();
  });
});

describe('access', () => {
  it("refuses another customer's enrollment with 403 and an unknown one with 404", async () => {
    const other = await pendingEnrollment(api, token, { plan: fixed12, options });
    for (const path of ['usage-history', 'charges', 'statements', 'summary', 'statement-summary']) {
      expectFailure(await get(`/billing/${path}/${other}`), 403, 'CUSTOMER_FORBIDDEN');
    }
    expectFailure(
      await get(`/billing/statements-pdf/${other}`, { custStatementTkn: 'abc' }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    expectFailure(await get('/billing/summary/999999'), 404, 'NOT_FOUND');
    expectFailure(
      await api.call('GET', `/billing/summary/${other}`, { token }),
      401,
      'CUSTOMER_HASH_REQUIRED',
    );
  });
});
