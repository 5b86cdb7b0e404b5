import { type Kysely, sql } from 'kysely';
import { CATALOG_STAMP, stampTriggers } from '../change-stamps.js';
import { isPostgres, references, withId } from '../migration-helpers.js';

interface PlanPrices {
  id: number;
  version: number;
  rate: number;
  monthly_fee: number;
  cancellation_fee: number;
  available_from_date: string;
  created_at: string;
}

interface TimeOfUseRow {
  plan_id: number;
  name: string;
  season: string;
  start_hour: number;
  end_hour: number;
  days: string;
  rate: number;
}

/**
 * A plan's prices move to versions: a price change adds a version effective from a moment and never rewrites the
 * one before it, and an enrollment keeps the version it accepted. Each plan's prices become its first version,
 * effective from the start of the day it went on sale (or from its creation, if earlier); its enrollments accepted
 * that version. A change cancelled before its moment is kept, marked cancelled, so a version number always means one
 * set of prices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const s = db.schema;
  await withId(db, s.createTable('plan_versions'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('effective_at', 'text', (c) => c.notNull())
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addColumn('monthly_fee', 'double precision', (c) => c.notNull())
    .addColumn('cancellation_fee', 'double precision', (c) => c.notNull())
    .addColumn('time_of_use', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancelled_by', 'text')
    .execute();
  // Two price changes saved at once cannot both become version n + 1.
  await s
    .createIndex('plan_versions_number')
    .on('plan_versions')
    .columns(['plan_id', 'version'])
    .unique()
    .execute();
  // The version in effect: the plan's latest effective_at not after the moment asked.
  await s
    .createIndex('plan_versions_in_effect')
    .on('plan_versions')
    .columns(['plan_id', 'effective_at'])
    .execute();
  await s.createIndex('plan_versions_effective_at').on('plan_versions').column('effective_at').execute();

  const plans = (
    await sql<PlanPrices>`select id, version, rate, monthly_fee, cancellation_fee, available_from_date,
      created_at from plans`.execute(db)
  ).rows;
  const windows = (
    await sql<TimeOfUseRow>`select plan_id, name, season, start_hour, end_hour, days, rate
      from plan_time_of_use_rates order by id`.execute(db)
  ).rows;
  for (const plan of plans) {
    const onSaleFrom = `${plan.available_from_date}T00:00:00.000Z`;
    const timeOfUse = windows.filter((w) => w.plan_id === plan.id).map(({ plan_id: _plan, ...w }) => w);
    await db
      .insertInto('plan_versions' as never)
      .values({
        plan_id: plan.id,
        version: plan.version,
        effective_at: onSaleFrom < plan.created_at ? onSaleFrom : plan.created_at,
        rate: plan.rate,
        monthly_fee: plan.monthly_fee,
        cancellation_fee: plan.cancellation_fee,
        time_of_use: JSON.stringify(timeOfUse),
        note: '',
        created_by: 'migration',
        created_at: plan.created_at,
      } as never)
      .execute();
  }

  await s
    .alterTable('enrollments')
    .addColumn('plan_version_id', 'integer', (c) => c.references('plan_versions.id'))
    .execute();
  await sql`update enrollments set plan_version_id =
      (select v.id from plan_versions v where v.plan_id = enrollments.plan_id)`.execute(db);
  if (postgres) await sql`alter table enrollments alter column plan_version_id set not null`.execute(db);
  await s.createIndex('enrollments_plan_version').on('enrollments').column('plan_version_id').execute();

  for (const column of ['rate', 'monthly_fee', 'cancellation_fee', 'version'])
    await s.alterTable('plans').dropColumn(column).execute();
  await s.dropTable('plan_time_of_use_rates').execute();
  for (const statement of stampTriggers(postgres, 'plan_versions', CATALOG_STAMP))
    await statement.execute(db);
}
