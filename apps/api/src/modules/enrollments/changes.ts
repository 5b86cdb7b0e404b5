import type { FastifyRequest } from 'fastify';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { EnrollmentsTable } from '../../db/tables/enrollments.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { BILLING_DELIVERY_METHODS } from '../../domain/billing-delivery.js';
import { assertOwnCustomer } from '../../http/access.js';
import { ApiError, notFound } from '../../http/errors.js';
import { DOCUMENT_KINDS, readSingleFile } from '../../http/uploads.js';
import type { SecretBox } from '../../security/secret-box.js';
import { sealedTaxId } from '../customers/index.js';
import type { FilesService } from '../files/index.js';
import type { PlansService } from '../plans/index.js';
import { checkKnownMeter } from '../premises/index.js';
import { today, type UtilitiesService } from '../utilities/index.js';
import { addDays, holdStatus } from './decision.js';
import {
  AWAITING_BILLING_STATUSES,
  type EnrollmentStatus,
  HIDDEN_FROM_CUSTOMERS,
  isLive,
  PRE_SUBMISSION,
} from './lifecycle.js';
import {
  DROP_REASONS,
  type DropRequest,
  type ExistsRepeatedBody,
  type RecurringBillingRequest,
  type RenewalRequest,
  type TransactionOptionsQuery,
  type TransferRequest,
} from './schemas.js';
import { assertMeterFree, type EnrollmentsService } from './service.js';
import * as store from './store.js';
import { inRenewalWindow, whyNotRenewable } from './view.js';

export interface AccountChangesDeps {
  db: Kysely<Database>;
  core: EnrollmentsService;
  plans: PlansService;
  utilities: UtilitiesService;
  files: FilesService;
  secretBox: SecretBox;
}

const CREDIT_LETTER_OWNER = 'enrollment-credit-letter';

/**
 * A new enrollment that continues another (a renewal, the new address of a transfer): the same customer, plan
 * and addresses unless overridden, and nothing of the old one's money, holds, billing answer or drop.
 */
