import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the billing system holds of each enrollment's account, read from the enrollment, plan and utility rows. */
function accountRows(db: Kysely<Database>) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('plans as p', 'p.id', 'e.plan_id')
    .innerJoin('utilities as u', 'u.id', 'e.utility_id')
    .innerJoin('markets as m', 'm.id', 'u.market_id')
    .innerJoin('customer_types as ct', 'ct.id', 'e.customer_type_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'e.id',
      'e.company_id',
      'e.customer_id',
      'e.status',
      'e.commodity',
      'e.ldc_account',
      'e.billing_account_number',
      'e.contract_start_date',
      'e.drop_effective_date',
      'e.service_address_1',
      'e.service_address_2',
      'e.service_city',
      'e.service_state',
      'e.service_zipcode',
      'e.plan_id',
      'e.utility_id',
      'ct.code as customer_type',
      'p.name as plan_name',
      'p.billing_system_plan_code',
      'p.rate',
      'p.monthly_fee',
      'u.code as utility_code',
      'u.name as utility_name',
      'm.state_code',
      'b.name as brand_name',
      'b.legal_name as brand_legal_name',
      'b.phone as brand_phone',
      'b.url as brand_url',
      // A replaced term (ARCHIVED) ended the day the newer enrollment of its chain took over.
      (eb) =>
        eb
          .selectFrom('enrollments as successor')
          .select('successor.contract_start_date')
          .whereRef('successor.previous_enrollment_id', '=', 'e.id')
          .where('successor.status', '!=', 'CANCELLED')
          .orderBy('successor.id', 'desc')
          .limit(1)
          .as('replaced_on'),
    ]);
}

export type AccountRow = Awaited<ReturnType<typeof findAccountRow>> & {};

export function findAccountRow(db: Kysely<Database>, companyId: number, enrollmentId: number) {
  return accountRows(db)
    .where('e.company_id', '=', companyId)
    .where('e.id', '=', enrollmentId)
    .executeTakeFirst();
}

export function findAccountRows(db: Kysely<Database>, companyId: number, enrollmentIds: number[]) {
  return accountRows(db)
    .where('e.company_id', '=', companyId)
    .where('e.id', 'in', enrollmentIds.length ? enrollmentIds : [0])
    .execute();
}

/** Enrollments in service (any company), by id after `afterId`: the statement-ready sweep walks them in pages. */
export function servedAccountRows(
  db: Kysely<Database>,
  statuses: readonly string[],
  afterId: number,
  limit: number,
) {
  return accountRows(db)
    .where('e.status', 'in', statuses)
    .where('e.contract_start_date', 'is not', null)
    .where('e.id', '>', afterId)
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

export function deliveryCharges(db: Kysely<Database>, utilityIds: number[]) {
  return db
    .selectFrom('utility_delivery_charges')
    .select(['utility_id', 'name', 'type', 'charge', 'uom_from', 'uom_to'])
    .where('utility_id', 'in', utilityIds.length ? utilityIds : [0])
    .orderBy('id')
    .execute();
}

export function timeOfUseRates(db: Kysely<Database>, planIds: number[]) {
  return db
    .selectFrom('plan_time_of_use_rates')
    .select(['plan_id', 'name', 'season', 'start_hour', 'end_hour', 'days', 'rate'])
    .where('plan_id', 'in', planIds.length ? planIds : [0])
    .orderBy('id')
    .execute();
}

export function transactions(db: Kysely<Database>, enrollmentIds: number[]) {
  return db
    .selectFrom('charge_transactions')
    .select(['id', 'enrollment_id', 'transaction_type', 'status', 'amount_cents', 'created_at'])
    .where('enrollment_id', 'in', enrollmentIds.length ? enrollmentIds : [0])
    .orderBy('id')
    .execute();
}
