import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { BaseLogger } from 'pino';
import type { Static } from 'typebox';
import type { BillingSystem } from '../../adapters/billing-system/port.js';
import { BillingUnavailableError } from '../../adapters/billing-system/port.js';
import type { TransactionDetails } from '../../adapters/payment-gateway/port.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ssnDigits, validateSsn } from '../../domain/ssn.js';
import { ApiError, notFound } from '../../http/errors.js';
import { hashPassword } from '../../security/passwords.js';
import { open, type SecretBox, seal } from '../../security/secret-box.js';
import { type CreditChecksService, creditOutcome, type EnrollingPerson } from '../credit-checks/index.js';
import { assertPasswordPolicy, assertUserNameFormat, sealedTaxId } from '../customers/index.js';
import { type PlansService, validateFields } from '../plans/index.js';
import { checkKnownMeter } from '../premises/index.js';
import { today, type UtilitiesService } from '../utilities/index.js';
import { addMonths, holdStatus, retryDelaySeconds, startDateProblem, statusDetails } from './decision.js';
import { type Actor, type EnrollmentStatus, isLive, SUBMITTABLE_STATUSES } from './lifecycle.js';
import type { EnrollmentCreateRequest } from './schemas.js';
import * as store from './store.js';
import { describeEnrollments, shownToCustomer } from './view.js';

type CreateRequest = Static<typeof EnrollmentCreateRequest>;
type PlanRow = Awaited<ReturnType<PlansService['planRow']>>;

