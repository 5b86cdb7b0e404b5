import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import {
  type BillingAccount,
  type BillingAccounts,
  BillingRefusedError,
  BillingUnavailableError,
  type Statement,
} from '../../adapters/billing-system/port.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { dayOf } from '../../domain/dates.js';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import { renderPdf } from '../../pdf/render.js';
import { BILLED_STATUSES, type EnrollmentStatus } from '../enrollments/index.js';
import type { AccountRow } from './accounts.js';
import * as accounts from './accounts.js';
import type {
  BillingCharge,
  BillingStatement,
  BillingSummary,
  StatementSummary,
  UsageHistoryItem,
} from './schemas.js';
import { statementModel } from './statement-pdf.js';

const dollars = (cents: number) => Math.round(cents) / 100;

export interface LoadedAccount {
  customerId: number;
  row: AccountRow;
  account: BillingAccount;
}

function pageOf<T>(items: T[], paging: Paging): Page<T> {
  const start = (paging.pageNumber - 1) * paging.pageSize;
  return { items: items.slice(start, start + paging.pageSize), total: items.length };
}

function statementWire(s: Statement): Static<typeof BillingStatement> {
  return {
    custStatementTkn: s.token,
    statementDate: s.statementDate,
    dueDate: s.dueDate,
    beginReadDate: s.beginReadDate,
    endReadDate: s.endReadDate,
    daysOfService: s.days,
    usageNum: s.usage,
    usageUnit: s.usageUnit,
    previousBalanceAmt: dollars(s.previousBalanceCents),
    paymentsAmt: dollars(s.paymentsCents),
    currentChargesAmt: dollars(s.currentChargesCents),
    stmtBalanceAmt: dollars(s.balanceCents),
    overdueBalanceAmt: dollars(s.overdueCents),
    lastPaymentAmt: dollars(s.lastPayment?.amountCents ?? 0),
    lastPaymentDate: s.lastPayment?.date ?? null,
  };
}

/** The day service ended: the drop date, or for a replaced term the day the newer enrollment took over. */
const serviceEndOf = (row: AccountRow) =>
  row.status === 'ARCHIVED' ? row.replaced_on : row.drop_effective_date;

const kindTotal = (s: Statement | null, kind: string) =>
  dollars((s?.lines ?? []).filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amountCents, 0));

/**
 * A billing system that does not answer is 503 UPSTREAM_UNAVAILABLE to the caller, who may ask again; one whose connector
 * refuses the read is 502 UPSTREAM_REFUSED (asking again will not help). Never a 500.
 */
async function answerOf<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof BillingUnavailableError)
      throw new ApiError('UPSTREAM_UNAVAILABLE', 'The billing system did not answer; try again in a minute.');
    if (error instanceof BillingRefusedError)
      throw new ApiError(
        'UPSTREAM_REFUSED',
        `The billing system refused to answer (${error.code}); the supplier's operations team must fix its connector.`,
      );
    throw error;
  }
}

