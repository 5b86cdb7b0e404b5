import { type Kysely, sql } from 'kysely';
import { references, withId } from '../migration-helpers.js';

/**
 * A pricing matrix file is checked and kept before it takes effect: staff see its differences with the matrix in
 * force, then activate or discard it, and may later restore a past one. Each import keeps its own prices (keyed by
 * import rather than by company), and one import per company is the one in force — a partial unique index says so.
 * Before this, a file took effect at once and replaced the company's prices: the latest import is the one in force,
 * the earlier ones are history without their prices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pricing_matrix_imports')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('pricing_matrix_imports').addColumn('decided_at', 'text').execute();
  await db.schema.alterTable('pricing_matrix_imports').addColumn('decided_by', 'text').execute();
  await sql`update pricing_matrix_imports set decided_at = imported_at, decided_by = imported_by`.execute(db);
  await sql`update pricing_matrix_imports set status = 'replaced'
    where id not in (select max(id) from pricing_matrix_imports group by company_id)`.execute(db);
  await db.schema
    .createIndex('pricing_matrix_one_in_force')
    .on('pricing_matrix_imports')
    .column('company_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema
    .createIndex('pricing_matrix_imports_by_company')
    .on('pricing_matrix_imports')
    .columns(['company_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('pricing_matrix_import_prices'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('import_id', 'integer', references('pricing_matrix_imports.id'))
    .addColumn('utility_code', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('rate_code', 'text', (c) => c.notNull())
    .addColumn('term_months', 'integer', (c) => c.notNull())
    .addColumn('usage_tier', 'text', (c) => c.notNull())
    .addColumn('start_month', 'text', (c) => c.notNull())
    .addColumn('price_micros', 'integer', (c) => c.notNull())
    .addColumn('price_file_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('pricing_matrix_import_prices_key', [
      'import_id',
      'utility_code',
      'zone',
      'rate_code',
      'term_months',
      'usage_tier',
      'start_month',
    ])
    .execute();
  await sql`insert into pricing_matrix_import_prices
      (company_id, import_id, utility_code, zone, rate_code, term_months, usage_tier, start_month, price_micros,
       price_file_date)
    select company_id, import_id, utility_code, zone, rate_code, term_months, usage_tier, start_month, price_micros,
       price_file_date
    from pricing_matrix_prices order by id`.execute(db);
  await db.schema.dropTable('pricing_matrix_prices').execute();
}