export interface EnrollmentsDeps {
  db: Kysely<Database>;
  plans: PlansService;
  utilities: UtilitiesService;
  creditChecks: CreditChecksService;
  billing: BillingSystem;
  /** The charges module charges a deposit paid at once (PayNow), as it charges every payment. */
  chargeDeposit: (
    companyId: number,
    enrollmentId: number,
    method: { customerProfileToken: string; paymentProfileToken: string; paymentType?: string },
  ) => Promise<void>;
  /** The billing module's answer: which of these enrollments still have an amount owed on their billing account. */
  stillOwing: (companyId: number, enrollmentIds: number[]) => Promise<Set<number>>;
  /** The charges module's rule for a payment made outside Voltin: the gateway confirms it, or it does not count. */
  confirmCharge: (
    companyId: number,
    transactionId: string,
    expected: { atLeastCents: number },
  ) => Promise<TransactionDetails>;
  passwordHashCost: number;
  submissionLeaseSeconds: number;
  /** Seals personal data at rest (driver's licence, date of birth). */
  secretBox: SecretBox;
  log: Pick<BaseLogger, 'warn' | 'error'>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const invalid = (errors: string[]) =>
  new ApiError('VALIDATION_FAILED', 'The enrollment request is invalid.', errors);

/** Step 1 of the decision flow: the plan, the customer's fields and the addresses. */
async function validatePlanAndFields(deps: EnrollmentsDeps, companyId: number, body: CreateRequest) {
  const plan = await deps.plans.planRow(companyId, body.planId);
  const described = await deps.plans.plan(companyId, body.planId, { baseUrl: '' });
  if (!described.display_in_wizard)
    throw new ApiError('PLAN_NOT_ON_SALE', `Plan ${plan.id} is not on sale today.`);
  const problems: string[] = [];
  if (plan.commodity !== body.commodityName) problems.push(`commodityName: the plan is ${plan.commodity}`);
  const typeCode = await customerTypeCode(deps, companyId, plan.customer_type_id);
  if (typeCode !== body.customerType) problems.push(`customerType: the plan is for ${typeCode}`);
  if (problems.length > 0)
    throw new ApiError('PLAN_MISMATCH', 'The request does not match the plan.', problems);

  if (body.customer.idCustomer === undefined) {
    // The credit check carries the SSN and date-of-birth rule; the enrollment checks the rest of the customer.
    const validators = described.customer_fields
      .filter((f) => f.fieldName !== 'socialSecurityNumber')
      .map((f) => ({ ...f, dependOnFields: [] }));
    const errors = validateFields(validators, body.customer as Record<string, unknown>);
    if (errors.length > 0) throw invalid(errors.map((e) => `customer.${e.message}`));
  }
  const addressErrors: string[] = [];
  const ldcAccount = body.serviceAddress.ldcAccount?.replace(/[\s-]/g, '');
  if (!ldcAccount) addressErrors.push('serviceAddress.ldcAccount: is required');
  else {
    const ldcErrors = validateFields(described.general_rules.ldc_account_number, { ldcAccount });
    addressErrors.push(...ldcErrors.map((e) => `serviceAddress.${e.message}`));
  }
  if (body.serviceAddress.state !== plan.state_code)
    addressErrors.push(`serviceAddress.state: the plan's utility serves ${plan.state_code}`);
  if (addressErrors.length > 0) throw invalid(addressErrors);
  if (!(await deps.utilities.servesZipcode(plan.utility_id, body.serviceAddress.zipcode))) {
    throw new ApiError(
      'ZIPCODE_NOT_SERVED',
      `${plan.utility_name} does not serve zip code ${body.serviceAddress.zipcode}.`,
      ['serviceAddress.zipcode: not served by the plan utility'],
    );
  }
  const meter = await checkKnownMeter(deps.db, companyId, plan.utility_id, ldcAccount!);
  return { plan, described, ldcAccount: ldcAccount!, meterUnverified: meter.unverified };
}

async function customerTypeCode(
  deps: EnrollmentsDeps,
  companyId: number,
  customerTypeId: number,
): Promise<string> {
  const row = await deps.db
    .selectFrom('customer_types')
    .select('code')
    .where('company_id', '=', companyId)
    .where('id', '=', customerTypeId)
    .executeTakeFirstOrThrow();
  return row.code;
}

/** The SSN given for the enrolling customer, as nine digits; a malformed or never-issued number is refused. */
function givenSsn(customer: CreateRequest['customer']): string | null {
  if (customer.socialSecurityNumber === undefined) return null;
  const check = validateSsn(customer.socialSecurityNumber);
  if (!check.valid) throw invalid([`customer.socialSecurityNumber: ${check.error_msg}`]);
  return ssnDigits(customer.socialSecurityNumber);
}

/**
 * Who the enrollment is for, to match the credit check against: the stored customer (`idCustomer`), whose date
 * of birth and SSN come from the request when the record has none; or the new customer of the request.
 */
async function enrollingPerson(
  deps: EnrollmentsDeps,
  companyId: number,
  customer: CreateRequest['customer'],
  ssn: string | null,
): Promise<EnrollingPerson> {
  const given = { dateOfBirth: customer.dateOfBirth ?? null, ssn };
  if (customer.idCustomer === undefined) {
    const hasName = customer.firstName !== undefined || customer.lastName !== undefined;
    const name = hasName
      ? // Stryker disable next-line StringLiteral: half a name matches no check (it has both), whatever fills the gap
        `${customer.firstName ?? ''} ${customer.lastName ?? ''}`
      : (customer.contactName ?? '');
    return { name, ...given };
  }
  const stored = await deps.db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'date_of_birth_sealed', 'ssn_sealed'])
    .where('company_id', '=', companyId)
    .where('id', '=', customer.idCustomer)
    .executeTakeFirst();
  if (!stored) throw notFound(`Customer ${customer.idCustomer}`);
  const opened = (sealed: string | null) => (sealed === null ? null : open(deps.secretBox, sealed));
  return {
    name: `${stored.first_name} ${stored.last_name}`,
    dateOfBirth: opened(stored.date_of_birth_sealed) ?? given.dateOfBirth,
    ssn: opened(stored.ssn_sealed) ?? given.ssn,
  };
}

/** Step 5: the credit result, for this customer, against the plan's thresholds. */
async function creditDecision(
  deps: EnrollmentsDeps,
  companyId: number,
  plan: PlanRow,
  body: CreateRequest,
  ssn: string | null,
) {
  const { payment } = body;
  if (!plan.required_credit_check) return { creditCheckId: null, depositRequired: false, fraudAlert: false };
  if (payment?.bypassCreditCheck) {
    if (!plan.allow_bypass_credit_check) {
      throw new ApiError(
        'CREDIT_CHECK_BYPASS_NOT_ALLOWED',
        'This plan does not allow skipping the credit check.',
        ['payment.bypassCreditCheck: not allowed'],
      );
    }
    return { creditCheckId: null, depositRequired: true, fraudAlert: false };
  }
  if (payment?.creditCheckId === undefined) {
    throw new ApiError(
      'CREDIT_CHECK_REQUIRED',
      'This plan requires a credit check: run POST /payments/credit-check and pass payment.creditCheckId.',
      ['payment.creditCheckId: is required by the plan'],
    );
  }
  const person = await enrollingPerson(deps, companyId, body.customer, ssn);
  const check = await deps.creditChecks.usable(companyId, payment.creditCheckId, person, plan);
  const { depositRequired, denyService } = creditOutcome(check.score, plan);
  if (denyService) {
    throw new ApiError(
      'CREDIT_SCORE_TOO_LOW',
      'The credit score is below what this plan accepts; service cannot be offered.',
      [`payment.creditCheckId: score below ${plan.deposit_deny_service_under_score}`],
    );
  }
  return { creditCheckId: check.id, depositRequired, fraudAlert: check.fraud_alert === 1 };
}