function successorOf(
  e: store.EnrollmentRow,
  overrides: Partial<Insertable<EnrollmentsTable>>,
): Insertable<EnrollmentsTable> {
  const { id: _id, ...copy } = e;
  const now = new Date().toISOString();
  return {
    ...copy,
    contract_start_date: null,
    contract_end_date: null,
    deposit_required: 0,
    deposit_amount_cents: 0,
    deposit_status: 'not_required',
    manual_review_reasons: '[]',
    billing_account_number: null,
    billing_errors: null,
    submission_attempts: 0,
    next_submission_at: null,
    drop_effective_date: null,
    drop_reason_code: null,
    remove_meter: 0,
    idempotency_key: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

const conflict = (message: string, detail: string) =>
  new ApiError('ENROLLMENT_STATUS_CONFLICT', message, [detail]);
const renewalScheduled = (renewalId: number) =>
  conflict('This enrollment already has a renewal scheduled.', `renewal: ${renewalId}`);
// Stryker disable all: reached only on PostgreSQL, where set-ups run side by side (SQLite runs one transaction at a
// time, so each finishes the one before it); the PostgreSQL race test in account-changes-concurrency pins it.
/** Two autopay set-ups of one enrollment at once: the unique index let the other one through. */
function autopaySetUpRace(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  throw conflict(
    'Another autopay set-up of this enrollment was saved at the same moment; read it again.',
    'recurring billing: changed meanwhile',
  );
}
// Stryker restore all

const normalise = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

export function createAccountChanges({ db, core, plans, utilities, files, secretBox }: AccountChangesDeps) {
  async function enrollment(companyId: number, id: number) {
    const e = await store.findEnrollment(db, companyId, id);
    if (!e) throw notFound(`Enrollment ${id}`);
    return e;
  }

  /** Ends the enrollment's active autopay, if it has one, and says what it was (to carry it over). */
  async function finishAutopay(trx: Transaction<Database>, enrollmentId: number) {
    const active = await trx
      .updateTable('recurring_billings')
      .set({ status: 'finished', finished_at: new Date().toISOString() })
      .where('enrollment_id', '=', enrollmentId)
      .where('status', '=', 'active')
      .returning(['company_id', 'customer_profile_token', 'payment_profile_token'])
      .executeTakeFirst();
    return active;
  }

  async function startAutopay(
    trx: Transaction<Database>,
    autopay: {
      company_id: number;
      enrollment_id: number;
      customer_profile_token: string;
      payment_profile_token: string;
      date_from: string;
    },
  ) {
    await trx
      .insertInto('recurring_billings')
      .values({ ...autopay, status: 'active', created_at: new Date().toISOString(), finished_at: null })
      .execute();
  }

  /** Cancels the renewal scheduled to continue an enrollment, in the caller's transaction. */
  async function cancelScheduledRenewal(trx: Transaction<Database>, enrollmentId: number, why: string) {
    const renewal = await store.liveRenewalOf(trx, enrollmentId);
    if (renewal) await store.transition(trx, renewal, 'CANCELLED', 'customer', `Renewal cancelled: ${why}`);
  }

  async function renewal(companyId: number, id: number, body: Static<typeof RenewalRequest>) {
    const original = await enrollment(companyId, id);
    if (original.status !== 'ACTIVE')
      throw conflict(
        `Only an active enrollment can be renewed; this one is ${original.status}.`,
        `status: ${original.status}`,
      );
    const scheduled = await store.liveRenewalOf(db, original.id);
    if (scheduled) throw renewalScheduled(scheduled.id);
    await assertRenewable(original);
    const plan = await plans.planRow(companyId, body.planId);
    const described = await plans.plan(companyId, body.planId, { baseUrl: '' });
    if (
      !described.display_in_wizard ||
      plan.not_able_renewals === 1 ||
      plan.utility_id !== original.utility_id ||
      plan.customer_type_id !== original.customer_type_id
    ) {
      throw new ApiError('PLAN_NOT_RENEWABLE', 'That plan cannot be chosen at renewal for this enrollment.', [
        'planId: must be on sale, renewable, and for the same utility and customer type',
      ]);
    }
    const missing = described.acceptance_options.filter(
      (o) => o.is_required && !body.agreedAcceptanceValues.includes(o.id_option),
    );
    if (missing.length > 0) {
      throw new ApiError(
        'ACCEPTANCE_REQUIRED',
        'The customer must agree to every required acceptance option.',
        missing.map((o) => `agreedAcceptanceValues: missing ${o.id_option}`),
      );
    }
    const start =
      body.requestedStartDate ??
      (original.contract_end_date
        ? addDays(original.contract_end_date, 1)
        : addDays(today(), plan.min_start_date_delay_days));
    if (start < addDays(today(), plan.min_start_date_delay_days)) {
      throw new ApiError('START_DATE_TOO_EARLY', 'The renewal cannot start that early.', [
        'requestedStartDate: too early',
      ]);
    }
    const billing = body.billingAddress;
    const now = new Date().toISOString();
    const newId = await db
      .transaction()
      .execute(async (trx) => {
        // A drop or a transfer of the same enrollment racing this renewal: whichever moves it first wins.
        if (!(await store.lockInStatus(trx, original.id, 'ACTIVE')))
          throw conflict('The enrollment changed meanwhile; read it again.', 'status: changed meanwhile');
        const renewedId = await store.insertEnrollment(
          trx,
          successorOf(original, {
            plan_id: plan.id,
            status: 'RENEWAL_PENDING',
            requested_start_date: start,
            billing_delivery_method: body.billingDeliveryMethod ?? original.billing_delivery_method,
            billing_address_1: billing?.address ?? original.billing_address_1,
            billing_address_2: billing ? (billing.address2 ?? null) : original.billing_address_2,
            billing_city: billing?.city ?? original.billing_city,
            billing_state: billing?.state ?? original.billing_state,
            billing_zipcode: billing?.zipcode ?? original.billing_zipcode,
            accepted_options: JSON.stringify(body.agreedAcceptanceValues),
            autopay_required: plan.recurring_billing_required,
            previous_enrollment_id: original.id,
          }),
          'customer',
        );
        if (body.customer) {
          const c = body.customer;
          await trx
            .updateTable('customers')
            .set({
              ...(c.firstName ? { first_name: c.firstName } : {}),
              ...(c.lastName ? { last_name: c.lastName } : {}),
              ...(c.firmName ? { firm_name: c.firmName } : {}),
              ...(c.email ? { email: c.email } : {}),
              ...(c.phoneNumber ? { phone: digits(c.phoneNumber) } : {}),
              ...(c.fedtaxid ? { fed_tax_id_sealed: sealedTaxId(secretBox, c.fedtaxid) } : {}),
              updated_at: now,
            })
            .where('id', '=', original.customer_id)
            .execute();
        }
        return renewedId;
      })
      .catch(async (error) => {
        if (!isUniqueViolation(error)) throw error;
        const winner = await store.liveRenewalOf(db, original.id);
        throw winner ? renewalScheduled(winner.id) : error;
      });
    return core.createResponse(companyId, newId);
  }

  /** The renewal window and the current plan's own rule, as the enrollment's `isRenewable` shows them. */
  async function assertRenewable(e: store.EnrollmentRow) {
    const [plan, utility] = await Promise.all([
      db
        .selectFrom('plans')
        .select('not_able_renewals')
        .where('id', '=', e.plan_id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('utilities')
        .select('renewal_alert')
        .where('id', '=', e.utility_id)
        .executeTakeFirstOrThrow(),
    ]);
    const reason = whyNotRenewable(e, plan, utility.renewal_alert, today());
    if (reason)
      throw new ApiError('ENROLLMENT_NOT_RENEWABLE', `This enrollment cannot be renewed now: ${reason}.`, [
        `isRenewable: false (${reason})`,
      ]);
  }

  async function drop(companyId: number, id: number, body: Static<typeof DropRequest>) {
    const e = await enrollment(companyId, id);
    if (body.effectiveDate < today())
      throw new ApiError('VALIDATION_FAILED', 'The drop cannot be in the past.', [
        'effectiveDate: before today',
      ]);
    // Being dropped, or ended already (dropped, cancelled, replaced): there is nothing left to drop or cancel.
    if (e.status === 'DROP_PENDING' || !isLive(e.status))
      throw conflict(`This enrollment is already ${e.status}.`, `status: ${e.status}`);
    const reason = DROP_REASONS.find((r) => r.id === body.reasonCodeId)!;
    if (e.status !== 'ACTIVE') {
      // Before service starts a drop is a cancellation, and the lifecycle says who may cancel from where.
      await store.transition(
        db,
        e,
        'CANCELLED',
        'customer',
        `Cancelled before service started: ${reason.name}`,
      );
      return { enrollment: await core.get(companyId, id), etf_invoice: null };
    }
    const etf = await earlyTerminationFee(e, body.effectiveDate, reason.etf);
    const invoice = await db.transaction().execute(async (trx) => {
      await store.transition(trx, e, 'DROP_PENDING', 'customer', `Drop requested: ${reason.name}`, {
        drop_effective_date: body.effectiveDate,
        drop_reason_code: reason.id,
        remove_meter: body.removeMeter ? 1 : 0,
      });
      await cancelScheduledRenewal(trx, e.id, 'the enrollment it continues is being dropped');
      if (etf === 0) return null;
      const now = new Date().toISOString();
      return trx
        .insertInto('etf_invoices')
        .values({
          company_id: companyId,
          enrollment_id: e.id,
          amount_cents: etf,
          status: 'queued',
          reason: reason.name,
          created_at: now,
          resolved_at: null,
          resolved_by: null,
        })
        .returning(['id', 'amount_cents', 'status'])
        .executeTakeFirstOrThrow();
    });
    return {
      enrollment: await core.get(companyId, id),
      etf_invoice: invoice
        ? { id_etf_invoice: invoice.id, amount: invoice.amount_cents / 100, status: invoice.status }
        : null,
    };
  }

  /**
   * The early termination fee: the plan's cancellation fee, when the customer type sends one, the reason is not
   * exempt (moving, death) and the drop is before the fee-free window at the end of the contract.
   */
  async function earlyTerminationFee(
    e: store.EnrollmentRow,
    effectiveDate: string,
    reasonAllowsFee: boolean,
  ): Promise<number> {
    const [plan, type, utility] = await Promise.all([
      db.selectFrom('plans').select('cancellation_fee').where('id', '=', e.plan_id).executeTakeFirstOrThrow(),
      db
        .selectFrom('customer_types')
        .select('send_etf_value')
        .where('id', '=', e.customer_type_id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('utilities')
        .select('etf_windows')
        .where('id', '=', e.utility_id)
        .executeTakeFirstOrThrow(),
    ]);
    const inFreeWindow =
      e.contract_end_date !== null && effectiveDate >= addDays(e.contract_end_date, -utility.etf_windows);
    if (!reasonAllowsFee || type.send_etf_value !== 1 || inFreeWindow || plan.cancellation_fee <= 0) return 0;
    return Math.round(plan.cancellation_fee * 100);
  }

  async function transfer(companyId: number, id: number, body: Static<typeof TransferRequest>) {
    const e = await enrollment(companyId, id);
    if (e.service_state !== 'TX' || body.serviceAddress.state !== 'TX') {
      throw new ApiError('TEXAS_ONLY', 'Transfer of service is offered in Texas only.', [
        'serviceAddress.state: must be TX',
      ]);
    }
    if (e.status !== 'ACTIVE')
      throw conflict(
        `Only an active enrollment can be transferred; this one is ${e.status}.`,
        `status: ${e.status}`,
      );
    if (!body.serviceAddress.ldcAccount)
      throw new ApiError('VALIDATION_FAILED', 'The new service address needs its ESIID.', [
        'serviceAddress.ldcAccount: is required',
      ]);
    if (body.newServiceStartDate < today())
      throw new ApiError('VALIDATION_FAILED', 'The new service cannot start in the past.', [
        'newServiceStartDate: before today',
      ]);
    const utility = (await utilities.byIds(companyId, [e.utility_id]))[0]!;
    const isNearToRenew = inRenewalWindow(e.contract_end_date, utility.renewal_alert, today());
    const planServesNewAddress = await utilities.servesZipcode(e.utility_id, body.serviceAddress.zipcode);
    if (!planServesNewAddress) {
      return {
        is_near_to_renew: isNearToRenew,
        open_wizard: true,
        error: `The current plan is not sold at ${body.serviceAddress.zipcode}; choose a plan for the new address.`,
        id_new_enrollment: null,
      };
    }
    const billing = body.billingAddress ?? body.serviceAddress;
    const newLdc = body.serviceAddress.ldcAccount!.replace(/\D/g, '');
    const meter = await checkKnownMeter(db, companyId, e.utility_id, newLdc);
    await assertMeterFree(db, companyId, newLdc, e.commodity);
    const newId = await db
      .transaction()
      .execute(async (trx) => {
        await store.transition(
          trx,
          e,
          'DROP_PENDING',
          'customer',
          'Transfer of service: leaving the old address',
          {
            drop_effective_date: body.currentServiceEffectiveDate,
            drop_reason_code: 2,
            remove_meter: body.removeMeter ? 1 : 0,
            autopay_active: 0,
          },
        );
        // The old address's scheduled work ends with it: its renewal is cancelled and its autopay moves along.
        await cancelScheduledRenewal(trx, e.id, 'the customer transferred service to a new address');
        const autopay = await finishAutopay(trx, e.id);
        const id = await store.insertEnrollment(
          trx,
          successorOf(e, {
            status: 'QUEUED_FOR_SUBMISSION',
            switch_type: 'Move-In',
            requested_start_date: body.newServiceStartDate,
            service_address_1: body.serviceAddress.address,
            service_address_2: body.serviceAddress.address2 ?? null,
            service_city: body.serviceAddress.city,
            service_county: body.serviceAddress.county ?? null,
            service_state: body.serviceAddress.state,
            service_zipcode: body.serviceAddress.zipcode,
            ldc_account: newLdc,
            meter_unverified: meter.unverified ? 1 : 0,
            autopay_active: autopay ? 1 : 0,
            meter_number: body.serviceAddress.meter_number ?? null,
            billing_address_1: billing.address,
            billing_address_2: billing.address2 ?? null,
            billing_city: billing.city,
            billing_state: billing.state,
            billing_zipcode: billing.zipcode,
            previous_enrollment_id: null,
          }),
          'customer',
        );
        if (autopay)
          await startAutopay(trx, { ...autopay, enrollment_id: id, date_from: body.newServiceStartDate });
        return id;
      })
      .catch(async (error) => {
        if (isUniqueViolation(error)) await assertMeterFree(db, companyId, newLdc, e.commodity);
        throw error;
      });
    await core.submit(newId, companyId);
    return { is_near_to_renew: isNearToRenew, open_wizard: false, error: null, id_new_enrollment: newId };
  }

  /**
   * Section 5: allowed on a live enrollment that is dual billed (the supplier sends its own bill), or where the
   * supplier bills (it handles payments) and the billing system awaits nothing.
   */
  async function deliveryMethodChangeAllowed(e: store.EnrollmentRow): Promise<boolean> {
    if (!isLive(e.status)) return false;
    if (e.dual_billed === 1) return true;
    const market = await db
      .selectFrom('utilities')
      .innerJoin('markets', 'markets.id', 'utilities.market_id')
      .select('markets.handle_payments')
      .where('utilities.id', '=', e.utility_id)
      .executeTakeFirstOrThrow();
    return market.handle_payments === 1 && !AWAITING_BILLING_STATUSES.includes(e.status as EnrollmentStatus);
  }

  async function updateDeliveryMethod(companyId: number, id: number, method: number) {
    const e = await enrollment(companyId, id);
    if (!(await deliveryMethodChangeAllowed(e))) {
      throw new ApiError(
        'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
        'The billing delivery method of this enrollment cannot change now.',
        [`status: ${e.status}; the utility bills in this market, or the billing system awaits information`],
      );
    }
    const methodName = BILLING_DELIVERY_METHODS.find((m) => m.id_method_delivery === method)!.name;
    // A change of the same status: the history row that records it is written in the same transaction.
    await store.transition(
      db,
      e,
      e.status as EnrollmentStatus,
      'customer',
      `Billing delivery method changed to ${methodName}`,
      {
        billing_delivery_method: method,
      },
    );
    return core.get(companyId, id);
  }

  async function deliveryMethodCandidates(companyId: number, customerId: number) {
    const rows = await store.customerEnrollments(db, companyId, customerId);
    const allowed: store.EnrollmentRow[] = [];
    for (const e of rows) if (await deliveryMethodChangeAllowed(e)) allowed.push(e);
    return Promise.all(allowed.map((e) => core.get(companyId, e.id)));
  }

  /** Enrollments billed together: the same customer at the same billing address. */
  async function billingGroup(companyId: number, id: number) {
    const e = await enrollment(companyId, id);
    const rows = await db
      .selectFrom('enrollments')
      .select('id')
      .where('company_id', '=', companyId)
      .where('customer_id', '=', e.customer_id)
      .where('billing_address_1', '=', e.billing_address_1)
      .where('billing_zipcode', '=', e.billing_zipcode)
      .where('status', 'not in', HIDDEN_FROM_CUSTOMERS)
      .orderBy('id')
      .execute();
    return Promise.all(rows.map((r) => core.get(companyId, r.id)));
  }

  /** Section 5's existence check: idCustomer, or firm name or first plus last name, and email or phone. */
  async function matchesCustomer(
    customerId: number,
    who: {
      idCustomer?: number;
      firstName?: string;
      lastName?: string;
      firmName?: string;
      email?: string;
      phoneNumber?: string;
    },
  ) {
    if (who.idCustomer !== undefined) return who.idCustomer === customerId;
    const c = await db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const named = who.firmName
      ? normalise(who.firmName) === normalise(c.firm_name)
      : normalise(who.firstName) === normalise(c.first_name) &&
        normalise(who.lastName) === normalise(c.last_name);
    const reached = who.email
      ? normalise(who.email) === normalise(c.email)
      : digits(who.phoneNumber) !== '' && digits(who.phoneNumber) === digits(c.phone);
    return named && reached;
  }

  function identityErrors(who: {
    idCustomer?: number;
    firstName?: string;
    lastName?: string;
    firmName?: string;
    email?: string;
    phoneNumber?: string;
  }): string[] {
    if (who.idCustomer !== undefined) return [];
    const errors: string[] = [];
    if (!who.firmName && !(who.firstName && who.lastName))
      errors.push('querystring.firmName: give firmName, or firstName and lastName (or idCustomer)');
    if (!who.email && !who.phoneNumber)
      errors.push('querystring.email: give email or phoneNumber (or idCustomer)');
    return errors;
  }

  async function transactionOptions(companyId: number, query: Static<typeof TransactionOptionsQuery>) {
    const errors = identityErrors(query);
    if (errors.length > 0) throw new ApiError('VALIDATION_FAILED', 'Identify the customer.', errors);
    const ldc = query.ldcNumber.replace(/[\s-]/g, '');
    const [latest] = await db
      .selectFrom('enrollments')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('ldc_account', '=', ldc)
      .where('commodity', '=', query.commodityType)
      .where('status', 'not in', HIDDEN_FROM_CUSTOMERS)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    if (!latest)
      return {
        ldc_exists: false,
        same_customer: false,
        id_previous_enrollment: null,
        previous_status: null,
        options: ['NewEnrollment' as const],
      };
    const same = await matchesCustomer(latest.customer_id, query);
    const view = await core.get(companyId, latest.id);
    const options: Array<
      'NewEnrollment' | 'MoveIn' | 'Renewal' | 'TransferOfService' | 'ReEnroll' | 'Reinstatement'
    > = [];
    if (!same) options.push(isLive(latest.status) ? 'MoveIn' : 'NewEnrollment');
    else if (latest.status === 'DROPPED') {
      if (view.showReEnroll) options.push('ReEnroll');
      if (view.showReinstatement) options.push('Reinstatement');
      if (options.length === 0) options.push('NewEnrollment');
    } else if (latest.status === 'ACTIVE') {
      if (view.isRenewable) options.push('Renewal');
      if (latest.service_state === 'TX') options.push('TransferOfService');
    }
    return {
      ldc_exists: true,
      same_customer: same,
      id_previous_enrollment: latest.id,
      previous_status: latest.status,
      options,
    };
  }

  async function existsRepeated(
    companyId: number,
    ldcNumber: string,
    planId: number | undefined,
    who: Static<typeof ExistsRepeatedBody>,
  ) {
    const ldc = ldcNumber.replace(/[\s-]/g, '');
    const live = await store.meterHolder(db, companyId, ldc);
    if (!live) return { data: false, id_previous_enrollment: null, same_plan: false, same_customer: false };
    const identified =
      (who.firstName && who.lastName) || who.firmName ? await matchesCustomer(live.customer_id, who) : false;
    return {
      data: true,
      id_previous_enrollment: live.id,
      same_plan: planId === live.plan_id,
      same_customer: identified,
    };
  }

  async function ownEnrollment(request: FastifyRequest, companyId: number, id: number) {
    const e = await enrollment(companyId, id);
    assertOwnCustomer(request, e.customer_id);
    return e;
  }

  async function recurringBilling(companyId: number, enrollmentId: number) {
    const row = await db
      .selectFrom('recurring_billings')
      .leftJoin('payment_profiles', (join) =>
        join.onRef('payment_profiles.payment_profile_token', '=', 'recurring_billings.payment_profile_token'),
      )
      .select([
        'recurring_billings.enrollment_id',
        'recurring_billings.payment_profile_token',
        'recurring_billings.date_from',
        'recurring_billings.status',
        'payment_profiles.id_payment_type',
        'payment_profiles.card_type',
        'payment_profiles.last4',
        'payment_profiles.expiration_date',
        'payment_profiles.account_type',
      ])
      .where('recurring_billings.company_id', '=', companyId)
      .where('recurring_billings.enrollment_id', '=', enrollmentId)
      .orderBy('recurring_billings.id', 'desc')
      .executeTakeFirst();
    if (!row) throw notFound(`Recurring billing of enrollment ${enrollmentId}`);
    const card = row.id_payment_type === 1;
    return {
      idEnrollment: row.enrollment_id,
      paymentProfileToken: row.payment_profile_token,
      dateFrom: row.date_from,
      status: row.status,
      paymentType: row.id_payment_type === null ? null : card ? 'CreditCard' : 'BankAccount',
      cardType: card ? row.card_type : null,
      cardNumber: card && row.last4 ? `XXXX${row.last4}` : null,
      cardExpirationDate: card ? row.expiration_date : null,
      accountNumber: !card && row.last4 ? `XXXX${row.last4}` : null,
      accountType: !card ? row.account_type : null,
    };
  }

  async function setRecurringBilling(
    companyId: number,
    enrollmentId: number,
    body: Static<typeof RecurringBillingRequest>,
  ) {
    const e = await enrollment(companyId, enrollmentId);
    if (!isLive(e.status))
      throw conflict('Autopay can be set up only on a live enrollment.', `status: ${e.status}`);
    const profile = await db
      .selectFrom('payment_profiles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('customer_id', '=', e.customer_id)
      .where('customer_profile_token', '=', body.customer_profile_token)
      .where('payment_profile_token', '=', body.payment_profile_token)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!profile)
      throw new ApiError('VALIDATION_FAILED', 'That payment profile is not one of this customer.', [
        'payment_profile_token: unknown for this customer',
      ]);
    // The new payment profile replaces the active one; two set-ups at once: the unique index lets one through.
    await db
      .transaction()
      .execute(async (trx) => {
        await finishAutopay(trx, e.id);
        await startAutopay(trx, {
          company_id: companyId,
          enrollment_id: e.id,
          customer_profile_token: body.customer_profile_token,
          payment_profile_token: body.payment_profile_token,
          date_from: body.date_from,
        });
      })
      .catch(autopaySetUpRace);
    // Autopay releases the autopay hold of an enrollment not yet sent to billing; one the billing system already has
    // (autopay ended, then set up again) only records it: re-deciding would try to move it back to the queue.
    const awaitsAutopay =
      (PRE_SUBMISSION as readonly string[]).includes(e.status) &&
      holdStatus(e) === 'ON_HOLD_AUTOPAY_SETUP_REQUIRED';
    if (awaitsAutopay) {
      await core.redecide(companyId, e.id, { autopay_active: 1 }, 'system', 'Autopay set up');
    } else {
      await store.updateEnrollment(db, e.id, { autopay_active: 1 });
    }
    return recurringBilling(companyId, e.id);
  }

  async function finishRecurringBilling(companyId: number, enrollmentId: number) {
    const e = await enrollment(companyId, enrollmentId);
    const finished = await db.transaction().execute((trx) => finishAutopay(trx, e.id));
    if (!finished) throw notFound(`Active recurring billing of enrollment ${enrollmentId}`);
    await store.updateEnrollment(db, e.id, { autopay_active: 0 });
    return recurringBilling(companyId, e.id);
  }

  async function creditLetters(companyId: number, enrollmentId: number, baseUrl: string) {
    const rows = await db
      .selectFrom('credit_letters')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('enrollment_id', '=', enrollmentId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((l) => ({
      id_customer_credit_letters: l.id,
      id_status: l.status,
      file_name: l.file_name,
      id_enrollment: l.enrollment_id,
      url: files.downloadUrl(baseUrl, l.file_id),
    }));
  }

  async function pendingCreditLetter(companyId: number, enrollmentId: number, baseUrl: string) {
    await enrollment(companyId, enrollmentId);
    const [latest] = await creditLetters(companyId, enrollmentId, baseUrl);
    if (!latest) throw notFound(`Letter of credit of enrollment ${enrollmentId}`);
    return latest;
  }

  /** Section 4: after upload a letter is always pending (0); another upload is allowed only after a rejection. */
  async function uploadCreditLetter(
    request: FastifyRequest,
    companyId: number,
    enrollmentId: number,
    baseUrl: string,
  ) {
    const e = await enrollment(companyId, enrollmentId);
    if (e.deposit_status !== 'letter_of_credit') {
      throw conflict('This enrollment does not wait for a letter of credit.', `deposit: ${e.deposit_status}`);
    }
    // An approved letter covers the deposit (checked above), so the letter in the way can only be a pending one.
    const pending = await db
      .selectFrom('credit_letters')
      .select('id')
      .where('enrollment_id', '=', e.id)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (pending) {
      throw new ApiError(
        'CREDIT_LETTER_PENDING',
        'A letter of credit is already uploaded; a new one is allowed only after a rejection.',
        [`id_customer_credit_letters: ${pending.id} is pending`],
      );
    }
    const file = await readSingleFile(request, DOCUMENT_KINDS);
    // The file and its letter commit together; two uploads at once: the unique index keeps one open letter.
    await db
      .transaction()
      .execute(async (trx) => {
        const stored = await files.store(
          {
            companyId,
            ownerType: CREDIT_LETTER_OWNER,
            ownerId: e.id,
            holder: `customer:${e.customer_id}`,
          },
          file,
          trx,
        );
        await trx
          .insertInto('credit_letters')
          .values({
            company_id: companyId,
            enrollment_id: e.id,
            file_id: stored.id,
            file_name: stored.file_name,
            status: 0,
            uploaded_at: new Date().toISOString(),
            reviewed_at: null,
            reviewed_by: null,
            review_note: null,
          })
          .execute();
      })
      .catch((error) => {
        if (!isUniqueViolation(error)) throw error;
        throw new ApiError(
          'CREDIT_LETTER_PENDING',
          'A letter of credit is already uploaded; a new one is allowed only after a rejection.',
          ['file: another upload of this enrollment was saved at the same moment'],
        );
      });
    return pendingCreditLetter(companyId, e.id, baseUrl);
  }

  /** A TPV result: a failed or unreachable verification holds an enrollment not yet sent; VERIFIED releases it. */
  async function verificationResult(enrollmentId: number, result: string) {
    const e = await db
      .selectFrom('enrollments')
      .selectAll()
      .where('id', '=', enrollmentId)
      .executeTakeFirstOrThrow();
    if (!(PRE_SUBMISSION as readonly string[]).includes(e.status)) {
      await db
        .insertInto('enrollment_status_history')
        .values({
          enrollment_id: e.id,
          from_status: e.status,
          to_status: e.status,
          actor: 'system',
          reason: `Third-party verification: ${result}`,
          created_at: new Date().toISOString(),
        })
        .execute();
      return;
    }
    await core.redecide(
      e.company_id,
      e.id,
      { verification_status: result },
      'system',
      `Third-party verification: ${result}`,
    );
  }

  return {
    renewal,
    drop,
    transfer,
    updateDeliveryMethod,
    deliveryMethodCandidates,
    billingGroup,
    transactionOptions,
    existsRepeated,
    ownEnrollment,
    recurringBilling,
    setRecurringBilling,
    finishRecurringBilling,
    pendingCreditLetter,
    uploadCreditLetter,
    creditLetters,
    verificationResult,
  };
}

export type AccountChanges = ReturnType<typeof createAccountChanges>;
