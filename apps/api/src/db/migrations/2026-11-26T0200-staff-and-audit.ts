import { type Kysely, sql } from 'kysely';
import { flag, isPostgres, references, withId } from '../migration-helpers.js';

/**
 * The Operations console's staff: users of one retail company with roles, their browser sessions (only a hash of the
 * cookie is kept), and the audit log of every change made through the console. The audit log is append-only in the
 * database itself: a trigger refuses every UPDATE and DELETE, whoever sends it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('staff_users'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret_sealed', 'text')
    .addColumn('totp_enabled', 'integer', flag(0))
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setup_token_hash', 'text')
    .addColumn('setup_expires_at', 'integer')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One person signs in by email alone, so an address names one user across every company.
  await db.schema.createIndex('staff_users_email').on('staff_users').column('email').unique().execute();
  await db.schema
    .createIndex('staff_users_setup_token')
    .on('staff_users')
    .column('setup_token_hash')
    .unique()
    .execute();

  await withId(db, db.schema.createTable('staff_sessions'))
    .addColumn('staff_user_id', 'integer', references('staff_users.id'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_seen_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('ended_at', 'integer')
    .execute();
  await db.schema
    .createIndex('staff_sessions_by_user')
    .on('staff_sessions')
    .column('staff_user_id')
    .execute();

  // No foreign keys: the record outlives what it names.
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('staff_user_id', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_by_company').on('audit_log').columns(['company_id', 'id']).execute();
  await db.schema
    .createIndex('audit_log_by_target')
    .on('audit_log')
    .columns(['company_id', 'target_type', 'target_id'])
    .execute();
  await refuseAuditChanges(db);
}

async function refuseAuditChanges(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    return;
  }
  for (const operation of ['update', 'delete'])
    await sql
      .raw(
        `create trigger audit_log_no_${operation} before ${operation} on audit_log
         begin select raise(abort, 'audit_log is append-only'); end`,
      )
      .execute(db);
}