interface NewLogin {
  userName: string;
  passwordHash: string;
}

/**
 * A sale needs a third-party phone verification when the company verifies every sale (`verification_required`),
 * when its plan does (the plan's `verification_required`), or when it was made door to door.
 */
async function verificationRequired(
  db: Kysely<Database>,
  companyId: number,
  planId: number,
  salesChannel: CreateRequest['salesChannel'],
): Promise<boolean> {
  if (salesChannel === 'DoorToDoor') return true;
  const [settings, plan] = await Promise.all([
    db
      .selectFrom('company_settings')
      .select('verification_required')
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
    db.selectFrom('plans').select('verification_required').where('id', '=', planId).executeTakeFirst(),
  ]);
  return settings?.verification_required === 1 || plan?.verification_required === 1;
}

/** A verification of the sale, NOT_SENT until the provider has it; its result re-decides the enrollment. */
async function insertVerification(
  trx: Transaction<Database>,
  companyId: number,
  enrollmentId: number,
  now: string,
) {
  await trx
    .insertInto('tpv_verifications')
    .values({
      company_id: companyId,
      verification_id: randomUUID(),
      enrollment_id: enrollmentId,
      result: 'NOT_SENT',
      reasons: '[]',
      created_at: now,
      updated_at: now,
      verified_at: null,
    })
    .execute();
}

/** A self-service login created with the enrollment: the same username and password rules as quick enrollment. */
async function newLoginOf(
  deps: EnrollmentsDeps,
  customer: CreateRequest['customer'],
): Promise<NewLogin | null> {
  const { username, password } = customer;
  if (customer.idCustomer !== undefined || (username === undefined && password === undefined)) return null;
  if (username === undefined || password === undefined)
    throw invalid([`customer.${username === undefined ? 'username' : 'password'}: a login needs both`]);
  const userName = assertUserNameFormat('customer.username', username);
  assertPasswordPolicy('customer.password', password, userName);
  return { userName, passwordHash: await hashPassword(password, deps.passwordHashCost) };
}

async function assertUserNameFree(db: Kysely<Database>, companyId: number, userName: string) {
  const taken = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('user_name', '=', userName)
    .executeTakeFirst();
  if (taken)
    throw new ApiError(
      'USERNAME_TAKEN',
      'customer.username: this username is already taken; choose another.',
      ['customer.username: is already taken'],
    );
}

/**
 * A deposit the customer paid before enrolling (`depositCaptureStatus: Captured`) counts only when the gateway
 * confirms the charge (captured, at least the deposit due) and no other charge row holds it; otherwise the deposit
 * stays due. The gateway is asked before the enrollment's transaction, never inside it.
 */
