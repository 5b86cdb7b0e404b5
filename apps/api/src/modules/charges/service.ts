import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { BaseLogger } from 'pino';
import type { Static } from 'typebox';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../adapters/payment-gateway/port.js';
import type { Database } from '../../db/schema.js';
import type { ChargeTransactionsTable } from '../../db/tables/enrollments.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import {
  BILLED_STATUSES,
  type EnrollmentStatus,
  type EnrollmentsService,
  HIDDEN_FROM_CUSTOMERS,
} from '../enrollments/index.js';
import { alreadyRecorded, confirmGatewayCharge } from './confirmation.js';
import type { ChargeCreateRequest, PayRequest } from './schemas.js';

export interface ChargesDeps {
  db: Kysely<Database>;
  enrollments: EnrollmentsService;
  gatewayFor: (companyId: number) => Promise<PaymentGateway>;
  log: Pick<BaseLogger, 'warn'>;
}

type Charge = Selectable<ChargeTransactionsTable>;

/** Charges without an answer older than this are reconciled with the gateway by the background task. */
const RECONCILE_AFTER_SECONDS = 30;

export function toCents(amount: number, field: string): number {
  const cents = Math.round(amount * 100);
  if (Math.abs(amount * 100 - cents) > 1e-6)
    throw new ApiError('VALIDATION_FAILED', 'Amounts have at most two decimals.', [
      `${field}: more than two decimals`,
    ]);
  return cents;
}

export function toChargeTransaction(c: Charge) {
  return {
    id_payment_charge_transactions: c.id,
    id_charge_transaction: c.gateway_transaction_id,
    id_payment_profile: c.payment_profile_token,
    payment_type: c.payment_type,
    transaction_type: c.transaction_type,
    id_enrollment: c.enrollment_id,
    has_been_captured: c.has_been_captured === 1,
    amount: c.amount_cents / 100,
    status: c.status,
    decline_reason: c.decline_reason,
    date_created: c.created_at,
    sent_to_billing_system: c.sent_to_billing_system === 1,
  };
}

/** A deposit payment is for exactly the deposit due, while one is due. */
function assertDepositDue(e: { deposit_status: string; deposit_amount_cents: number }, amountCents: number) {
  if (!['pending', 'failed'].includes(e.deposit_status))
    throw new ApiError('DEPOSIT_NOT_DUE', 'This enrollment has no deposit due.', [
      `deposit: ${e.deposit_status}`,
    ]);
  if (amountCents !== e.deposit_amount_cents)
    throw new ApiError(
      'DEPOSIT_AMOUNT_MISMATCH',
      `The deposit due is $${(e.deposit_amount_cents / 100).toFixed(2)}.`,
      ['amount: must equal the deposit due'],
    );
}

