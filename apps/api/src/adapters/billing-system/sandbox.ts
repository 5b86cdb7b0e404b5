import { createHash } from 'node:crypto';
import { isBillPayment } from '../../domain/charges.js';
import { addDays, addMonths, daysBetween } from '../../domain/dates.js';
import { deliveryCost, effectiveEnergyRate } from '../../domain/efl.js';
import { ConnectorError, inProcessClient, route } from '../connector-contract/connector.js';
import {
  ACCOUNT_SUMMARY,
  GET_STATEMENT,
  LIST_CHARGES,
  LIST_STATEMENTS,
  SUBMIT_ENROLLMENT,
  USAGE_HISTORY,
} from './contract.js';
import { billingOverContract } from './over-contract.js';
import {
  type AccountPayment,
  type AccountSummary,
  type BillingAccount,
  type BillingAccounts,
  type BillingSystem,
  BillingUnavailableError,
  type ChargeLine,
  type EnrollmentSubmission,
  type Statement,
  type SubmissionResult,
} from './port.js';

/**
 * Sandbox billing system (DESIGN.md, docs "Enrollments in Voltin"): customer last name "Offline" → connection
 * error; "Rejected" → submitted with errors; anyone else → accepted with an account number. Inert outside the sandbox.
 * Its account reads compute monthly statements from the account it is given (see below); it keeps no state.
 * It answers through the connector contract in process, so it cannot answer what a real connector could not.
 */
export function createSandboxBillingSystem(): BillingSystem & BillingAccounts {
  return billingOverContract(
    inProcessClient({
      system: 'billing system',
      routes: [
        route(SUBMIT_ENROLLMENT, sandboxSubmission),
        route(LIST_STATEMENTS, async ({ account }) => ({ statements: statementsOf(account) })),
        route(GET_STATEMENT, async ({ account, statementToken }) => ({
          statement: statementsOf(account).find((s) => s.token === statementToken) ?? null,
        })),
        route(LIST_CHARGES, async ({ account }) => ({ charges: chargesOf(account) })),
        route(USAGE_HISTORY, async ({ account }) => ({ usage: usageOf(account) })),
        route(ACCOUNT_SUMMARY, async ({ account }) => summaryOf(account)),
      ],
      unavailable: (message) => new BillingUnavailableError(message),
    }),
  );
}

async function sandboxSubmission(submission: EnrollmentSubmission): Promise<SubmissionResult> {
  const lastName = submission.customer.lastName.trim().toLowerCase();
  if (lastName === 'offline')
    throw new ConnectorError(
      'UNAVAILABLE',
      'The billing system did not answer (sandbox last name "Offline").',
    );
  const billingAccountNumber = `BB${String(submission.companyId).padStart(3, '0')}${String(submission.enrollmentId).padStart(8, '0')}`;
  if (lastName === 'rejected') {
    return {
      outcome: 'accepted_with_errors',
      billingAccountNumber,
      errors: ['Service address does not match the utility premise record; a billing adjustment is needed.'],
    };
  }
  return { outcome: 'accepted', billingAccountNumber };
}

function chargesOf(account: BillingAccount) {
  return statementsOf(account).flatMap((s) =>
    s.lines.map((line) => ({
      ...line,
      statementToken: s.token,
      statementDate: s.statementDate,
      beginReadDate: s.beginReadDate,
      endReadDate: s.endReadDate,
    })),
  );
}

function usageOf(account: BillingAccount) {
  return statementsOf(account).map(
    ({ token, beginReadDate, endReadDate, days, usage, usageUnit, currentChargesCents }) => ({
      token,
      beginReadDate,
      endReadDate,
      days,
      usage,
      usageUnit,
      currentChargesCents,
    }),
  );
}