async function capturedDeposit(
  deps: EnrollmentsDeps,
  companyId: number,
  payment: NonNullable<CreateRequest['payment']>,
  depositDueCents: number,
): Promise<TransactionDetails | null> {
  const transactionId = payment.depositTransactionId;
  if (payment.depositCaptureStatus !== 'Captured' || !transactionId) return null;
  const recorded = await deps.db
    .selectFrom('charge_transactions')
    .select('id')
    .where('company_id', '=', companyId)
    .where('gateway_transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (recorded) return null;
  try {
    return await deps.confirmCharge(companyId, transactionId, { atLeastCents: depositDueCents });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    deps.log.warn(
      { companyId, code: error.code },
      'a deposit said to be captured was not confirmed; it stays due',
    );
    return null;
  }
}

const depositAlreadyRecorded = (transactionId: string) =>
  new ApiError('CHARGE_ALREADY_RECORDED', `Gateway transaction ${transactionId} is already recorded.`, [
    `payment.depositTransactionId: ${transactionId} is recorded`,
  ]);

/** One live enrollment per meter: 409 naming the enrollment that holds it. */
export async function assertMeterFree(
  db: Kysely<Database> | Transaction<Database>,
  companyId: number,
  ldcAccount: string,
  commodity: string,
) {
  const holder = await store.meterHolder(db, companyId, ldcAccount, commodity);
  if (holder) {
    throw new ApiError('ENROLLMENT_DUPLICATE', `LDC account ${ldcAccount} already has a live enrollment.`, [
      `id_previous_enrollment: ${holder.id}`,
    ]);
  }
}

/** One credit check backs at most one live enrollment per LDC number (the index `enrollments_credit_check_one_per_ldc`). */
async function assertCreditCheckFree(
  db: Kysely<Database>,
  companyId: number,
  creditCheckId: number,
  ldcAccount: string,
) {
  if (await store.creditCheckHolder(db, companyId, creditCheckId, ldcAccount)) {
    throw new ApiError(
      'CREDIT_CHECK_IN_USE',
      `Credit check ${creditCheckId} already backs a live enrollment of LDC account ${ldcAccount}.`,
      ['payment.creditCheckId: already used for this LDC account'],
    );
  }
}

export function createEnrollmentsService(deps: EnrollmentsDeps) {
  const { db } = deps;

  async function createResponse(companyId: number, id: number) {
    const e = (await store.findEnrollment(db, companyId, id))!;
    return {
      enrollmentId: e.id,
      enrollmentStatus: e.status as EnrollmentStatus,
      enrollmentLdc: e.ldc_account,
      customerId: e.customer_id,
      statusDetails: statusDetails(e),
    };
  }

  /**
   * The HTTP layer owns the Idempotency-Key rule (http/idempotency.ts: one claim per caller and key, replayed answers).
   * `idempotencyKey` is that claim's key: kept on the enrollment so that a retry after a 5xx that came once the
   * enrollment was saved (the database lost mid-answer) answers with it instead of creating another.
   */
  async function create(companyId: number, body: CreateRequest, idempotencyKey: string | undefined) {
    const previous = idempotencyKey && (await store.findByIdempotencyKey(db, companyId, idempotencyKey));
    if (previous) return createResponse(companyId, previous.id);
    return decideAndCreate(companyId, body, idempotencyKey);
  }

  async function decideAndCreate(companyId: number, body: CreateRequest, idempotencyKey: string | undefined) {
    const { plan, described, ldcAccount, meterUnverified } = await validatePlanAndFields(
      deps,
      companyId,
      body,
    );
    // 2. acceptance options
    const options = described.acceptance_options;
    const unknown = body.agreedAcceptanceValues.filter((id) => !options.some((o) => o.id_option === id));
    if (unknown.length > 0)
      throw invalid(unknown.map((id) => `agreedAcceptanceValues: ${id} is not an option of this plan`));
    const missing = options.filter(
      (o) => o.is_required && !body.agreedAcceptanceValues.includes(o.id_option),
    );
    if (missing.length > 0) {
      throw new ApiError(
        'ACCEPTANCE_REQUIRED',
        'The customer must agree to every required acceptance option.',
        missing.map((o) => `agreedAcceptanceValues: missing ${o.id_option} (${o.text})`),
      );
    }
    // 3. start date
    const utility = (await deps.utilities.byIds(companyId, [plan.utility_id]))[0]!;
    const dateProblem = startDateProblem(body.requestedStartDate, today(), {
      minDelayDays: plan.min_start_date_delay_days,
      allowWeekends: utility.allow_weekend_start_dates === 1,
      priorityMoveIn: body.switchType === 'Move-In' && body.priority === 'Priority',
    });
    if (dateProblem === 'START_DATE_TOO_EARLY') {
      throw new ApiError(
        dateProblem,
        `The earliest start date for this plan is ${plan.min_start_date_delay_days} day(s) from today.`,
        ['requestedStartDate: too early'],
      );
    }
    if (dateProblem === 'START_DATE_WEEKEND') {
      throw new ApiError(dateProblem, `${utility.name} does not start service on weekends.`, [
        'requestedStartDate: falls on a weekend',
      ]);
    }
    // 4. duplicate: refused early here, and by the database's unique index when two requests race past this point
    await assertMeterFree(db, companyId, ldcAccount, plan.commodity);
    // 5. credit
    const ssn = givenSsn(body.customer);
    const credit = await creditDecision(deps, companyId, plan, body, ssn);
    // 6. deposit, autopay and manual review, decided from the request; external calls come after our data is safe
    const payment = body.payment ?? {};
    const depositProfile = payment.depositToken ?? payment.paymentProfiles?.[0]?.paymentProfileToken;
    let depositStatus = 'not_required';
    const depositDueCents = credit.depositRequired ? Math.round(plan.required_deposit_fee * 100) : 0;
    const captured =
      credit.depositRequired && !payment.depositWaived
        ? await capturedDeposit(deps, companyId, payment, depositDueCents)
        : null;
    const reviewReasons: string[] = [];
    if (credit.depositRequired) {
      if (payment.depositWaived) {
        depositStatus = 'waived';
        reviewReasons.push('Deposit waiver requested');
      } else if (captured) depositStatus = 'paid';
      else if (payment.depositOptions === 'LetterOfCredit') {
        if (body.customerType === 'Residential') {
          throw invalid([
            'payment.depositOptions: a letter of credit is accepted from business customers only',
          ]);
        }
        depositStatus = 'letter_of_credit';
      } else depositStatus = 'pending';
    }
    if (credit.fraudAlert) reviewReasons.push('Fraud alert on the credit report');
    if (body.criticalCareResidentialCustomer)
      reviewReasons.push('Critical care customer: medical certification to review');
    const autopayProfile = payment.acceptRecurringBilling
      ? (payment.recurringBillingToken ?? payment.paymentProfiles?.[0]?.paymentProfileToken)
      : undefined;
    const autopayActive = Boolean(autopayProfile && payment.customerProfileToken);
    const chargeNow = depositStatus === 'pending' && payment.depositOptions === 'PayNow';
    if (chargeNow && (!payment.customerProfileToken || !depositProfile)) {
      throw invalid([
        'payment.depositToken: PayNow needs customerProfileToken and a deposit payment profile',
      ]);
    }
    const login = await newLoginOf(deps, body.customer);
    const needsVerification = await verificationRequired(db, companyId, plan.id, body.salesChannel);

    const facts = {
      verification_status: needsVerification ? 'NOT_SENT' : null,
      deposit_status: depositStatus,
      autopay_required: plan.recurring_billing_required,
      autopay_active: autopayActive ? 1 : 0,
      manual_review_reasons: JSON.stringify(reviewReasons),
    };
    const enrollmentId = await db
      .transaction()
      .execute(async (trx) => {
        const customerId = await resolveCustomer(trx, companyId, body, login, ssn);
        const billing = body.billingAddress ?? body.serviceAddress;
        const now = new Date().toISOString();
        const id = await store.insertEnrollment(
          trx,
          {
            company_id: companyId,
            customer_id: customerId,
            plan_id: plan.id,
            utility_id: plan.utility_id,
            customer_type_id: plan.customer_type_id,
            commodity: plan.commodity,
            status: holdStatus(facts),
            switch_type: body.switchType,
            priority: body.priority ?? 'Standard',
            requested_start_date: body.requestedStartDate,
            contract_start_date: null,
            contract_end_date: null,
            name_key: body.nameKey ?? null,
            billing_delivery_method: body.billingDeliveryMethod,
            critical_care: body.criticalCareResidentialCustomer ? 1 : 0,
            service_address_1: body.serviceAddress.address.trim(),
            service_address_2: body.serviceAddress.address2 ?? null,
            service_city: body.serviceAddress.city.trim(),
            service_county: body.serviceAddress.county ?? null,
            service_state: body.serviceAddress.state,
            service_zipcode: body.serviceAddress.zipcode,
            ldc_account: ldcAccount,
            meter_number: body.serviceAddress.meter_number ?? null,
            billing_address_1: billing.address.trim(),
            billing_address_2: billing.address2 ?? null,
            billing_city: billing.city.trim(),
            billing_state: billing.state,
            billing_zipcode: billing.zipcode,
            accepted_options: JSON.stringify(body.agreedAcceptanceValues),
            credit_check_id: credit.creditCheckId,
            deposit_required: credit.depositRequired ? 1 : 0,
            deposit_amount_cents: credit.depositRequired ? Math.round(plan.required_deposit_fee * 100) : 0,
            deposit_status: depositStatus,
            autopay_required: plan.recurring_billing_required,
            autopay_active: autopayActive ? 1 : 0,
            verification_status: facts.verification_status,
            manual_review_reasons: facts.manual_review_reasons,
            billing_account_number: null,
            billing_errors: null,
            next_submission_at: null,
            previous_enrollment_id: null,
            drop_effective_date: null,
            drop_reason_code: null,
            remove_meter: 0,
            dual_billed: utility.dual_billing,
            idempotency_key: idempotencyKey ?? null,
            meter_unverified: meterUnverified ? 1 : 0,
            created_at: now,
            updated_at: now,
          },
          'system',
        );
        // The verification exists from the sale's first moment, so the enrollment can never wait for a record that was never made.
        if (needsVerification) await insertVerification(trx, companyId, id, now);
        if (autopayActive) {
          await trx
            .insertInto('recurring_billings')
            .values({
              company_id: companyId,
              enrollment_id: id,
              customer_profile_token: payment.customerProfileToken!,
              payment_profile_token: autopayProfile!,
              date_from: body.requestedStartDate,
              status: 'active',
              created_at: now,
            })
            .execute();
        }
        if (depositStatus === 'paid') {
          await trx
            .insertInto('charge_transactions')
            .values({
              company_id: companyId,
              enrollment_id: id,
              customer_id: customerId,
              transaction_type: 'DEPOSIT',
              amount_cents: captured!.amountCents,
              reference: `deposit-${id}-captured`,
              gateway_transaction_id: payment.depositTransactionId!,
              payment_profile_token: depositProfile ?? 'captured-before-enrollment',
              payment_type: payment.paymentProfiles?.[0]?.paymentType ?? 'CreditCard',
              status: 'approved',
              decline_reason: null,
              has_been_captured: 1,
              sent_to_billing_system: 0,
              idempotency_key: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        return id;
      })
      .catch(async (error) => {
        // The unique indexes decide (one live enrollment per meter, one per check and LDC number, one username per
        // company, one charge row per gateway transaction); the loser is told which, as a request made later would be.
        if (isUniqueViolation(error)) {
          await assertMeterFree(db, companyId, ldcAccount, plan.commodity);
          if (credit.creditCheckId !== null)
            await assertCreditCheckFree(db, companyId, credit.creditCheckId, ldcAccount);
          if (login) await assertUserNameFree(db, companyId, login.userName);
          if (captured) throw depositAlreadyRecorded(captured.transactionId);
        }
        throw error;
      });
    if (chargeNow)
      await deps.chargeDeposit(companyId, enrollmentId, {
        customerProfileToken: payment.customerProfileToken!,
        paymentProfileToken: depositProfile!,
        paymentType: payment.paymentProfiles?.[0]?.paymentType,
      });
    await submitIfQueued(companyId, enrollmentId);
    return createResponse(companyId, enrollmentId);
  }

  async function resolveCustomer(
    trx: Transaction<Database>,
    companyId: number,
    body: CreateRequest,
    login: NewLogin | null,
    ssn: string | null,
  ): Promise<number> {
    if (body.customer.idCustomer !== undefined) {
      const existing = await trx
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', body.customer.idCustomer)
        .executeTakeFirst();
      if (!existing) throw notFound(`Customer ${body.customer.idCustomer}`);
      return existing.id;
    }
    const c = body.customer;
    const language =
      c.languageId ??
      (await trx.selectFrom('languages').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow())
        .id;
    const now = new Date().toISOString();
    const { id } = await trx
      .insertInto('customers')
      .values({
        company_id: companyId,
        user_name: login?.userName ?? null,
        password_hash: login?.passwordHash ?? null,
        first_name: (c.firstName ?? c.contactName ?? '').trim(),
        last_name: (c.lastName ?? '').trim(),
        phone: c.primaryPhoneNumber?.replace(/\D/g, '') ?? null,
        email: c.email?.trim() ?? null,
        alternative_email: c.alternativeEmail ?? null,
        cell_number: null,
        employer_name: c.employerName ?? null,
        drivers_license_sealed: c.driversLicenseNumber
          ? seal(deps.secretBox, c.driversLicenseNumber.trim())
          : null,
        drivers_license_last4: c.driversLicenseNumber ? c.driversLicenseNumber.trim().slice(-4) : null,
        drivers_license_state_code: c.driversLicenseStateCode ?? null,
        fed_tax_id_sealed: sealedTaxId(deps.secretBox, c.fedtaxid),
        fax_num: c.faxNum ?? null,
        firm_name: c.firmName ?? null,
        contact_name: c.contactName ?? null,
        business_name: c.firmName ?? null,
        other_phone: c.otherPhoneNumber ?? null,
        id_primary_phone_type: c.primaryPhoneType ?? null,
        id_other_phone_type: c.otherPhoneType ?? null,
        id_prefered_language: language,
        opted_marketing_coms: c.suscribeMarketingComms ? 1 : 0,
        ssn_sealed: ssn === null ? null : seal(deps.secretBox, ssn),
        ssn_last4: ssn === null ? null : ssn.slice(-4),
        date_of_birth_sealed: c.dateOfBirth ? seal(deps.secretBox, c.dateOfBirth) : null,
        disabled_bank_accounts_date: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Applies a change of the facts the holds depend on and moves the enrollment to whatever they now say. */
  async function redecide(
    companyId: number,
    enrollmentId: number,
    changes: Partial<{
      deposit_status: string;
      autopay_active: 0 | 1;
      manual_review_reasons: string;
      verification_status: string;
    }>,
    actor: Actor,
    reason: string,
  ) {
    await db.transaction().execute(async (trx) => {
      const e = (await store.findEnrollment(trx, companyId, enrollmentId))!;
      const next = holdStatus({ ...e, ...changes });
      await store.transition(trx, e, next, actor, reason, { ...changes, next_submission_at: null });
    });
    await submitIfQueued(companyId, enrollmentId);
  }

  async function submitIfQueued(companyId: number, enrollmentId: number) {
    const e = await store.findEnrollment(db, companyId, enrollmentId);
    if (e?.status === 'QUEUED_FOR_SUBMISSION') await submit(e.id, e.company_id);
  }

  /** Sends one enrollment to the billing system, if this process wins it; the outcome decides the status. */
  async function submit(enrollmentId: number, companyId: number): Promise<void> {
    if (
      !(await store.claimForSubmission(
        db,
        enrollmentId,
        SUBMITTABLE_STATUSES,
        nowSeconds(),
        deps.submissionLeaseSeconds,
      ))
    )
      return;
    const e = (await store.findEnrollment(db, companyId, enrollmentId))!;
    // The plan as sold: a plan withdrawn from sale since (not in the catalogue any more) still has its code and term.
    const plan =
      (await deps.plans.planRow(companyId, e.plan_id).catch(() => null)) ??
      (await db
        .selectFrom('plans')
        .select(['billing_system_plan_code', 'term'])
        .where('id', '=', e.plan_id)
        .executeTakeFirstOrThrow());
    const customer = await db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', e.customer_id)
      .executeTakeFirstOrThrow();
    const utility = await db
      .selectFrom('utilities')
      .select('code')
      .where('id', '=', e.utility_id)
      .executeTakeFirstOrThrow();
    const address = (prefix: 'service' | 'billing') => ({
      address: e[`${prefix}_address_1`],
      address2: e[`${prefix}_address_2`],
      city: e[`${prefix}_city`],
      state: e[`${prefix}_state`],
      zipcode: e[`${prefix}_zipcode`],
    });
    try {
      const result = await deps.billing.submitEnrollment({
        enrollmentId: e.id,
        companyId,
        submissionAttempt: e.submission_attempts,
        billingSystemPlanCode: plan.billing_system_plan_code,
        ldcAccount: e.ldc_account,
        utilityCode: utility.code,
        switchType: e.switch_type,
        requestedStartDate: e.requested_start_date,
        customer: {
          firstName: customer.first_name,
          lastName: customer.last_name,
          firmName: customer.firm_name,
          email: customer.email,
          phone: customer.phone,
        },
        serviceAddress: address('service'),
        billingAddress: address('billing'),
        billingDeliveryMethod: e.billing_delivery_method,
        // A renewal continues the enrollment it renews, and stays one when it is sent again after a failed attempt.
        renewal: e.previous_enrollment_id !== null,
      });
      const contract = {
        contract_start_date: e.requested_start_date,
        contract_end_date: addMonths(e.requested_start_date, plan.term),
        billing_account_number: result.billingAccountNumber,
        next_submission_at: null,
      };
      if (result.outcome === 'accepted') {
        await store.transition(db, e, 'PENDING', 'system', 'Accepted by the billing system', {
          ...contract,
          billing_errors: null,
        });
      } else {
        await store.transition(
          db,
          e,
          'SUBMITTED_WITH_ERRORS',
          'system',
          'The billing system reported errors',
          {
            ...contract,
            billing_errors: JSON.stringify(result.errors),
          },
        );
      }
    } catch (error) {
      // Any other failure (the vendor's own error, a fault in its adapter) did not take the enrollment either: it is
      // held and retried the same way, so the create that queued it still answers and the retry batch goes on.
      const unreachable = error instanceof BillingUnavailableError;
      if (!unreachable)
        deps.log.error(
          { err: error, enrollmentId: e.id },
          'billing system submission failed; it will be retried',
        );
      const delay = retryDelaySeconds(e.submission_attempts);
      await store.transition(
        db,
        e,
        'SUBMITION_NOT_SENT_CONNECTION_ERROR',
        'system',
        `Billing system ${unreachable ? 'unreachable' : 'failed'} (attempt ${e.submission_attempts}); retry in ${delay} s`,
        {
          next_submission_at: nowSeconds() + delay,
        },
      );
    }
  }

  return {
    create,
    /** The stored row, or 404: for the agent work queues. */
    async row(companyId: number, enrollmentId: number) {
      const e = await store.findEnrollment(db, companyId, enrollmentId);
      if (!e) throw notFound(`Enrollment ${enrollmentId}`);
      return e;
    },
    async listByStatus(companyId: number, statuses: readonly string[], limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        store.enrollmentsByStatus(db, companyId, statuses, limit, offset),
        store.countByStatus(db, companyId, statuses),
      ]);
      return { rows, total };
    },
    move: (
      e: store.EnrollmentRow,
      to: EnrollmentStatus,
      actor: Actor,
      reason: string,
      changes: Parameters<typeof store.transition>[5] = {},
    ) => store.transition(db, e, to, actor, reason, changes),
    touch: (id: number, changes: Parameters<typeof store.updateEnrollment>[2]) =>
      store.updateEnrollment(db, id, changes),
    async get(companyId: number, enrollmentId: number) {
      const e = await store.findEnrollment(db, companyId, enrollmentId);
      if (!e) throw notFound(`Enrollment ${enrollmentId}`);
      return (await describeEnrollments(db, companyId, [e], today()))[0]!;
    },
    /** A web service account reads any customer of its own company, and no other company's: 404 like any other row. */
    async assertCompanyCustomer(companyId: number, customerId: number) {
      const row = await db
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', customerId)
        .executeTakeFirst();
      if (!row) throw notFound(`Customer ${customerId}`);
    },
    async listForCustomer(companyId: number, customerId: number) {
      const rows = await store.customerEnrollments(db, companyId, customerId);
      const replaced = rows.filter((e) => e.status === 'ARCHIVED').map((e) => e.id);
      const owing = replaced.length > 0 ? await deps.stillOwing(companyId, replaced) : new Set<number>();
      return describeEnrollments(db, companyId, shownToCustomer(rows, owing), today());
    },
    submit,
    redecide,
    createResponse,
    /** Start and end dates reached: service starts (the renewed enrollment is archived) or ends. */
    async advanceDue(): Promise<string> {
      const day = today();
      const starting = await db
        .selectFrom('enrollments')
        .selectAll()
        .where('status', '=', 'PENDING')
        .where('contract_start_date', '<=', day)
        .execute();
      for (const e of starting) {
        await db.transaction().execute(async (trx) => {
          // The renewal takes the meter over: the enrollment it continues lets go of it first.
          if (e.previous_enrollment_id !== null) {
            const previous = await trx
              .selectFrom('enrollments')
              .select(['id', 'status'])
              .where('id', '=', e.previous_enrollment_id)
              .executeTakeFirst();
            if (previous?.status === 'ACTIVE')
              await store.transition(trx, previous, 'ARCHIVED', 'system', `Replaced by enrollment ${e.id}`);
          }
          await store.transition(trx, e, 'ACTIVE', 'system', 'Service started');
        });
      }
      const ending = await db
        .selectFrom('enrollments')
        .selectAll()
        .where('status', '=', 'DROP_PENDING')
        .where('drop_effective_date', '<=', day)
        .execute();
      for (const e of ending)
        await store.transition(db, e, 'DROPPED', 'system', 'Service ended on the drop date');
      return `${starting.length} started, ${ending.length} ended`;
    },
    /** The renewal batch: RENEWAL_PENDING enrollments to the billing system, each claimed once. */
    async submitRenewals(limit = 200): Promise<string> {
      const due = await store.dueForSubmission(db, ['RENEWAL_PENDING'], nowSeconds(), limit);
      for (const e of due) await submit(e.id, e.company_id);
      return `${due.length} renewal(s) submitted`;
    },
    /** The retry task: everything due for (re)submission, each claimed so two nodes never send the same one. */
    async submitDue(limit = 50): Promise<string> {
      const due = await store.dueForSubmission(
        db,
        ['QUEUED_FOR_SUBMISSION', 'SUBMITION_NOT_SENT_CONNECTION_ERROR'],
        nowSeconds(),
        limit,
      );
      for (const e of due) await submit(e.id, e.company_id);
      return `${due.length} submission(s) attempted`;
    },
    isLive,
  };
}

export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
