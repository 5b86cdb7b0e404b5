import type { Transaction } from 'kysely';
import { addMonths } from '../../domain/dates.js';
import type { Database } from '../schema.js';

/** Months before the seed date the demo customer's service started, so the sandbox has statements to show. */
const MONTHS_OF_HISTORY = 4;

function monthsAgo(months: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

/**
 * The demo customer's active Texas electric enrollment (DESIGN.md): the 12-month fixed Oncor plan at a real
 * premise of the ESIID directory, sent to billing and started a few months ago, with its status history.
 */
export async function seedDemoEnrollment(
  trx: Transaction<Database>,
  companyId: number,
  customerId: number,
): Promise<void> {
  const plan = await trx
    .selectFrom('plans')
    .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
    // The seed gives each plan one version: the one the demo customer accepted.
    .innerJoin('plan_versions', 'plan_versions.plan_id', 'plans.id')
    .select([
      'plans.id',
      'plans.utility_id',
      'plans.customer_type_id',
      'plans.term',
      'plan_versions.id as version_id',
    ])
    .where('plans.company_id', '=', companyId)
    .where('utilities.code', '=', 'ONCOR')
    .where('plans.name', '=', 'Bluebonnet Energy 12-Month Fixed Electric')
    .executeTakeFirstOrThrow();
  const premise = await trx
    .selectFrom('premises')
    .selectAll()
    .where('utility_code', '=', 'ONCOR')
    .where('zipcode', '=', '75201')
    .where('premise_type', '=', 'Residential')
    .where('status', '=', 'Active')
    .orderBy('esiid')
    .executeTakeFirstOrThrow();
  const options = await trx
    .selectFrom('plan_acceptance_options')
    .select('id')
    .where('plan_id', '=', plan.id)
    .where('is_required', '=', 1)
    .execute();
  const start = monthsAgo(MONTHS_OF_HISTORY);
  const created = `${monthsAgo(MONTHS_OF_HISTORY + 1)}T15:00:00.000Z`;
  const { id } = await trx
    .insertInto('enrollments')
    .values({
      company_id: companyId,
      customer_id: customerId,
      plan_id: plan.id,
      plan_version_id: plan.version_id,
      utility_id: plan.utility_id,
      customer_type_id: plan.customer_type_id,
      commodity: 'Electric',
      status: 'ACTIVE',
      switch_type: 'Switch',
      priority: 'Standard',
      requested_start_date: start,
      contract_start_date: start,
      contract_end_date: addMonths(start, plan.term),
      name_key: null,
      billing_delivery_method: 1,
      critical_care: 0,
      service_address_1: premise.address_1,
      service_address_2: premise.address_2,
      service_city: premise.city,
      service_county: 'Dallas',
      service_state: 'TX',
      service_zipcode: premise.zipcode,
      ldc_account: premise.esiid,
      meter_number: null,
      billing_address_1: premise.address_1,
      billing_address_2: premise.address_2,
      billing_city: premise.city,
      billing_state: 'TX',
      billing_zipcode: premise.zipcode,
      accepted_options: JSON.stringify(options.map((o) => o.id)),
      credit_check_id: null,
      deposit_required: 0,
      deposit_amount_cents: 0,
      deposit_status: 'not_required',
      autopay_required: 0,
      autopay_active: 0,
      verification_status: null,
      manual_review_reasons: '[]',
      billing_account_number: `BB${String(companyId).padStart(3, '0')}00000001`,
      billing_errors: null,
      submission_attempts: 1,
      next_submission_at: null,
      previous_enrollment_id: null,
      drop_effective_date: null,
      drop_reason_code: null,
      remove_meter: 0,
      idempotency_key: null,
      created_at: created,
      updated_at: created,
      status_since: `${start}T06:00:00.000Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('enrollment_status_history')
    .values(
      (['QUEUED_FOR_SUBMISSION', 'PENDING', 'ACTIVE'] as const).map((to, i, all) => ({
        enrollment_id: id,
        from_status: i === 0 ? null : all[i - 1]!,
        to_status: to,
        actor: 'system',
        reason: ['Created', 'Accepted by the billing system', 'Service started'][i]!,
        created_at: i === 2 ? `${start}T06:00:00.000Z` : created,
      })),
    )
    .execute();
}
