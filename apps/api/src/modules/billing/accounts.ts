/**
 * What the billing system holds of each enrollment's account, read through the modules that own it: the
 * enrollment and the day it was replaced (enrollments), its plan and time-of-use rates (plans), its utility, market,
 * customer type and the plan's brand (company), the utility's delivery charges (reference) and its charges
 * (charges). Billing owns no table: each batch of enrollments is completed with one query per owner.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { chargesOfEnrollments } from '../charges/index.js';
import { findCompanyBrands, findCustomerTypes, findUtilityTerms } from '../company/index.js';
import {
  type EnrollmentRow,
  findEnrollmentsByIds,
  replacedOn,
  startedEnrollmentsAfter,
} from '../enrollments/index.js';
import { findPlanTerms, timeOfUseOf } from '../plans/index.js';
import { listDeliveryCharges } from '../reference/index.js';

type Db = Kysely<Database>;

const unique = (ids: number[]) => [...new Set(ids)];

/** The enrollments with what is shown of their plan, utility, customer type and brand; one with a part missing is left out. */
async function withTerms(db: Db, enrollments: EnrollmentRow[]) {
  if (enrollments.length === 0) return [];
  const [plans, utilities, replaced] = await Promise.all([
    findPlanTerms(db, unique(enrollments.map((e) => e.plan_version_id))),
    findUtilityTerms(db, unique(enrollments.map((e) => e.utility_id))),
    replacedOn(
      db,
      enrollments.map((e) => e.id),
    ),
  ]);
  const planByVersion = new Map(plans.map((p) => [p.plan_version_id, p]));
  const utilityById = new Map(utilities.map((u) => [u.id, u]));
  // Customer types are the enrollment's company's; brands the plan's company's.
  const [typesOf, brandsOf] = await Promise.all([
    byCompany(unique(enrollments.map((e) => e.company_id)), (id) => findCustomerTypes(db, id)),
    byCompany(unique(plans.map((p) => p.company_id)), (id) => findCompanyBrands(db, id)),
  ]);
  return enrollments.flatMap((e) => {
    const plan = planByVersion.get(e.plan_version_id);
    const utility = utilityById.get(e.utility_id);
    const type = typesOf.get(e.company_id)?.find((t) => t.id === e.customer_type_id);
    const brand = plan && brandsOf.get(plan.company_id)?.find((b) => b.id === plan.brand_id);
    if (!plan || !utility || !type || !brand) return [];
    return [
      {
        id: e.id,
        company_id: e.company_id,
        customer_id: e.customer_id,
        status: e.status,
        commodity: e.commodity,
        ldc_account: e.ldc_account,
        billing_account_number: e.billing_account_number,
        contract_start_date: e.contract_start_date,
        drop_effective_date: e.drop_effective_date,
        service_address_1: e.service_address_1,
        service_address_2: e.service_address_2,
        service_city: e.service_city,
        service_state: e.service_state,
        service_zipcode: e.service_zipcode,
        plan_id: e.plan_id,
        utility_id: e.utility_id,
        customer_type: type.code,
        plan_name: plan.name,
        billing_system_plan_code: plan.billing_system_plan_code,
        rate: plan.rate,
        monthly_fee: plan.monthly_fee,
        time_of_use: timeOfUseOf(plan),
        utility_code: utility.code,
        utility_name: utility.name,
        state_code: utility.state_code,
        brand_name: brand.name,
        brand_legal_name: brand.legal_name,
        brand_phone: brand.phone,
        brand_url: brand.url,
        // A replaced term (ARCHIVED) ended the day the newer enrollment of its chain took over.
        replaced_on: replaced.get(e.id) ?? null,
      },
    ];
  });
}

async function byCompany<T>(companyIds: number[], read: (companyId: number) => Promise<T[]>) {
  return new Map(await Promise.all(companyIds.map(async (id) => [id, await read(id)] as const)));
}

export type AccountRow = Awaited<ReturnType<typeof withTerms>>[number];

export async function findAccountRow(db: Db, companyId: number, enrollmentId: number) {
  return (await findAccountRows(db, companyId, [enrollmentId]))[0];
}

export async function findAccountRows(db: Db, companyId: number, enrollmentIds: number[]) {
  const enrollments = await findEnrollmentsByIds(db, enrollmentIds);
  return withTerms(
    db,
    enrollments.filter((e) => e.company_id === companyId),
  );
}

/** Enrollments in service (any company), by id after `afterId`: the statement-ready sweep walks them in pages. */
export async function servedAccountRows(db: Db, statuses: readonly string[], afterId: number, limit: number) {
  return withTerms(db, await startedEnrollmentsAfter(db, statuses, afterId, limit));
}

/** The utilities' delivery charges in effect at `at` and these enrollments' charges, in id order. */
export async function accountDetails(db: Db, rows: AccountRow[], at: string) {
  const [deliveryCharges, transactions] = await Promise.all([
    listDeliveryCharges(db, at, unique(rows.map((r) => r.utility_id))),
    chargesOfEnrollments(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    deliveryCharges: deliveryCharges.map((c) => ({
      utility_id: c.utility_id,
      name: c.name,
      type: c.type,
      charge: c.charge,
      uom_from: c.uom_from,
      uom_to: c.uom_to,
    })),
    transactions,
  };
}
