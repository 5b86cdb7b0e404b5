import type { Insertable, Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { FlagValue } from '../../db/columns.js';
import type { Database } from '../../db/schema.js';
import type { EnrollmentsTable } from '../../db/tables/enrollments.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { dayOf } from '../../domain/dates.js';
import { ApiError, notFound } from '../../http/errors.js';
import { seal } from '../../security/secret-box.js';
import { findCustomer, findUserNameOwner, insertCustomerRecord, sealedTaxId } from '../customers/index.js';
import type { CampaignUse } from '../plans/index.js';
import { findDefaultLanguage } from '../reference/index.js';
import { insertPendingVerification } from '../verifications/index.js';
import * as accounts from './account-store.js';
import { type CreditDecision, creditDecision } from './create-credit.js';
import { type PaymentDecision, paymentDecision } from './create-payment.js';
import {
  assertAcceptance,
  assertStartDate,
  givenSsn,
  type NewLogin,
  newLoginOf,
  validatePlanAndFields,
  verificationRequired,
} from './create-request.js';
import { holdStatus, statusDetails } from './decision.js';
import type { CreateRequest, EnrollmentsDeps, PlanRow } from './deps.js';
import type { EnrollmentStatus } from './lifecycle.js';
import type { EnrollmentCreateResult } from './schemas.js';
import * as store from './store.js';

type Db = EnrollmentsDeps['db'];

/** One live enrollment per meter: 409 naming the enrollment that holds it. */
export async function assertMeterFree(db: Db, companyId: number, ldcAccount: string, commodity: string) {
  const holder = await store.meterHolder(db, companyId, ldcAccount, commodity);
  if (holder) {
    throw new ApiError('ENROLLMENT_DUPLICATE', `LDC account ${ldcAccount} already has a live enrollment.`, [
      `id_previous_enrollment: ${holder.id}`,
    ]);
  }
}

/** One credit check backs at most one live enrollment per LDC number (the index `enrollments_credit_check_one_per_ldc`). */
async function assertCreditCheckFree(db: Db, companyId: number, creditCheckId: number, ldcAccount: string) {
  if (await store.creditCheckHolder(db, companyId, creditCheckId, ldcAccount)) {
    throw new ApiError(
      'CREDIT_CHECK_IN_USE',
      `Credit check ${creditCheckId} already backs a live enrollment of LDC account ${ldcAccount}.`,
      ['payment.creditCheckId: already used for this LDC account'],
    );
  }
}

async function assertUserNameFree(db: Db, companyId: number, userName: string) {
  if (await findUserNameOwner(db, companyId, userName))
    throw new ApiError(
      'USERNAME_TAKEN',
      'customer.username: this username is already taken; choose another.',
      ['customer.username: is already taken'],
    );
}

const depositAlreadyRecorded = (transactionId: string) =>
  new ApiError('CHARGE_ALREADY_RECORDED', `Gateway transaction ${transactionId} is already recorded.`, [
    `payment.depositTransactionId: ${transactionId} is recorded`,
  ]);

/** Everything decided before the enrollment's transaction: what is saved, and what happens once it is. */
interface Decided {
  body: CreateRequest;
  plan: PlanRow;
  /** The campaign whose promo code the enrollment uses, counted in its transaction. */
  campaign: CampaignUse | null;
  ldcAccount: string;
  meterUnverified: boolean;
  dualBilled: FlagValue;
  ssn: string | null;
  credit: CreditDecision;
  money: PaymentDecision;
  login: NewLogin | null;
  needsVerification: boolean;
  idempotencyKey: string | undefined;
}

/**
 * Enrollment creation: the decision flow of the spec (plan and fields, acceptance, start date, duplicate, credit,
 * deposit / autopay / review), one transaction that saves the enrollment with its customer, verification, autopay and
 * captured deposit, then the deposit charged now and the submission to the billing system.
 */
export function createEnrollmentCreation(
  deps: EnrollmentsDeps,
  submitIfQueued: (companyId: number, enrollmentId: number) => Promise<void>,
) {
  const { db } = deps;

  async function createResponse(
    companyId: number,
    id: number,
  ): Promise<Static<typeof EnrollmentCreateResult>> {
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
    const decided = await decide(companyId, body, idempotencyKey);
    const enrollmentId = await save(companyId, decided);
    const { money } = decided;
    if (money.chargeNow)
      await deps.deposits.chargeNow(companyId, enrollmentId, {
        customerProfileToken: money.payment.customerProfileToken!,
        paymentProfileToken: money.depositProfile!,
        paymentType: money.payment.paymentProfiles?.[0]?.paymentType,
      });
    await submitIfQueued(companyId, enrollmentId);
    return createResponse(companyId, enrollmentId);
  }

  async function decide(
    companyId: number,
    body: CreateRequest,
    idempotencyKey: string | undefined,
  ): Promise<Decided> {
    const { plan, described, ldcAccount, meterUnverified, campaign } = await validatePlanAndFields(
      deps,
      companyId,
      body,
    );
    assertAcceptance(described.acceptance_options, body.agreedAcceptanceValues);
    const utility = (await deps.utilities.byIds(companyId, [plan.utility_id]))[0]!;
    assertStartDate(plan, utility, body, dayOf(deps.clock));
    // 4. duplicate: refused early here, and by the database's unique index when two requests race past this point
    await assertMeterFree(db, companyId, ldcAccount, plan.commodity);
    const ssn = givenSsn(body.customer);
    const credit = await creditDecision(deps, companyId, plan, body, ssn);
    // External calls (the gateway's confirmation) come before the transaction; charging comes after it.
    const money = await paymentDecision(deps, companyId, plan, body, credit);
    const login = await newLoginOf(deps, body.customer);
    const needsVerification = await verificationRequired(deps, companyId, plan, body.salesChannel);
    return {
      body,
      plan,
      campaign,
      ldcAccount,
      meterUnverified,
      dualBilled: utility.dual_billing,
      ssn,
      credit,
      money,
      login,
      needsVerification,
      idempotencyKey,
    };
  }

  /** The enrollment and what comes with it, in one transaction; the unique indexes settle races. */
  async function save(companyId: number, decided: Decided): Promise<number> {
    const { body, plan, money, credit, login } = decided;
    return db
      .transaction()
      .execute(async (trx) => {
        // First, so an enrollment refused for a used-up code writes nothing; the rollback gives the use back otherwise.
        if (decided.campaign) await deps.plans.usePromoCode(trx, companyId, decided.campaign);
        const customerId = await resolveCustomer(trx, companyId, body, login, decided.ssn);
        const now = deps.clock.now().toISOString();
        const id = await store.insertEnrollment(
          trx,
          enrollmentRow(companyId, customerId, decided, now),
          'system',
        );
        // The verification exists from the sale's first moment, so the enrollment can never wait for a record that was never made.
        if (decided.needsVerification) await insertPendingVerification(trx, companyId, id, now);
        if (money.autopayActive) {
          const autopay = {
            company_id: companyId,
            enrollment_id: id,
            customer_profile_token: money.payment.customerProfileToken!,
            payment_profile_token: money.autopayProfile!,
            date_from: body.requestedStartDate,
          };
          await accounts.startAutopay(trx, autopay, now);
        }
        if (money.depositStatus === 'paid') {
          await deps.deposits.recordCaptured(trx, {
            companyId,
            enrollmentId: id,
            customerId,
            amountCents: money.captured!.amountCents,
            gatewayTransactionId: money.payment.depositTransactionId!,
            paymentProfileToken: money.depositProfile ?? 'captured-before-enrollment',
            paymentType: money.payment.paymentProfiles?.[0]?.paymentType ?? 'CreditCard',
            at: now,
          });
        }
        return id;
      })
      .catch(async (error) => {
        // The unique indexes decide (one live enrollment per meter, one per check and LDC number, one username per
        // company, one charge row per gateway transaction); the loser is told which, as a request made later would be.
        if (isUniqueViolation(error)) {
          await assertMeterFree(db, companyId, decided.ldcAccount, plan.commodity);
          if (credit.creditCheckId !== null)
            await assertCreditCheckFree(db, companyId, credit.creditCheckId, decided.ldcAccount);
          if (login) await assertUserNameFree(db, companyId, login.userName);
          if (money.captured) throw depositAlreadyRecorded(money.captured.transactionId);
        }
        throw error;
      });
  }

  function enrollmentRow(
    companyId: number,
    customerId: number,
    decided: Decided,
    now: string,
  ): Insertable<EnrollmentsTable> {
    const { body, plan, money, credit } = decided;
    const billing = body.billingAddress ?? body.serviceAddress;
    const facts = {
      verification_status: decided.needsVerification ? 'NOT_SENT' : null,
      deposit_status: money.depositStatus,
      autopay_required: plan.recurring_billing_required,
      autopay_active: (money.autopayActive ? 1 : 0) as FlagValue,
      manual_review_reasons: JSON.stringify(money.reviewReasons),
    };
    return {
      ...facts,
      company_id: companyId,
      customer_id: customerId,
      plan_id: plan.id,
      // The prices the customer was shown and accepted: the version in effect when the request was checked.
      plan_version_id: plan.plan_version_id,
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
      ldc_account: decided.ldcAccount,
      meter_number: body.serviceAddress.meter_number ?? null,
      billing_address_1: billing.address.trim(),
      billing_address_2: billing.address2 ?? null,
      billing_city: billing.city.trim(),
      billing_state: billing.state,
      billing_zipcode: billing.zipcode,
      accepted_options: JSON.stringify(body.agreedAcceptanceValues),
      credit_check_id: credit.creditCheckId,
      deposit_required: credit.depositRequired ? 1 : 0,
      deposit_amount_cents: money.depositDueCents,
      billing_account_number: null,
      billing_errors: null,
      next_submission_at: null,
      previous_enrollment_id: null,
      drop_effective_date: null,
      drop_reason_code: null,
      remove_meter: 0,
      dual_billed: decided.dualBilled,
      idempotency_key: decided.idempotencyKey ?? null,
      meter_unverified: decided.meterUnverified ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
  }

  /** The stored customer the enrollment names, or the new customer of the request (with its login, if any). */
  async function resolveCustomer(
    trx: Transaction<Database>,
    companyId: number,
    body: CreateRequest,
    login: NewLogin | null,
    ssn: string | null,
  ): Promise<number> {
    if (body.customer.idCustomer !== undefined) {
      const existing = await findCustomer(trx, companyId, body.customer.idCustomer);
      if (!existing) throw notFound(`Customer ${body.customer.idCustomer}`);
      return existing.id;
    }
    const c = body.customer;
    const language = c.languageId ?? (await findDefaultLanguage(trx)).id;
    const now = deps.clock.now().toISOString();
    return insertCustomerRecord(trx, {
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
    });
  }

  return { create, createResponse };
}