/*
 * The sandbox billing account. Deterministic: the same account and day always give the same statements.
 *
 * - Billing periods: monthly from the service start date (the meter is read on the same day each month; the
 *   end read of one period is the begin read of the next). A drop ends the last period on its effective date.
 *   A statement is issued the day after the end read and is due 16 days after the statement date.
 * - Usage: a typical monthly profile (below) spread over the days of each period, scaled by customer type, by a
 *   fixed factor of the account (0.85 to 1.15, from the LDC account number) and a factor of the period (0.95 to
 *   1.05), rounded to whole units.
 * - Charges: energy (the plan's rate, time-of-use plans at their usage-weighted rate, × usage), the plan's monthly
 *   base charge, each of the utility's delivery charges (monthly charges prorated for a short last period), and in
 *   Texas the taxes: the gross receipts tax reimbursement of 1.997% (Texas Tax Code ch. 182, the rate of cities of
 *   10,000 people or more) on every charge, and for business customers sales tax of 8.25% (6.25% state + 2% local,
 *   the maximum) on the charges and the reimbursement; residential electricity is exempt from Texas state sales tax
 *   (Tax Code 151.317) and the sandbox assumes no city sales tax. Outside Texas (Ohio, Georgia) statements carry no
 *   tax lines.
 * - Payments: approved ONE_TIME_PAYMENT and RECURRING_BILLING transactions reduce the balance on the day they were
 *   made; a DEPOSIT is held against the account and never applied; declined and pending ones do nothing.
 */

/** Texas residential kWh per month for an average home: summer peak (air conditioning), mild spring and fall. */
const ELECTRIC_MONTHLY = [1050, 920, 860, 800, 980, 1250, 1380, 1400, 1230, 950, 860, 1010] as const;
/** Residential natural gas (Ccf or therms) per month: winter heating peak, water heating and cooking in summer. */
const GAS_MONTHLY = [120, 100, 78, 52, 30, 20, 16, 16, 19, 34, 68, 108] as const;
/** How many times an average home a customer of each type uses. */
const CUSTOMER_TYPE_SCALE: Record<string, number> = { Residential: 1, SmallBusiness: 3, LargeBusiness: 20 };

const GROSS_RECEIPTS_RATE = 0.01997;
const BUSINESS_SALES_TAX_RATE = 0.0825;
const DUE_DAYS = 16;

/** The sandbox's billing rules, for the docs site: the usage profiles, scales, tax rates and payment terms. */
export const SANDBOX_BILLING_RULES = {
  electricKwhByMonth: ELECTRIC_MONTHLY,
  gasUnitsByMonth: GAS_MONTHLY,
  customerTypeScale: CUSTOMER_TYPE_SCALE,
  texasGrossReceiptsRate: GROSS_RECEIPTS_RATE,
  texasBusinessSalesTaxRate: BUSINESS_SALES_TAX_RATE,
  dueDays: DUE_DAYS,
} as const;