export function createBillingService(db: Kysely<Database>, billingSystem: BillingAccounts, clock: Clock) {
  /** Whether a balance is owed; when the billing system does not answer, yes: a balance is shown rather than hidden. */
  async function owes(account: BillingAccount): Promise<boolean> {
    try {
      return (await billingSystem.summary(account)).currentBalanceCents > 0;
    } catch (error) {
      if (error instanceof BillingUnavailableError) return true;
      throw error;
    }
  }

  const billing: BillingAccounts = {
    statements: (account) => answerOf(billingSystem.statements(account)),
    statement: (account, token) => answerOf(billingSystem.statement(account, token)),
    charges: (account) => answerOf(billingSystem.charges(account)),
    usageHistory: (account) => answerOf(billingSystem.usageHistory(account)),
    summary: (account) => answerOf(billingSystem.summary(account)),
  };
  /** Builds the billing system's view of the accounts of these enrollment rows, with two batched reads. */
  async function accountsOf(rows: AccountRow[], asOf: string): Promise<LoadedAccount[]> {
    const { deliveryCharges: charges, transactions: txs } = await accounts.accountDetails(
      db,
      rows,
      clock.now().toISOString(),
    );
    return rows.map((row) => ({
      customerId: row.customer_id,
      row,
      account: {
        companyId: row.company_id,
        enrollmentId: row.id,
        billingAccountNumber: row.billing_account_number,
        status: row.status,
        billed: BILLED_STATUSES.includes(row.status as EnrollmentStatus),
        commodity: row.commodity,
        customerType: row.customer_type,
        ldcAccount: row.ldc_account,
        serviceAddress: {
          address: row.service_address_1,
          address2: row.service_address_2,
          city: row.service_city,
          state: row.service_state,
          zipcode: row.service_zipcode,
        },
        serviceStartDate: row.contract_start_date,
        serviceEndDate: serviceEndOf(row),
        plan: {
          name: row.plan_name,
          billingSystemPlanCode: row.billing_system_plan_code,
          rate: row.rate,
          monthlyFee: row.monthly_fee,
          timeOfUse: row.time_of_use,
        },
        utility: {
          code: row.utility_code,
          name: row.utility_name,
          stateCode: row.state_code,
          deliveryCharges: charges
            .filter((c) => c.utility_id === row.utility_id)
            .map(({ utility_id: _u, ...c }) => c),
        },
        transactions: txs
          .filter((t) => t.enrollment_id === row.id)
          .map((t) => ({
            id: t.id,
            type: t.transaction_type,
            status: t.status,
            amountCents: t.amount_cents,
            date: t.created_at.slice(0, 10),
          })),
        asOf,
      },
    }));
  }

  return {
    /** The enrollment's billing account, for the route to check its owner; another company's is not found. */
    async account(companyId: number, enrollmentId: number): Promise<LoadedAccount> {
      const row = await accounts.findAccountRow(db, companyId, enrollmentId);
      if (!row) throw notFound(`Enrollment ${enrollmentId}`);
      const [loaded] = await accountsOf([row], dayOf(clock));
      return loaded!;
    },

    /** The billing accounts of these enrollments of the company, read together (three queries for any number). */
    async accounts(companyId: number, enrollmentIds: number[]): Promise<LoadedAccount[]> {
      return accountsOf(await accounts.findAccountRows(db, companyId, enrollmentIds), dayOf(clock));
    },

    /** Which of these enrollments still have an amount owed on their billing account. */
    async stillOwing(companyId: number, enrollmentIds: number[]): Promise<Set<number>> {
      const loaded = await this.accounts(companyId, enrollmentIds);
      const owing = await Promise.all(
        loaded.map(async ({ account }) => ((await owes(account)) ? account.enrollmentId : null)),
      );
      return new Set(owing.filter((id): id is number => id !== null));
    },

    async usageHistory({ account }: LoadedAccount): Promise<Static<typeof UsageHistoryItem>[]> {
      return (await billing.usageHistory(account)).map(
        (u): Static<typeof UsageHistoryItem> => ({
          custStatementTkn: u.token,
          beginReadDate: u.beginReadDate,
          endReadDate: u.endReadDate,
          daysOfService: u.days,
          usageNum: u.usage,
          usageUnit: u.usageUnit,
          averageDailyUsage: u.days === 0 ? 0 : Math.round((u.usage / u.days) * 10) / 10,
          usageChargeAmount: dollars(u.currentChargesCents),
        }),
      );
    },

    async charges({ account }: LoadedAccount, paging: Paging): Promise<Page<Static<typeof BillingCharge>>> {
      const { items, total } = pageOf(await billing.charges(account), paging);
      return {
        total,
        items: items.map(
          (c): Static<typeof BillingCharge> => ({
            chargeId: c.chargeId,
            custStatementTkn: c.statementToken,
            chargeDate: c.statementDate,
            beginServiceDate: c.beginReadDate,
            endServiceDate: c.endReadDate,
            chargeType: c.kind,
            chargeDescription: c.description,
            quantity: c.quantity,
            unit: c.unit,
            rate: c.rate,
            chargeAmt: dollars(c.amountCents),
          }),
        ),
      };
    },

    async statements(
      { account }: LoadedAccount,
      paging: Paging,
    ): Promise<Page<Static<typeof BillingStatement>>> {
      const { items, total } = pageOf(await billing.statements(account), paging);
      return { total, items: items.map(statementWire) };
    },

    async statementPdf({ account, row }: LoadedAccount, token: string) {
      const statement = await billing.statement(account, token);
      if (!statement) throw notFound(`Statement ${token}`);
      return {
        fileName: `statement-${account.enrollmentId}-${statement.statementDate}.pdf`,
        bytes: await renderPdf(statementModel(row, account, statement)),
      };
    },

    async summary({ account }: LoadedAccount): Promise<Static<typeof BillingSummary>> {
      const s = await billing.summary(account);
      return {
        billingAccountNumber: s.billingAccountNumber,
        currentBalanceAmt: dollars(s.currentBalanceCents),
        amountDueAmt: dollars(Math.max(0, s.currentBalanceCents)),
        overdueBalanceAmt: dollars(s.overdueCents),
        stmtBalanceAmt: dollars(s.lastStatement?.balanceCents ?? 0),
        lastStatementDate: s.lastStatement?.statementDate ?? null,
        dueDate: s.lastStatement?.dueDate ?? null,
        nextStatementDate: s.nextStatementDate,
        lastPaymentAmt: dollars(s.lastPayment?.amountCents ?? 0),
        lastPaymentDate: s.lastPayment?.date ?? null,
        depositHeldAmt: dollars(s.depositHeldCents),
        statementCount: s.statementCount,
        averageMonthlyUsage: s.averageMonthlyUsage,
        usageUnit: s.usageUnit,
      };
    },

    async statementSummary({ account }: LoadedAccount): Promise<Static<typeof StatementSummary>> {
      const summary = await billing.summary(account);
      const s = summary.lastStatement;
      return {
        custStatementTkn: s?.token ?? null,
        statementDate: s?.statementDate ?? null,
        dueDate: s?.dueDate ?? null,
        beginReadDate: s?.beginReadDate ?? null,
        endReadDate: s?.endReadDate ?? null,
        usageNum: s?.usage ?? 0,
        usageUnit: summary.usageUnit,
        energyChargesAmt: kindTotal(s, 'ENERGY'),
        baseChargesAmt: kindTotal(s, 'BASE'),
        deliveryChargesAmt: kindTotal(s, 'DELIVERY'),
        taxesAmt: kindTotal(s, 'TAX'),
        previousBalanceAmt: dollars(s?.previousBalanceCents ?? 0),
        paymentsAmt: dollars(s?.paymentsCents ?? 0),
        currentChargesAmt: dollars(s?.currentChargesCents ?? 0),
        stmtBalanceAmt: dollars(s?.balanceCents ?? 0),
        overdueBalanceAmt: dollars(s?.overdueCents ?? 0),
        lastPaymentAmt: dollars(s?.lastPayment?.amountCents ?? 0),
      };
    },

    /**
     * The newest statement of each enrollment in service, walking enrollments by id after `afterId` (the
     * statement-ready notifications use it). Dropped and replaced enrollments count only until 45 days after their
     * service ended, long enough for their final statement.
     */
    async latestStatements(afterId: number, limit: number) {
      const asOf = dayOf(clock);
      const rows = await accounts.servedAccountRows(db, BILLED_STATUSES, afterId, limit);
      const recentEndLimit = new Date(clock.now().getTime() - 45 * 86_400_000).toISOString().slice(0, 10);
      const current = rows.filter(
        (r) =>
          (r.status !== 'DROPPED' && r.status !== 'ARCHIVED') || (serviceEndOf(r) ?? '') >= recentEndLimit,
      );
      const loaded = await accountsOf(current, asOf);
      const latest = await Promise.all(
        loaded.map(async ({ account, customerId }) => ({
          companyId: account.companyId,
          customerId,
          enrollmentId: account.enrollmentId,
          serviceAddress: `${account.serviceAddress.address}, ${account.serviceAddress.city}`,
          statement: (await billing.statements(account))[0] ?? null,
        })),
      );
      return { lastId: rows.at(-1)?.id ?? null, statements: latest };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
