import type { Kysely } from 'kysely';
import { isPostgres, references, withId } from '../migration-helpers.js';

/**
 * ESIID extract uploads from the console, run as background jobs: the file is kept in the database in chunks until
 * its import ends, so whichever node claims the job can read it, a piece at a time. One import runs at a time (a
 * partial unique index), since every import writes the one shared premise directory. Premises are counted by
 * utility on the console's utility list, hence the index on `utility_code`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('esiid_imports'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected_lines', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('failure', 'text')
    .execute();
  await db.schema
    .createIndex('esiid_imports_company')
    .on('esiid_imports')
    .columns(['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('esiid_imports_one_running')
    .on('esiid_imports')
    .column('status')
    .unique()
    .where('status' as never, '=', 'running')
    .execute();
  await db.schema
    .createTable('esiid_import_chunks')
    .addColumn('import_id', 'integer', references('esiid_imports.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('esiid_import_chunks_pk', ['import_id', 'seq'])
    .execute();
  await db.schema.createIndex('premises_utility_code').on('premises').column('utility_code').execute();
}