/** A number in [0, 1) fixed by the text. */
function unitHash(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

export function usageUnitOf(account: Pick<BillingAccount, 'commodity' | 'utility'>): string {
  if (account.commodity === 'Electric') return 'kWh';
  return account.utility.stateCode === 'GA' ? 'therm' : 'Ccf';
}

function periodUsage(account: BillingAccount, begin: string, end: string): number {
  const profile = account.commodity === 'Electric' ? ELECTRIC_MONTHLY : GAS_MONTHLY;
  let typical = 0;
  for (let date = begin; date < end; date = addDays(date, 1)) {
    const day = new Date(`${date}T00:00:00Z`);
    const daysInMonth = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
    typical += profile[day.getUTCMonth()]! / daysInMonth;
  }
  const scale = CUSTOMER_TYPE_SCALE[account.customerType] ?? 1;
  const accountFactor = 0.85 + 0.3 * unitHash(`account:${account.ldcAccount}`);
  const periodFactor = 0.95 + 0.1 * unitHash(`period:${account.ldcAccount}:${begin}`);
  return Math.round(typical * scale * accountFactor * periodFactor);
}

const cents = (dollars: number) => Math.round(dollars * 100);

function chargeLines(account: BillingAccount, token: string, usage: number, share: number): ChargeLine[] {
  const unit = usageUnitOf(account);
  const lines: Omit<ChargeLine, 'chargeId'>[] = [];
  const energyRate = effectiveEnergyRate({
    commodity: account.commodity,
    rate: account.plan.rate,
    monthly_fee: account.plan.monthlyFee,
    decimal_places_to_show: 4,
    timeOfUse: account.plan.timeOfUse,
  });
  lines.push({
    kind: 'ENERGY',
    description: `Energy charge (${account.plan.name})`,
    quantity: usage,
    unit,
    rate: Math.round(energyRate * 10_000) / 1_000_000,
    amountCents: Math.round(usage * energyRate),
  });
  if (account.plan.monthlyFee > 0) {
    lines.push({
      kind: 'BASE',
      description: 'Base charge',
      quantity: share,
      unit: 'month',
      rate: account.plan.monthlyFee,
      amountCents: cents(account.plan.monthlyFee * share),
    });
  }
  for (const charge of account.utility.deliveryCharges) {
    const monthly = charge.type === 'monthly';
    const dollars = deliveryCost([charge], usage) * (monthly ? share : 1);
    lines.push({
      kind: 'DELIVERY',
      description: `${account.utility.name}: ${charge.name}`,
      quantity: monthly ? share : usage,
      unit: monthly ? 'month' : unit,
      rate: charge.charge,
      amountCents: cents(dollars),
    });
  }
  if (account.utility.stateCode === 'TX') {
    const taxable = lines.reduce((sum, l) => sum + l.amountCents, 0);
    const grossReceipts = Math.round(taxable * GROSS_RECEIPTS_RATE);
    lines.push({
      kind: 'TAX',
      description: 'Texas gross receipts tax reimbursement',
      quantity: taxable / 100,
      unit: 'USD',
      rate: GROSS_RECEIPTS_RATE,
      amountCents: grossReceipts,
    });
    if (account.customerType !== 'Residential') {
      lines.push({
        kind: 'TAX',
        description: 'Sales tax (Texas 6.25% and local 2%)',
        quantity: (taxable + grossReceipts) / 100,
        unit: 'USD',
        rate: BUSINESS_SALES_TAX_RATE,
        amountCents: Math.round((taxable + grossReceipts) * BUSINESS_SALES_TAX_RATE),
      });
    }
  }
  return lines.map((line, i) => ({ chargeId: `${token}-${i + 1}`, ...line }));
}

interface Period {
  begin: string;
  end: string;
  /** The period's share of a full month (1, or less for the last period of a drop). */
  share: number;
}

function billedPeriods(account: BillingAccount): Period[] {
  const start = account.serviceStartDate;
  if (!start || !account.billed) return [];
  const stop = account.status !== 'ACTIVE' ? account.serviceEndDate : null;
  const periods: Period[] = [];
  for (let k = 0; ; k++) {
    const begin = addMonths(start, k);
    const fullEnd = addMonths(start, k + 1);
    if (stop !== null && begin >= stop) break;
    const end = stop !== null && stop < fullEnd ? stop : fullEnd;
    if (addDays(end, 1) > account.asOf) break; // not read and billed yet
    periods.push({ begin, end, share: daysBetween(begin, end) / daysBetween(begin, fullEnd) });
  }
  return periods;
}

/** Bill payments, and refunds of them as payments taken back (only bill payments are refunded). */
function paymentsOf(account: BillingAccount): AccountPayment[] {
  return account.transactions
    .filter(
      (t) =>
        t.status === 'approved' && (isBillPayment(t.type) || t.type === 'REFUND') && t.date <= account.asOf,
    )
    .map((t) => ({ amountCents: t.type === 'REFUND' ? -t.amountCents : t.amountCents, date: t.date }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);

/** Past due on `date`: the charges of statements due before it, less every payment up to it. */
function overdueOn(date: string, statements: Statement[], payments: AccountPayment[]): number {
  const due = sum(statements.filter((s) => s.dueDate < date).map((s) => s.currentChargesCents));
  const paid = sum(payments.filter((p) => p.date <= date).map((p) => p.amountCents));
  return Math.max(0, due - paid);
}

function lastPaymentOn(date: string, payments: AccountPayment[]): AccountPayment | null {
  return payments.filter((p) => p.date <= date).at(-1) ?? null;
}

/** Every statement issued by `asOf`, oldest first while computing, returned newest first. */
function statementsOf(account: BillingAccount): Statement[] {
  const payments = paymentsOf(account);
  const unit = usageUnitOf(account);
  const issued: Statement[] = [];
  let previousBalance = 0;
  let previousDate: string | null = null;
  for (const period of billedPeriods(account)) {
    const statementDate = addDays(period.end, 1);
    const token = createHash('sha256')
      .update(`statement:${account.companyId}:${account.enrollmentId}:${statementDate}`)
      .digest('hex')
      .slice(0, 24);
    const usage = periodUsage(account, period.begin, period.end);
    const lines = chargeLines(account, token, usage, period.share);
    const currentCharges = sum(lines.map((l) => l.amountCents));
    const paid = sum(
      payments
        .filter((p) => p.date <= statementDate && (previousDate === null || p.date > previousDate))
        .map((p) => p.amountCents),
    );
    const balance = previousBalance - paid + currentCharges;
    issued.push({
      token,
      statementDate,
      dueDate: addDays(statementDate, DUE_DAYS),
      beginReadDate: period.begin,
      endReadDate: period.end,
      days: daysBetween(period.begin, period.end),
      usage,
      usageUnit: unit,
      lines,
      previousBalanceCents: previousBalance,
      paymentsCents: paid,
      currentChargesCents: currentCharges,
      balanceCents: balance,
      overdueCents: overdueOn(statementDate, issued, payments),
      lastPayment: lastPaymentOn(statementDate, payments),
    });
    previousBalance = balance;
    previousDate = statementDate;
  }
  return issued.reverse();
}

/** When the period after the `billed` ones will be billed; null when service has ended or not started. */
function nextStatementDate(account: BillingAccount, billed: number): string | null {
  const start = account.serviceStartDate;
  if (!start || !account.billed) return null;
  const stop = account.status !== 'ACTIVE' ? account.serviceEndDate : null;
  const begin = addMonths(start, billed);
  if (stop !== null && begin >= stop) return null;
  const fullEnd = addMonths(start, billed + 1);
  return addDays(stop !== null && stop < fullEnd ? stop : fullEnd, 1);
}

function summaryOf(account: BillingAccount): AccountSummary {
  const statements = statementsOf(account);
  const payments = paymentsOf(account);
  const last = statements[0] ?? null;
  const paidSince = sum(
    payments.filter((p) => last === null || p.date > last.statementDate).map((p) => p.amountCents),
  );
  return {
    billingAccountNumber: account.billingAccountNumber,
    currentBalanceCents: (last?.balanceCents ?? 0) - paidSince,
    overdueCents: overdueOn(account.asOf, statements, payments),
    lastStatement: last,
    nextStatementDate: nextStatementDate(account, statements.length),
    lastPayment: payments.at(-1) ?? null,
    depositHeldCents: sum(
      account.transactions
        .filter((t) => t.type === 'DEPOSIT' && t.status === 'approved' && t.date <= account.asOf)
        .map((t) => t.amountCents),
    ),
    statementCount: statements.length,
    averageMonthlyUsage:
      statements.length === 0 ? 0 : Math.round(sum(statements.map((s) => s.usage)) / statements.length),
    usageUnit: usageUnitOf(account),
  };
}
