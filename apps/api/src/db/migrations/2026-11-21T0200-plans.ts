import type { Kysely } from 'kysely';
import { flag, references, withId } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('utilities').addColumn('allow_enrollments', 'integer', flag(1)).execute();
  await s
    .alterTable('utilities')
    .addColumn('switch_types', 'text', (c) => c.notNull().defaultTo('["Switch"]'))
    .execute();
  await s
    .alterTable('utilities')
    .addColumn('delivery_methods', 'text', (c) => c.notNull().defaultTo('[1,2,3]'))
    .execute();
  await s
    .alterTable('utilities')
    .addColumn('sample_path', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('utility_delivery_charges')
    .addColumn('name_es', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, s.createTable('plans'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('brand_id', 'integer', references('brands.id'))
    .addColumn('utility_id', 'integer', references('utilities.id'))
    .addColumn('customer_type_id', 'integer', references('customer_types.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', flag(0))
    .addColumn('deprecated', 'integer', flag(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('term', 'integer', (c) => c.notNull())
    .addColumn('id_plan_type', 'integer', (c) => c.notNull())
    .addColumn('is_time_of_use', 'integer', flag(0))
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addColumn('monthly_fee', 'double precision', (c) => c.notNull())
    .addColumn('cancellation_fee', 'double precision', (c) => c.notNull())
    .addColumn('risk_free_trial_period', 'integer', (c) => c.notNull())
    .addColumn('available_from_date', 'text', (c) => c.notNull())
    .addColumn('available_until_date', 'text')
    .addColumn('early_termination_text', 'text', (c) => c.notNull())
    .addColumn('promo_code', 'text')
    .addColumn('billing_system_plan_code', 'text', (c) => c.notNull())
    .addColumn('recurring_billing_required', 'integer', flag(0))
    .addColumn('min_start_date_delay_days', 'integer', (c) => c.notNull())
    .addColumn('initial_discount_percentage', 'double precision')
    .addColumn('initial_discount_period', 'integer')
    .addColumn('initial_discount_rate', 'double precision')
    .addColumn('terms_text', 'text', (c) => c.notNull())
    .addColumn('renewable_percent', 'double precision', (c) => c.notNull())
    .addColumn('decimal_places_to_show', 'integer', (c) => c.notNull())
    .addColumn('divide_montly_fee_by', 'integer', (c) => c.notNull())
    .addColumn('present_divided_monthly_fee', 'integer', flag(0))
    .addColumn('not_able_renewals', 'integer', flag(0))
    .addColumn('not_able_reenrolls', 'integer', flag(0))
    .addColumn('thank_you_text', 'text', (c) => c.notNull())
    .addColumn('show_critical_care', 'integer', flag(0))
    .addColumn('required_credit_check', 'integer', flag(1))
    .addColumn('required_deposit_fee', 'double precision', (c) => c.notNull())
    .addColumn('deposit_required_under_score', 'integer', (c) => c.notNull())
    .addColumn('deposit_deny_service_under_score', 'integer', (c) => c.notNull())
    .addColumn('allow_bypass_credit_check', 'integer', flag(0))
    .addColumn('allow_use_date_of_birth', 'integer', flag(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('plans_company_utility').on('plans').columns(['company_id', 'utility_id']).execute();

  await withId(db, s.createTable('plan_time_of_use_rates'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('start_hour', 'integer', (c) => c.notNull())
    .addColumn('end_hour', 'integer', (c) => c.notNull())
    .addColumn('days', 'text', (c) => c.notNull())
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('plan_acceptance_options'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('is_required', 'integer', flag(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('plan_documents'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_in_plan_listing', 'integer', flag(1))
    .addColumn('display_in_summary', 'integer', flag(1))
    .addColumn('display_in_thank_you_page', 'integer', flag(1))
    .addColumn('display_in_my_account', 'integer', flag(1))
    .execute();
  await withId(db, s.createTable('market_documents'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('market_id', 'integer', references('markets.id'))
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_in_my_account', 'integer', flag(1))
    .execute();
  await withId(db, s.createTable('campaigns'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('promo_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag(1))
    .addUniqueConstraint('campaigns_company_code', ['company_id', 'promo_code'])
    .execute();
  await withId(db, s.createTable('plan_bundles'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('electric_plan_id', 'integer', references('plans.id'))
    .addColumn('gas_plan_id', 'integer', references('plans.id'))
    .addColumn('customer_type_id', 'integer', references('customer_types.id'))
    .addColumn('market_id', 'integer', references('markets.id'))
    .execute();
}
