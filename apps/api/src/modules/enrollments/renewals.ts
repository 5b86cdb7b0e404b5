import type { Insertable } from 'kysely';
import type { Static } from 'typebox';
import type { EnrollmentsTable } from '../../db/tables/enrollments.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { addDays, dayOf } from '../../domain/dates.js';
import { ApiError } from '../../http/errors.js';
import { findCustomer, sealedTaxId, updateCustomer } from '../customers/index.js';
import { findPlanTerms, type LinkContext, type PlanWire, planTerms } from '../plans/index.js';
import { checkKnownMeter } from '../premises/index.js';
import * as accounts from './account-store.js';
import { type AccountChangesDeps, conflict, nowIso, type RequestedBy, requestedBy } from './changes-deps.js';
import { assertMeterFree } from './create.js';
import type { RenewalRequest, TransferRequest, TransferResult } from './schemas.js';
import * as store from './store.js';
import { inRenewalWindow, whyNotRenewable } from './view.js';

/**
 * A new enrollment that continues another (a renewal, the new address of a transfer): the same customer, plan
 * and addresses unless overridden, and nothing of the old one's money, holds, billing answer or drop.
 */
function successorOf(
  e: store.EnrollmentRow,
  overrides: Partial<Insertable<EnrollmentsTable>>,
  now: string,
): Insertable<EnrollmentsTable> {
  const { id: _id, ...copy } = e;
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

/** A plan an enrollment may be renewed onto: on sale, open to renewals, for the same utility and customer type. */
const renewableOnto = (plan: PlanWire, original: store.EnrollmentRow) =>
  plan.display_in_wizard &&
  !plan.not_able_renewals &&
  plan.id_utility === original.utility_id &&
  plan.id_customer_type === original.customer_type_id;

const renewalScheduled = (renewalId: number) =>
  conflict('This enrollment already has a renewal scheduled.', `renewal: ${renewalId}`);

const digits = (value: string) => value.replace(/\D/g, '');

/** Changes that continue an enrollment in a new one: a renewal (or plan change) and a transfer of service. */
export function createRenewals({ db, clock, core, plans, utilities, secretBox }: AccountChangesDeps) {
  async function renewal(
    companyId: number,
    id: number,
    body: Static<typeof RenewalRequest>,
    by?: RequestedBy,
  ) {
    const original = await core.row(companyId, id);
    if (original.status !== 'ACTIVE')
      throw conflict(
        `Only an active enrollment can be renewed; this one is ${original.status}.`,
        `status: ${original.status}`,
      );
    const scheduled = await store.liveRenewalOf(db, original.id);
    if (scheduled) throw renewalScheduled(scheduled.id);
    await assertRenewable(original);
    const plan = await renewalPlan(companyId, original, body);
    const start =
      body.requestedStartDate ??
      (original.contract_end_date
        ? addDays(original.contract_end_date, 1)
        : addDays(dayOf(clock), plan.min_start_date_delay_days));
    if (start < addDays(dayOf(clock), plan.min_start_date_delay_days)) {
      throw new ApiError('START_DATE_TOO_EARLY', 'The renewal cannot start that early.', [
        'requestedStartDate: too early',
      ]);
    }
    const billing = body.billingAddress;
    const now = nowIso(clock);
    const newId = await db
      .transaction()
      .execute(async (trx) => {
        // A drop or a transfer of the same enrollment racing this renewal: whichever moves it first wins.
        if (!(await store.lockInStatus(trx, clock, original.id, 'ACTIVE')))
          throw conflict('The enrollment changed meanwhile; read it again.', 'status: changed meanwhile');
        const renewedId = await store.insertEnrollment(
          trx,
          successorOf(
            original,
            {
              plan_id: plan.id,
              // A renewal is a new contract at the chosen plan's prices of today; a transfer keeps its version.
              plan_version_id: plan.plan_version_id,
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
            },
            now,
          ),
          'customer',
        );
        if (body.customer) {
          const c = body.customer;
          const changes = {
            ...(c.firstName ? { first_name: c.firstName } : {}),
            ...(c.lastName ? { last_name: c.lastName } : {}),
            ...(c.firmName ? { firm_name: c.firmName } : {}),
            ...(c.email ? { email: c.email } : {}),
            ...(c.phoneNumber ? { phone: digits(c.phoneNumber) } : {}),
            ...(c.fedtaxid ? { fed_tax_id_sealed: sealedTaxId(secretBox, c.fedtaxid) } : {}),
          };
          await updateCustomer(trx, original.customer_id, changes, now);
        }
        if (by)
          await store.noteInHistory(
            trx,
            clock,
            original,
            'customer',
            requestedBy(`Renewal ${renewedId} requested`, by),
          );
        return renewedId;
      })
      .catch(async (error) => {
        if (!isUniqueViolation(error)) throw error;
        const winner = await store.liveRenewalOf(db, original.id);
        throw winner ? renewalScheduled(winner.id) : error;
      });
    return core.createResponse(companyId, newId);
  }

  /** The plans this enrollment may be renewed onto today, each with the options the customer must agree to. */
  async function renewalPlans(companyId: number, id: number, links: LinkContext) {
    const original = await core.row(companyId, id);
    const language = await plans.languageCode(
      (await findCustomer(db, companyId, original.customer_id))?.id_prefered_language,
    );
    const offered = await plans.wizardPlans(
      companyId,
      { utilityIds: [original.utility_id], customerTypeId: original.customer_type_id },
      { ...links, language },
    );
    return offered.filter((plan) => renewableOnto(plan, original)).map(planTerms);
  }

  /** The plan chosen at renewal: on sale, renewable, for the same utility and customer type, its options agreed. */
  async function renewalPlan(
    companyId: number,
    original: store.EnrollmentRow,
    body: Static<typeof RenewalRequest>,
  ) {
    const plan = await plans.planRow(companyId, body.planId);
    const described = await plans.plan(companyId, body.planId, { baseUrl: '' });
    if (!renewableOnto(described, original)) {
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
    return plan;
  }

  /** The renewal window and the current plan's own rule, as the enrollment's `isRenewable` shows them. */
  async function assertRenewable(e: store.EnrollmentRow) {
    const [[plan], [utility]] = await Promise.all([
      findPlanTerms(db, [e.plan_version_id]),
      utilities.byIds(e.company_id, [e.utility_id]),
    ]);
    const reason = whyNotRenewable(e, plan!, utility!.renewal_alert, dayOf(clock));
    if (reason)
      throw new ApiError('ENROLLMENT_NOT_RENEWABLE', `This enrollment cannot be renewed now: ${reason}.`, [
        `isRenewable: false (${reason})`,
      ]);
  }

  async function transfer(
    companyId: number,
    id: number,
    body: Static<typeof TransferRequest>,
    by?: RequestedBy,
  ): Promise<Static<typeof TransferResult>> {
    const e = await core.row(companyId, id);
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
    if (body.newServiceStartDate < dayOf(clock))
      throw new ApiError('VALIDATION_FAILED', 'The new service cannot start in the past.', [
        'newServiceStartDate: before today',
      ]);
    const utility = (await utilities.byIds(companyId, [e.utility_id]))[0]!;
    const isNearToRenew = inRenewalWindow(e.contract_end_date, utility.renewal_alert, dayOf(clock));
    const planServesNewAddress = await utilities.servesZipcode(e.utility_id, body.serviceAddress.zipcode);
    if (!planServesNewAddress) {
      return {
        is_near_to_renew: isNearToRenew,
        open_wizard: true,
        error: `The current plan is not sold at ${body.serviceAddress.zipcode}; choose a plan for the new address.`,
        id_new_enrollment: null,
      };
    }
    const newLdc = body.serviceAddress.ldcAccount.replace(/\D/g, '');
    const meter = await checkKnownMeter(db, companyId, e.utility_id, newLdc);
    await assertMeterFree(db, companyId, newLdc, e.commodity);
    const newId = await db
      .transaction()
      .execute(async (trx) => {
        await store.transition(
          trx,
          clock,
          e,
          'DROP_PENDING',
          'customer',
          requestedBy('Transfer of service: leaving the old address', by),
          {
            drop_effective_date: body.currentServiceEffectiveDate,
            drop_reason_code: 2,
            remove_meter: body.removeMeter ? 1 : 0,
            autopay_active: 0,
          },
        );
        // The old address's scheduled work ends with it: its renewal is cancelled and its autopay moves along.
        await store.cancelLiveRenewal(trx, clock, e.id, 'the customer transferred service to a new address');
        const autopay = await accounts.finishAutopay(trx, e.id, nowIso(clock));
        const newEnrollment: Partial<Insertable<EnrollmentsTable>> = {
          ...transferAddresses(body),
          status: 'QUEUED_FOR_SUBMISSION',
          switch_type: 'Move-In',
          requested_start_date: body.newServiceStartDate,
          ldc_account: newLdc,
          meter_unverified: meter.unverified ? 1 : 0,
          autopay_active: autopay ? 1 : 0,
          previous_enrollment_id: null,
        };
        const id = await store.insertEnrollment(
          trx,
          successorOf(e, newEnrollment, nowIso(clock)),
          'customer',
        );
        if (autopay)
          await accounts.startAutopay(
            trx,
            { ...autopay, enrollment_id: id, date_from: body.newServiceStartDate },
            nowIso(clock),
          );
        return id;
      })
      .catch(async (error) => {
        if (isUniqueViolation(error)) await assertMeterFree(db, companyId, newLdc, e.commodity);
        throw error;
      });
    await core.submit(newId, companyId);
    return { is_near_to_renew: isNearToRenew, open_wizard: false, error: null, id_new_enrollment: newId };
  }

  return { renewal, renewalPlans, transfer };
}

/** The new service address of a transfer, and the billing address (the new service address unless given). */
function transferAddresses(body: Static<typeof TransferRequest>): Partial<Insertable<EnrollmentsTable>> {
  const service = body.serviceAddress;
  const billing = body.billingAddress ?? service;
  return {
    service_address_1: service.address,
    service_address_2: service.address2 ?? null,
    service_city: service.city,
    service_county: service.county ?? null,
    service_state: service.state,
    service_zipcode: service.zipcode,
    meter_number: service.meter_number ?? null,
    billing_address_1: billing.address,
    billing_address_2: billing.address2 ?? null,
    billing_city: billing.city,
    billing_state: billing.state,
    billing_zipcode: billing.zipcode,
  };
}