export function createChargesService({ db, enrollments, gatewayFor, log }: ChargesDeps) {
  const nowIso = () => new Date().toISOString();

  async function charge(companyId: number, id: number): Promise<Charge> {
    const row = await db
      .selectFrom('charge_transactions')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(`Charge transaction ${id}`);
    return row;
  }

  async function record(
    id: number,
    changes: Partial<
      Pick<Charge, 'status' | 'gateway_transaction_id' | 'decline_reason' | 'has_been_captured'>
    >,
  ) {
    await db
      .updateTable('charge_transactions')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return db.selectFrom('charge_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** A settled deposit moves its enrollment on (paid → the holds are re-decided; refused → ON_HOLD_PAYMENT_FAILED). */
  async function settleDeposit(c: Charge) {
    if (
      c.transaction_type !== 'DEPOSIT' ||
      (c.status !== 'approved' && c.status !== 'declined' && c.status !== 'not_charged')
    )
      return;
    const e = await enrollments.row(c.company_id, c.enrollment_id);
    if (!['pending', 'failed'].includes(e.deposit_status)) return;
    const paid = c.status === 'approved';
    await enrollments.redecide(
      c.company_id,
      e.id,
      { deposit_status: paid ? 'paid' : 'failed' },
      'system',
      paid ? 'Deposit paid' : `Deposit not paid: ${c.decline_reason ?? c.status}`,
    );
  }

  /** Sends the charge to the gateway under its reference and records what it answered. */
  async function attempt(c: Charge, customerProfileToken: string): Promise<Charge> {
    const gateway = await gatewayFor(c.company_id).catch(async (error) => {
      // Nothing reached a gateway: the charge must not stay pending, which would refuse every later deposit payment.
      await record(c.id, { status: 'not_charged' });
      throw error;
    });
    try {
      const result = await gateway.charge({
        customerProfileToken,
        paymentProfileToken: c.payment_profile_token,
        amountCents: c.amount_cents,
        reference: c.reference,
        description: `${c.transaction_type === 'DEPOSIT' ? 'Deposit' : 'Payment'} for enrollment ${c.enrollment_id}`,
      });
      const settled =
        result.status === 'approved'
          ? await record(c.id, {
              status: 'approved',
              gateway_transaction_id: result.transactionId,
              has_been_captured: 1,
            })
          : await record(c.id, {
              status: 'declined',
              gateway_transaction_id: result.transactionId,
              decline_reason: result.reasonText,
            });
      await settleDeposit(settled);
      return settled;
    } catch (error) {
      if (error instanceof GatewayUnavailableError) {
        await record(c.id, { status: 'unknown' });
        log.warn({ chargeId: c.id }, 'payment got no answer from the gateway; it will be reconciled');
        throw noAnswer();
      }
      if (error instanceof GatewayRejectedError) {
        const settled = await record(c.id, {
          status: 'declined',
          decline_reason: `${error.gatewayCode}: ${error.message}`,
        });
        await settleDeposit(settled);
        return settled;
      }
      throw error;
    }
  }

  /** After a timeout: did the gateway charge under this reference? Yes → approved; no → not charged, safe to try again. */
  async function reconcile(c: Charge): Promise<Charge> {
    const gateway = await gatewayFor(c.company_id);
    const found = await gateway.findCharge(c.reference);
    const answer: Parameters<typeof record>[1] = found
      ? found.status === 'approved'
        ? { status: 'approved', gateway_transaction_id: found.transactionId, has_been_captured: 1 }
        : {
            status: 'declined',
            gateway_transaction_id: found.transactionId,
            decline_reason: found.reasonText,
          }
      : { status: 'not_charged', decline_reason: 'The gateway did not charge it' };
    // A client's retry and the reconciliation task may ask about one charge at once: the first to record the answer
    // settles the deposit, the other reads what it recorded.
    const settled = await recordIfStill(c.id, 'unknown', answer);
    if (!settled) return charge(c.company_id, c.id);
    await settleDeposit(settled);
    return settled;
  }

  /** Records a change only if the charge is still in `from`; undefined when another request moved it first. */
  async function recordIfStill(id: number, from: string, changes: Parameters<typeof record>[1]) {
    const result = await db
      .updateTable('charge_transactions')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return db.selectFrom('charge_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** One payment charges at most the company's max_single_payment_cents, whichever way it is made. */
  async function assertWithinLargestPayment(companyId: number, amountCents: number) {
    const { max_single_payment_cents: maxCents } = await db
      .selectFrom('company_settings')
      .select('max_single_payment_cents')
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    if (amountCents > maxCents)
      throw new ApiError(
        'PAYMENT_AMOUNT_TOO_LARGE',
        `One payment may be at most $${(maxCents / 100).toFixed(2)}.`,
        [`amount: at most ${(maxCents / 100).toFixed(2)}`],
      );
  }

  /**
   * A deposit is due once: another deposit charge of the enrollment that is waiting for the gateway (whose answer may
   * have been lost after the money moved) or approved means a new attempt could charge it twice.
   */
  async function otherDepositCharge(companyId: number, enrollmentId: number, exceptId = 0): Promise<boolean> {
    const other = await db
      .selectFrom('charge_transactions')
      .select('id')
      .where('company_id', '=', companyId)
      .where('enrollment_id', '=', enrollmentId)
      .where('transaction_type', '=', 'DEPOSIT')
      .where('status', 'in', ['pending', 'unknown', 'approved'])
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return other !== undefined;
  }

  async function recordedCharge(companyId: number, gatewayTransactionId: string) {
    return db
      .selectFrom('charge_transactions')
      .select('id')
      .where('company_id', '=', companyId)
      .where('gateway_transaction_id', '=', gatewayTransactionId)
      .executeTakeFirst();
  }

  async function customerProfileTokens(companyId: number, customerId: number) {
    const rows = await db
      .selectFrom('payment_profiles')
      .select('customer_profile_token')
      .distinct()
      .where('company_id', '=', companyId)
      .where('customer_id', '=', customerId)
      .execute();
    return rows.map((r) => r.customer_profile_token);
  }

  const noAnswer = () =>
    new ApiError(
      'UPSTREAM_UNAVAILABLE',
      'The payment gateway did not answer. Retry with the same Idempotency-Key: you will not be charged twice.',
    );

  const depositInProgress = () =>
    new ApiError(
      'PAYMENT_IN_PROGRESS',
      "Another payment of this deposit is waiting for the gateway's answer; ask again shortly, or retry that payment with its Idempotency-Key.",
    );

  function outcome(c: Charge) {
    if (c.status === 'declined') {
      throw new ApiError(
        'PAYMENT_DECLINED',
        `The payment was declined${c.decline_reason ? `: ${c.decline_reason}` : ''}.`,
        [`id_payment_charge_transactions: ${c.id}`],
      );
    }
    return toChargeTransaction(c);
  }

  /** A charge about to be sent to the gateway, recorded first under its reference so a lost answer is reconciled. */
  function insertPendingCharge(c: {
    enrollment: { id: number; company_id: number; customer_id: number };
    type: 'DEPOSIT' | 'ONE_TIME_PAYMENT';
    amountCents: number;
    reference: string;
    paymentProfileToken: string;
    paymentType: string;
    idempotencyKey: string | null;
  }) {
    const now = nowIso();
    return db
      .insertInto('charge_transactions')
      .values({
        company_id: c.enrollment.company_id,
        enrollment_id: c.enrollment.id,
        customer_id: c.enrollment.customer_id,
        transaction_type: c.type,
        amount_cents: c.amountCents,
        reference: c.reference,
        gateway_transaction_id: null,
        payment_profile_token: c.paymentProfileToken,
        payment_type: c.paymentType,
        status: 'pending',
        decline_reason: null,
        has_been_captured: 0,
        sent_to_billing_system: 0,
        idempotency_key: c.idempotencyKey,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The deposit of a new enrollment paid at once (PayNow), through the same path as any payment: approved → the
   * holds are re-decided; declined or refused → ON_HOLD_PAYMENT_FAILED; no answer → the enrollment keeps its
   * deposit hold and the charge is reconciled with the gateway by the background task.
   */
  async function chargeDepositNow(
    companyId: number,
    enrollmentId: number,
    method: { customerProfileToken: string; paymentProfileToken: string; paymentType?: string },
  ): Promise<void> {
    const e = await enrollments.row(companyId, enrollmentId);
    if (await otherDepositCharge(companyId, e.id)) return;
    const pending = await insertPendingCharge({
      enrollment: e,
      type: 'DEPOSIT',
      amountCents: e.deposit_amount_cents,
      reference: `deposit-${e.id}-${randomUUID()}`,
      paymentProfileToken: method.paymentProfileToken,
      paymentType: method.paymentType ?? 'CreditCard',
      idempotencyKey: null,
    });
    try {
      await attempt(pending, method.customerProfileToken);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'UPSTREAM_UNAVAILABLE')) throw error;
    }
  }

  async function pay(
    companyId: number,
    customerId: number,
    body: Static<typeof PayRequest>,
    idempotencyKey: string | undefined,
  ) {
    const amountCents = toCents(body.amount, 'amount');
    if (idempotencyKey) {
      const previous = await db
        .selectFrom('charge_transactions')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (previous) {
        if (previous.enrollment_id !== body.idEnrollment || previous.amount_cents !== amountCents) {
          throw new ApiError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was already used for another payment.',
            [`Idempotency-Key: belongs to charge ${previous.id}`],
          );
        }
        const inProgress = () =>
          new ApiError('PAYMENT_IN_PROGRESS', 'This payment is still being processed; ask again shortly.');
        if (previous.status === 'pending') throw inProgress();
        if (previous.status === 'unknown') {
          const reconciled = await reconcile(previous).catch((error) => {
            // Still no answer about the first attempt: it stays unknown, and the client retries again later.
            throw error instanceof GatewayUnavailableError ? noAnswer() : error;
          });
          if (reconciled.status === 'pending' || reconciled.status === 'unknown') throw inProgress();
          if (reconciled.status !== 'not_charged') return outcome(reconciled);
          // Not charged: this retry charges it, unless an identical retry got there first.
          const again = await recordIfStill(previous.id, 'not_charged', {
            status: 'pending',
            decline_reason: null,
          });
          if (!again) throw inProgress();
          return outcome(await attempt(again, body.customerProfileToken));
        }
        return outcome(previous);
      }
    }
    const e = await enrollments.row(companyId, body.idEnrollment);
    if (e.customer_id !== customerId)
      throw new ApiError('CUSTOMER_FORBIDDEN', 'This enrollment belongs to another customer.');
    // A replaced term is still billed: what is owed on it is paid on it. One that never happened takes no payment.
    const status = e.status as EnrollmentStatus;
    if (HIDDEN_FROM_CUSTOMERS.includes(status) && !BILLED_STATUSES.includes(status))
      throw new ApiError(
        'ENROLLMENT_STATUS_CONFLICT',
        `Payments are not taken for a ${e.status} enrollment.`,
        [`status: ${e.status}`],
      );
    await assertWithinLargestPayment(companyId, amountCents);
    if (body.isDepositPayment) {
      assertDepositDue(e, amountCents);
      if (await otherDepositCharge(companyId, e.id)) throw depositInProgress();
    }
    const profile = await db
      .selectFrom('payment_profiles')
      .select(['id_payment_type'])
      .where('company_id', '=', companyId)
      .where('customer_id', '=', customerId)
      .where('customer_profile_token', '=', body.customerProfileToken)
      .where('payment_profile_token', '=', body.paymentProfileToken)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!profile)
      throw new ApiError('PAYMENT_PROFILE_UNKNOWN', 'That payment profile is not one of this customer.', [
        'paymentProfileToken: unknown for this customer',
      ]);
    const inserted = await insertPendingCharge({
      enrollment: e,
      type: body.isDepositPayment ? 'DEPOSIT' : 'ONE_TIME_PAYMENT',
      amountCents,
      reference: `pay-${randomUUID()}`,
      paymentProfileToken: body.paymentProfileToken,
      paymentType: profile.id_payment_type === 1 ? 'CreditCard' : 'BankAccount',
      idempotencyKey: idempotencyKey ?? null,
    }).catch(async (error) => {
      // Two identical requests racing: the loser answers with the winner's outcome.
      if (!idempotencyKey || !isUniqueViolation(error)) throw error;
      throw new ApiError(
        'PAYMENT_IN_PROGRESS',
        'This payment is already being processed; ask again shortly.',
      );
    });
    if (body.isDepositPayment && (await otherDepositCharge(companyId, e.id, inserted.id))) {
      // A concurrent deposit payment got in between the check above and this insert: at most one goes on.
      await db.deleteFrom('charge_transactions').where('id', '=', inserted.id).execute();
      throw depositInProgress();
    }
    return outcome(await attempt(inserted, body.customerProfileToken));
  }

  return {
    pay,
    chargeDepositNow,
    charge: async (companyId: number, id: number) => toChargeTransaction(await charge(companyId, id)),
    async byEnrollment(
      companyId: number,
      enrollmentId: number,
      filter: { sentToBillingSystem?: boolean; hasBeenCaptured?: boolean },
      paging: Paging,
    ) {
      let query = db
        .selectFrom('charge_transactions')
        .where('company_id', '=', companyId)
        .where('enrollment_id', '=', enrollmentId);
      if (filter.sentToBillingSystem !== undefined)
        query = query.where('sent_to_billing_system', '=', filter.sentToBillingSystem ? 1 : 0);
      if (filter.hasBeenCaptured !== undefined)
        query = query.where('has_been_captured', '=', filter.hasBeenCaptured ? 1 : 0);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(paging.pageSize)
          .offset((paging.pageNumber - 1) * paging.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toChargeTransaction), total: Number(total.count) };
    },
    /**
     * Records a charge made outside Voltin (a hosted page, a phone payment) once the gateway confirms it. A customer
     * (`customerId`) records only charges made with their own payment methods. A DEPOSIT is for exactly the deposit
     * due and releases its hold.
     */
    async create(companyId: number, body: Static<typeof ChargeCreateRequest>, customerId?: number) {
      const e = await enrollments.row(companyId, body.id_enrollment);
      const amountCents = toCents(body.amount, 'amount');
      if (body.transaction_type === 'DEPOSIT') assertDepositDue(e, amountCents);
      if (await recordedCharge(companyId, body.id_charge_transaction))
        throw alreadyRecorded(body.id_charge_transaction);
      await confirmGatewayCharge(await gatewayFor(companyId), body.id_charge_transaction, {
        amountCents,
        customerProfileTokens:
          customerId === undefined ? undefined : await customerProfileTokens(companyId, customerId),
      });
      const now = nowIso();
      const row = await db
        .insertInto('charge_transactions')
        .values({
          company_id: companyId,
          enrollment_id: e.id,
          customer_id: e.customer_id,
          transaction_type: body.transaction_type,
          amount_cents: amountCents,
          reference: `recorded-${body.id_charge_transaction}-${randomUUID()}`,
          gateway_transaction_id: body.id_charge_transaction,
          payment_profile_token: body.id_payment_profile,
          payment_type: body.payment_type,
          status: 'approved',
          decline_reason: null,
          has_been_captured: 1,
          sent_to_billing_system: 0,
          idempotency_key: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error) => {
          throw isUniqueViolation(error) ? alreadyRecorded(body.id_charge_transaction) : error;
        });
      await settleDeposit(row);
      return toChargeTransaction(row);
    },
    /** A web service account marks a charge captured or sent to billing; each change keeps who made it. */
    async update(
      companyId: number,
      id: number,
      changes: { sent_to_billing_system?: boolean; has_been_captured?: boolean },
      accountId: number,
    ) {
      const existing = await charge(companyId, id);
      const wanted = (['sent_to_billing_system', 'has_been_captured'] as const).flatMap((field) =>
        changes[field] === undefined ? [] : [{ field, to: (changes[field] ? 1 : 0) as 0 | 1 }],
      );
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        for (const { field, to } of wanted) {
          // Conditional update: of two calls making the same change at once, one changes the flag and records it.
          const changed = await trx
            .updateTable('charge_transactions')
            .set({ [field]: to, updated_at: now } as Updateable<ChargeTransactionsTable>)
            .where('id', '=', existing.id)
            .where(field, '!=', to)
            .executeTakeFirst();
          if (Number(changed.numUpdatedRows) === 0) continue;
          await trx
            .insertInto('charge_transaction_changes')
            .values({
              company_id: companyId,
              charge_id: existing.id,
              account_id: accountId,
              field,
              from_value: 1 - to,
              to_value: to,
              created_at: now,
            })
            .execute();
        }
      });
      return toChargeTransaction(await charge(companyId, id));
    },
    async total(companyId: number, enrollmentId: number, startDate: string, endDate: string) {
      if (endDate < startDate)
        throw new ApiError('VALIDATION_FAILED', 'endDate is before startDate.', [
          'querystring.endDate: before startDate',
        ]);
      const row = await db
        .selectFrom('charge_transactions')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'),
          eb.fn.countAll<number>().as('count'),
        ])
        .where('company_id', '=', companyId)
        .where('enrollment_id', '=', enrollmentId)
        .where('status', '=', 'approved')
        .where('transaction_type', 'in', ['DEPOSIT', 'ONE_TIME_PAYMENT', 'RECURRING_BILLING'])
        .where('created_at', '>=', `${startDate}T00:00:00.000Z`)
        .where('created_at', '<=', `${endDate}T23:59:59.999Z`)
        .executeTakeFirstOrThrow();
      return {
        id_enrollment: enrollmentId,
        startDate,
        endDate,
        total: Number(row.cents) / 100,
        count: Number(row.count),
      };
    },
    async history(companyId: number, enrollmentId: number, paging: Paging) {
      const e = await enrollments.row(companyId, enrollmentId);
      const base = db
        .selectFrom('charge_transactions')
        .leftJoin(
          'payment_profiles',
          'payment_profiles.payment_profile_token',
          'charge_transactions.payment_profile_token',
        )
        .where('charge_transactions.company_id', '=', companyId)
        .where('charge_transactions.enrollment_id', '=', enrollmentId)
        .where('charge_transactions.status', 'in', ['approved', 'declined']);
      const [rows, total] = await Promise.all([
        base
          .selectAll('charge_transactions')
          .select(['payment_profiles.card_type', 'payment_profiles.last4'])
          .orderBy('charge_transactions.id', 'desc')
          .limit(paging.pageSize)
          .offset((paging.pageNumber - 1) * paging.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((c) => ({
        paidDate: c.created_at,
        accountNum: e.billing_account_number,
        depositDate: c.transaction_type === 'DEPOSIT' ? c.created_at : null,
        payMethodDesc: `${c.card_type ?? (c.payment_type === 'BankAccount' ? 'Bank account' : 'Card')}${c.last4 ? ` ending ${c.last4}` : ''}`,
        directionDesc: c.transaction_type === 'REFUND' ? 'Refund' : 'Payment',
        returnReasonDesc: c.status === 'declined' ? c.decline_reason : null,
        paidAmount: c.amount_cents / 100,
      }));
      return { items, total: Number(total.count) };
    },
    /** The task: charges that got no answer are asked about once the gateway has had time to settle them. */
    async reconcileUnknown(): Promise<string> {
      const before = new Date(Date.now() - RECONCILE_AFTER_SECONDS * 1000).toISOString();
      const rows = await db
        .selectFrom('charge_transactions')
        .selectAll()
        .where('status', '=', 'unknown')
        .where('updated_at', '<=', before)
        .limit(100)
        .execute();
      for (const c of rows) {
        try {
          await reconcile(c);
        } catch (error) {
          if (!(error instanceof GatewayUnavailableError)) throw error;
        }
      }
      return `${rows.length} charge(s) reconciled`;
    },
  };
}

export type ChargesService = ReturnType<typeof createChargesService>;
