import { type Kysely, sql } from 'kysely';
import { references } from '../migration-helpers.js';

/**
 * What each customer, prospect and retail company has stored in uploaded documents, so a quota is one conditional
 * update of one row in the upload's own transaction. Holders: `company`, `customer:<id>`, `prospect:<id>`. The rows
 * start from the documents already stored. The owner types are written out: a migration stays what it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_usage')
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('files', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('upload_usage_pk', ['company_id', 'holder'])
    .execute();
  await sql`insert into upload_usage (company_id, holder, files, bytes)
    select company_id, 'company', count(*), sum(size_bytes) from stored_files group by company_id`.execute(
    db,
  );
  await sql`insert into upload_usage (company_id, holder, files, bytes)
    select company_id, 'prospect:' || owner_id, count(*), sum(size_bytes) from stored_files
    where owner_type = 'prospect' group by company_id, owner_id`.execute(db);
  await sql`insert into upload_usage (company_id, holder, files, bytes)
    select f.company_id, 'customer:' || e.customer_id, count(*), sum(f.size_bytes)
    from stored_files f join enrollments e on e.id = f.owner_id
    where f.owner_type = 'enrollment-credit-letter' group by f.company_id, e.customer_id`.execute(db);
}
