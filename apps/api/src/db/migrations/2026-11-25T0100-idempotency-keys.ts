import type { Kysely } from 'kysely';
import { references, withId } from '../migration-helpers.js';

/**
 * Idempotency-Key claims, one per (retail company, caller, key): the caller is the web service account, plus the
 * customer when the call carried an X-Customer-Hash, so one caller's key never answers for another. The unique key is
 * what decides which of two requests sent at once runs. The fingerprint (method, path, hash of query and body) tells a
 * retry from a reuse; the kept answer is replayed to retries until the key expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('idempotency_keys'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('locked_until', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_one_per_caller', ['company_id', 'caller', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_by_expiry')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
  // The enrollment's own copy of the request fingerprint: the idempotency_keys row is now its one owner.
  await db.schema.alterTable('enrollments').dropColumn('request_hash').execute();
}
