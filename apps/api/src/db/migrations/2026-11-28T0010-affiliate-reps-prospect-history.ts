import type { Kysely } from 'kysely';
import { flag, references, withId } from '../migration-helpers.js';

/**
 * Affiliates' sales reps, kept by staff in the console (a rep's `reference` is what the affiliate's sales system
 * sends as a prospect's `repReferenceId`), and every sales status move of a prospect, whoever made it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('affiliate_reps'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('affiliate_id', 'integer', references('affiliates.id'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('active', 'integer', flag(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('affiliate_reps_reference', ['affiliate_id', 'reference'])
    .execute();

  await withId(db, s.createTable('prospect_status_changes'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('prospect_id', 'integer', references('prospects.id'))
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('prospect_status_changes_prospect')
    .on('prospect_status_changes')
    .columns(['prospect_id', 'id'])
    .execute();
}
