/**
 * A reference utility inserted for a company: by the sandbox seed and by applying a company file (the company module),
 * which is why it lives apart from the sandbox seed, which imports the modules it seeds.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { SERVICE_AREA_ZIPS, type UtilityRow } from './data/index.js';

function utilityRow(companyId: number, marketId: number, u: UtilityRow) {
  const texas = u.stateCode === 'TX';
  return {
    company_id: companyId,
    market_id: marketId,
    code: u.code,
    name: u.name,
    formal_name: u.formalName,
    commodity: u.commodity,
    logo: `/img/utilities/${u.code.toLowerCase()}.svg`,
    active: 1,
    is_zone_required: 0,
    ldc_label: u.ldcLabel,
    ldc_prefix: u.ldcPrefix,
    ldc_length: u.ldcLength,
    ldc_only_numbers: u.ldcOnlyNumbers ? 1 : 0,
    ldc_mask: u.ldcMask,
    sample_bill_label: u.sampleBillLabel,
    min_credit_score: 500,
    id_credit_check_type: 1,
    etf_windows: texas ? 14 : 30,
    rescission_period: u.rescissionPeriodDays,
    renewal_alert: texas ? 60 : 45,
    renewal_alert_text: 'Your contract ends soon. Renew now to keep a fixed price.',
    allow_weekend_start_dates: u.allowWeekendStartDates ? 1 : 0,
    customer_name_key_required: 0,
    customer_name_key_length: 0,
    charges_effective_date: u.chargesEffectiveDate,
    charges_source: u.source,
    allow_enrollments: 1,
    switch_types: JSON.stringify(texas ? ['Switch', 'Move-In'] : ['Switch']),
    delivery_methods: JSON.stringify([1, 2, 3]),
    sample_path: `/img/sample-bills/${u.code.toLowerCase()}.svg`,
  } as const;
}

/** Every ZIP code of the reference geography, by code: what a utility's service area is linked through. */
export async function zipcodeIds(db: Kysely<Database> | Transaction<Database>): Promise<Map<string, number>> {
  return new Map(
    (await db.selectFrom('zipcodes').select(['id', 'zipcode']).execute()).map((z) => [z.zipcode, z.id]),
  );
}

/** One reference utility for a company: its row, the customer types it serves, its service area, its charges. */
export async function insertUtility(
  trx: Transaction<Database>,
  companyId: number,
  marketId: number,
  utility: UtilityRow,
  customerTypeIds: number[],
  zipIds: Map<string, number>,
): Promise<number> {
  const { id } = await trx
    .insertInto('utilities')
    .values(utilityRow(companyId, marketId, utility))
    .returning('id')
    .executeTakeFirstOrThrow();
  if (customerTypeIds.length > 0)
    await trx
      .insertInto('utility_customer_types')
      .values(customerTypeIds.map((customer_type_id) => ({ utility_id: id, customer_type_id })))
      .execute();
  const zips = SERVICE_AREA_ZIPS.filter((z) => z.utilityCodes.includes(utility.code));
  await trx
    .insertInto('utility_zipcodes')
    .values(zips.map((z) => ({ utility_id: id, zipcode_id: zipIds.get(z.zipcode)! })))
    .execute();
  await trx
    .insertInto('utility_delivery_charges')
    .values(
      utility.deliveryCharges.map((c) => ({
        utility_id: id,
        name: c.name,
        name_es: c.nameEs,
        type: c.type,
        charge: c.charge,
        uom_from: c.uomFrom,
        uom_to: c.uomTo,
      })),
    )
    .execute();
  return id;
}
